import { describe, expect, it } from 'vitest';
import { readRows } from '../../../shared/api/rows';
import { PriceRecommendationRows } from '../../../shared/api/types';
import { REASON_BIT, reasonCodes, UNKNOWN_REASON_BIT, UNREADABLE_REASONS_BIT } from './rec-columns';
import { isRecColumns } from './rec-guard';
import { RecReader, shapeRecs } from './rec-reader';
import { recSampleRows } from './rec-sample';
import { recSearch } from './rec-search';

const KEY = { game: 730, type: 'general' as const, markets: null };
const META = { transport: 'graphql' as const, bytes: 0, bytesDoneAt: 0, parseMs: 0 };
const good = (name: string, extra: Record<string, unknown> = {}) => ({
  market_hash_name: name,
  suggested_price: 12_345,
  unstable_reasons: [],
  total_sales: 10,
  price_difference: -301.5,
  price_change_percentage: -2.4,
  liquidity_score: 6703,
  ...extra,
});

describe('shapeRecs', () => {
  it('reads every field of good rows into columns, exactly', () => {
    const c = shapeRecs(
      [good('B'), good('A', { unstable_reasons: ['NO_ORDERS', 'BOOST_RISK'], suggested_price: 1 })],
      KEY,
      META,
    )!;
    expect(c.n).toBe(2);
    expect(c.names).toEqual(['B', 'A']);
    expect([...c.suggested]).toEqual([12_345, 1]);
    expect([...c.diff]).toEqual([-301.5, -301.5]);
    expect([...c.liquidity]).toEqual([6703, 6703]);
    expect(c.reasons[0]).toBe(0);
    expect(c.reasons[1]).toBe(REASON_BIT.NO_ORDERS | REASON_BIT.BOOST_RISK);
    expect(reasonCodes(c, new Map(c.unknownReasons), 1)).toEqual(['NO_ORDERS', 'BOOST_RISK']);
    // Name order: A before B.
    expect([...c.byName]).toEqual([1, 0]);
    expect(c.invalidValues).toBe(0);
    expect(c.droppedRows).toBe(0);
    expect(isRecColumns(c)).toBe(true);
  });

  it('keeps unknown reason codes as text and marks an unreadable list (never "stable")', () => {
    const c = shapeRecs(
      [
        good('X', { unstable_reasons: ['PRICE_FREEZE', 'NOT_POPULAR', 'PRICE_FREEZE'] }),
        good('Y', { unstable_reasons: null }),
      ],
      KEY,
      META,
    )!;
    expect(c.reasons[0]).toBe(REASON_BIT.NOT_POPULAR | UNKNOWN_REASON_BIT);
    expect(reasonCodes(c, new Map(c.unknownReasons), 0)).toEqual(['NOT_POPULAR', 'PRICE_FREEZE']);
    expect(c.reasons[1]).toBe(UNREADABLE_REASONS_BIT);
    expect(c.invalidValues).toBe(1);
  });

  it('drops and counts, and marks missing, exactly as readRows does (the independent reader)', () => {
    const dirty: unknown[] = [
      good('ok'),
      null,
      42,
      { suggested_price: 5 },
      { market_hash_name: 7 },
      good('nulls', {
        suggested_price: null,
        total_sales: null,
        price_difference: null,
        price_change_percentage: null,
        liquidity_score: null,
      }),
      good('types', {
        suggested_price: '12',
        total_sales: -1,
        price_difference: 'x',
        price_change_percentage: true,
        liquidity_score: 10001,
      }),
      good('floats', { suggested_price: 1.5, total_sales: 2.5, liquidity_score: 50.5 }),
      good('huge', { suggested_price: 2 ** 60 }),
      good('reasons', { unstable_reasons: ['NO_LISTINGS', 3, null, 'NEW_CODE'] }),
      good('missing', { price_difference: undefined }),
      { market_hash_name: 'bare' },
      [],
    ];
    const c = shapeRecs(dirty, KEY, META)!;
    const r = readRows(dirty, PriceRecommendationRows)!;
    expect(c.droppedRows).toBe(r.droppedRows);
    expect(c.invalidValues).toBe(r.invalidValues);
    expect(c.names).toEqual(r.rows.map((x) => x.market_hash_name));
    const nan = (v: number | null) => (v === null ? NaN : v);
    r.rows.forEach((row, i) => {
      expect(c.suggested[i]).toBe(nan(row.suggested_price));
      expect(c.sales[i]).toBe(nan(row.total_sales));
      expect(c.diff[i]).toBe(nan(row.price_difference));
      expect(c.changePct[i]).toBe(nan(row.price_change_percentage));
      expect(c.liquidity[i]).toBe(nan(row.liquidity_score));
      // Both keep the same codes (ours: known in spec order, then unknown) for readable lists.
      if (
        Array.isArray(
          (
            dirty.find((d) => (d as { market_hash_name?: unknown })?.market_hash_name === row.market_hash_name) as {
              unstable_reasons?: unknown;
            }
          )?.unstable_reasons,
        )
      ) {
        expect(new Set(reasonCodes(c, new Map(c.unknownReasons), i))).toEqual(new Set(row.unstable_reasons));
      }
    });
  });

  it('reads the same columns from batches of rows as from the whole list (RecReader)', () => {
    const rows: unknown[] = [
      ...recSampleRows(500),
      null,
      good('Z'),
      { market_hash_name: 3 },
      good('A', { unstable_reasons: ['X', 'NO_ORDERS'] }),
    ];
    const whole = shapeRecs(rows, KEY, META)!;
    const reader = new RecReader();
    for (let i = 0; i < rows.length; i += 37) reader.add(rows.slice(i, i + 37));
    const batched = reader.finish(KEY, META);
    const { meta: _a, ...w } = whole;
    const { meta: _b, ...b } = batched;
    expect(b).toEqual(w);
    expect(batched.n).toBe(502);
    expect(batched.droppedRows).toBe(2);
    // Without the search text and flags (the worker sends them after the list): computed when needed.
    const lean = new RecReader();
    lean.add(rows);
    const c = lean.finish(KEY, META, { lean: true });
    expect(c.search).toEqual([]);
    expect(c.flags.length).toBe(0);
    expect(isRecColumns(c)).toBe(true);
    const { search, flags } = recSearch(c);
    expect(search).toEqual(whole.search);
    expect([...flags]).toEqual([...whole.flags]);
    expect(isRecColumns(c)).toBe(true);
  });

  it('is null for an answer that is not a list', () => {
    expect(shapeRecs({ data: [] }, KEY, META)).toBeNull();
    expect(shapeRecs(null, KEY, META)).toBeNull();
  });

  it('isRecColumns refuses columns of the wrong kind or length', () => {
    const c = shapeRecs([good('A'), good('B')], KEY, META)!;
    expect(isRecColumns({ ...c, suggested: new Float64Array(1) })).toBe(false);
    expect(isRecColumns({ ...c, reasons: new Uint8Array(2) })).toBe(false);
    expect(isRecColumns({ ...c, type: 'p3p' })).toBe(false);
    expect(isRecColumns({ ...c, unknownReasons: [[5, ['X']]] })).toBe(false);
  });
});
