import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import type { Holding, HoldingRow } from '../model/types';
import { valuationColumns, type ValuedRow } from './columns';
import { valuationsCsv } from './csv';
import { prepareValuation, valueAll } from './measures';
import { ValuationSummary } from './ValuationSummary';
import { recLookupOf, steamLookupOf } from './lookups';
import type { RecColumns } from '../../../market/recommendations/rec-columns';

const money = { decimals: 2, symbol: '$' } as const;
const snap = snapshotOf(
  [{ market_hash_name: 'AK', prices: [ask('skinport', 9_000), ask('buff163', 8_000)] }],
  [{ market_hash_name: 'AK', orders: [order('buff163', 7_000)] }],
  ['skinport', 'buff163'],
  ['buff163'],
);

function row(name: string, remaining: number, costBasis: number | null): HoldingRow {
  const holding: Holding = {
    id: name.replace(/\W/g, '_'),
    game: 730,
    name,
    quantity: remaining,
    unitCost: null,
    fee: null,
    acquired: null,
    place: null,
    lockedUntil: null,
    note: '',
    origin: 'manual',
    created: 0,
    updated: 0,
  };
  return { holding, remaining, costBasis, known: true };
}

function valued(net: boolean): { rows: ValuedRow[]; totals: ReturnType<typeof valueAll>['totals'] } {
  const rows = [row('AK', 2, 15_000), row('=HYPERLINK("x")', 1, null)];
  const ctx = prepareValuation({
    snap,
    askMarkets: ['skinport', 'buff163'],
    bidMarkets: ['buff163'],
    fees: { skinport: { buyBps: 0, sellBps: 800 } },
    feeKnown: (slug) => slug !== 'buff163',
    net,
    recs: null,
    steam: null,
    now: 0,
  });
  const v = valueAll(ctx, rows);
  return { rows: rows.map((r, i) => ({ ...r, value: v.values[i] ?? null })), totals: v.totals };
}

const opts = (net: boolean) => ({ money, net, nameOf: (s: string) => (s === 'skinport' ? 'Skinport' : s) });

describe('valuation columns', () => {
  it('every column says what its figure means; missing is "—" and sorts as no value', () => {
    const cols = valuationColumns(opts(true));
    for (const c of cols) expect(c.title.length).toBeGreaterThan(30);
    const { rows } = valued(true);
    const sell = cols.find((c) => c.id === 'value.sellNow')!;
    // buff163's buy order has an unknown fee: no value, not $70.00.
    expect(sell.text(rows[0]!)).toBe('—');
    expect(sell.sortValue(rows[0]!)).toBeNull();
    expect(renderToStaticMarkup(<>{sell.render!(rows[0]!)}</>)).toContain('fee of the market with a price is unknown');
    const list = cols.find((c) => c.id === 'value.listLowest')!;
    // skinport 9.000 less 8 %: 8.280 each, 16.560 for two.
    expect(list.text(rows[0]!)).toBe('$16.56');
    expect(renderToStaticMarkup(<>{list.render!(rows[0]!)}</>)).toContain('Skinport');
    const pl = cols.find((c) => c.id === 'pl.listLowest.money')!;
    expect(pl.text(rows[0]!)).toBe('+$1.56');
  });
  it('before the prices arrive every value is "—"', () => {
    const cols = valuationColumns(opts(false));
    const pending: ValuedRow = { ...row('AK', 1, 1), value: null };
    for (const c of cols.filter((c) => c.id.startsWith('value.'))) expect(c.text(pending)).toBe('—');
  });
});

describe('valuation summary', () => {
  it('shows each total and how many holdings had no price', () => {
    const { totals } = valued(false);
    const html = renderToStaticMarkup(<ValuationSummary totals={totals} realised={-2_500} money={money} net={false} />);
    // Gross: sell now is buff163's 7.000 x 2; the unknown item has no price.
    expect(html).toContain('$14.00');
    expect(html).toContain('1 holding without a price');
    expect(html).toContain('-$2.50');
    expect(html).toMatch(/Cash within 7 days<\/dt><dd class="pf-tile__value">—/);
  });
  it('no holding priced: "—", not $0.00', () => {
    const html = renderToStaticMarkup(
      <ValuationSummary
        totals={{
          ...valued(false).totals,
          measures: {
            ...valued(false).totals.measures,
            sellNow: { value: 0, missing: 2, pl: 0, plCost: 0, plPercent: null, plMissing: 2 },
          },
        }}
        realised={null}
        money={money}
        net={false}
      />,
    );
    expect(html).toMatch(/Sell now<\/dt><dd class="pf-tile__value">—/);
  });
});

describe('valuations CSV', () => {
  it('exact decimals, empty when missing, text guarded against formulas', () => {
    const { rows } = valued(true);
    const csv = valuationsCsv(rows, opts(true));
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toContain('Sell now each (net of fees)');
    expect(lines[1]).toMatch(/^AK,2,15\.000,,,,,,8\.280,16\.560,Skinport,1\.560,10\.4000,/);
    expect(lines[2]?.startsWith(`"'=HYPERLINK(""x"")",1,,`)).toBe(true);
  });
});

describe('look-ups', () => {
  it('Steam numbers by name, NaN as none; suggested price and reasons by name', () => {
    const s = steamLookupOf(['A', 'B', 'C'], {
      values: [Float64Array.from([1_000, NaN, 5]), Float64Array.from([2.5, 3, NaN])],
      found: Uint8Array.from([1, 1, 0]),
      at: 0,
    });
    expect(s.get('A')).toEqual({ medianLatest: 1_000, avgDailyVolume: 2.5 });
    expect(s.get('B')).toEqual({ medianLatest: null, avgDailyVolume: 3 });
    expect(s.get('C')).toBeNull();
    const recs = {
      names: ['X', 'Y'],
      suggested: Float64Array.from([NaN, 4_000]),
      reasons: Uint16Array.from([0, 1]),
      unknownReasons: [],
    } as unknown as RecColumns;
    const r = recLookupOf(recs);
    expect(r.suggested('X')).toEqual({ price: null, reasons: [] });
    expect(r.suggested('Y')).toEqual({ price: 4_000, reasons: ['NOT_POPULAR'] });
    expect(r.suggested('Z')).toBeNull();
  });
});
