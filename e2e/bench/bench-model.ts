/**
 * The grid model's pure functions in Node, with goals (what the unit tests no longer time; unit tests
 * check behaviour only):
 *
 *   npm run bench:model
 *
 *  - sortByValues over 37,000 items (the whole CS2 catalog), one warm sort: goal <= 100 ms;
 *  - shapeAsks over 5,000 items x 36 markets against zod parsing the same JSON (the reason the grid's
 *    worker validates while shaping instead of zod-parsing prices): goal faster than zod. Best of 3.
 */
import { z } from 'zod';
import { AggregatedMinPrices } from '../../shared/api/types';
import { mulberry32 } from '../../shared/random/mulberry32';
import { shapeAsks } from '../../renderer/market/model/shape-asks';
import { sortByValues } from '../../renderer/market/model/sort';
import { ask } from '../../renderer/market/model/test-helpers';
import { ms, printTable, type Row } from './bench-utils';

const ROUNDS = Math.max(1, Number(process.env.MDS_BENCH_ROUNDS ?? 3));

function best(run: () => void): number {
  let min = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    run();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

function main(): void {
  const rows: Row[] = [];
  const rnd = mulberry32(1);
  const n = 37_000;
  const rank = Int32Array.from({ length: n }, (_, i) => i);
  const values = Float64Array.from({ length: n }, () => rnd() * 1e6);
  sortByValues(values, 'asc', rank, rank);
  const sortMs = best(() => sortByValues(values, 'asc', rank, rank));
  rows.push({
    metric: `sortByValues, ${n.toLocaleString('en')} items (best of ${ROUNDS})`,
    measured: ms(sortMs),
    goal: '<= 100 ms',
    met: sortMs <= 100,
  });

  const markets = Array.from({ length: 36 }, (_, i) => `m${i}`);
  const items = Array.from({ length: 5000 }, (_, i) => ({
    market_hash_name: `Item ${i}`,
    prices: markets.map((m, k) => ask(m, 1000 + i + k, k, k % 3 ? null : 900)),
  }));
  const json = JSON.parse(JSON.stringify(items)) as unknown;
  const schema = z.array(AggregatedMinPrices);
  const shapeMs = best(() => void shapeAsks(json, markets, 'x'));
  const zodMs = best(() => void schema.parse(json));
  rows.push({
    metric: `shapeAsks, 5,000 items x 36 markets (best of ${ROUNDS})`,
    measured: ms(shapeMs),
    goal: `< zod (${ms(zodMs)})`,
    met: shapeMs < zodMs,
  });

  printTable('Grid model (Node)', rows, [
    `Node ${process.version}; one run, on a machine that may be shared: compare runs on a quiet machine.`,
  ]);
}

main();
