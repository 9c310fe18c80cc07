/** The asks shaped part by part, as rows arrive while the answer downloads, against one whole answer. */
import { describe, expect, it } from 'vitest';
import { MAX_ITEMS_PER_ANSWER, MalformedResponseError, mergeGrid } from './shape';
import { AskShaper, shapeAsks } from './shape-asks';
import { analyzeName, normalizeText } from './search';
import { ask } from './test-helpers';

const MARKETS = ['steam', 'buff163', 'csfloat'];

/** An answer with what shaping must handle: duplicates, bad values, unknown markets, skipped rows. */
function answer(n: number): unknown[] {
  const rows: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const prices: unknown[] = [ask('steam', 1000 + i, 3), ask('buff163', 900 + (i % 7), 1, 800)];
    if (i % 5 === 0) prices.push(ask('steam', 999 + i, 1)); // a second entry of a market: the lower kept
    if (i % 11 === 0) prices.push(ask('newmarket', 1234, 2)); // a market not asked for: a column of its own
    if (i % 13 === 0) prices.push({ market_name: 'csfloat', price: 'x', offers: 1 }); // a bad value
    if (i % 17 === 0) prices.push(ask('csfloat', 2 ** 40, 1)); // past Int32: kept in the overflow
    rows.push({ market_hash_name: `item ${i}`, prices });
    if (i % 19 === 0) rows.push(0, { prices: [] }); // not items
  }
  return rows;
}

/** The rows cut into parts of random sizes. */
function parts(rows: unknown[]): unknown[][] {
  const out: unknown[][] = [];
  for (let j = 0; j < rows.length;) {
    const k = 1 + Math.floor(Math.random() * 40);
    out.push(rows.slice(j, j + k));
    j += k;
  }
  return out;
}

describe('AskShaper', () => {
  it('shapes an answer given in parts exactly as shapeAsks shapes it whole, its buffers grown as rows come', () => {
    for (const cap of [0, 1, 64, 5000]) {
      const rows = answer(700);
      const shaper = new AskShaper(MARKETS, 'aggregatedMinPrices', cap);
      for (const p of parts(rows)) shaper.add(p);
      expect(shaper.finish(), `cap ${cap}`).toEqual(shapeAsks(rows, MARKETS, 'aggregatedMinPrices'));
    }
  });

  it("works out each name's search text and flags as its row comes, and the grid takes them as they are", () => {
    const rows = [...answer(300), { market_hash_name: 'StatTrak™ AK-47 | Redline (Field-Tested)', prices: [] }];
    const shaper = new AskShaper(MARKETS, 'aggregatedMinPrices', 16);
    for (const p of parts(rows)) shaper.add(p);
    const part = shaper.finish();
    const search = part.names.map(normalizeText);
    expect(part.text?.search).toEqual(search);
    expect([...(part.text?.flags ?? [])]).toEqual(search.map(analyzeName));
    const meta = { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 } as const;
    const grid = mergeGrid(part, null, { game: 730, meta });
    expect(grid.search).toBe(part.text?.search);
    expect(grid.flags).toEqual(part.text?.flags);
  });

  it('stops past the item cap and reports it at the end, not in the middle of the download', () => {
    const item = { market_hash_name: 'x', prices: [] as unknown[] };
    const shaper = new AskShaper(['steam'], 'aggregatedMinPrices');
    const part = new Array<unknown>(50_000).fill(item);
    for (let k = 0; k * 50_000 <= MAX_ITEMS_PER_ANSWER; k++) expect(() => shaper.add(part)).not.toThrow();
    expect(() => shaper.finish()).toThrow(MalformedResponseError);
    expect(() => shaper.finish()).toThrow(
      `${(MAX_ITEMS_PER_ANSWER + 1).toLocaleString('en-US')} items or more, more than the ${MAX_ITEMS_PER_ANSWER.toLocaleString('en-US')} one answer may hold`,
    );
  });

  it('refuses more markets than one answer may hold before making any buffer', () => {
    const markets = Array.from({ length: 129 }, (_, i) => `m${i}`);
    expect(() => new AskShaper(markets, 'aggregatedMinPrices')).toThrow(MalformedResponseError);
  });
});
