/** The grid's trust on hand-made TrustData: flags and dimming in cells, ages in tooltips, the stalled header, the Trust column. */
import { describe, expect, it } from 'vitest';
import { buildColumns, sortItems, type GridColumn } from './grid-columns';
import { cellTitle } from './copy-and-tooltip-text';
import { withoutLow } from './useGridView';
import { valueCell, type ValueCellContext } from './price-grid/value-cell-display';
import { computeDerived } from '../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../market/model/test-helpers';
import { toSnapshot } from '../../market/model/snapshot';
import { TRUST_FLAG, type Confidence, type MarketStall, type TrustData } from '../../market/trust/types';
import { LEVEL_RANK, confidenceRanks, type TrustView } from '../../ui/trust/row-confidence';

const H = 3600_000;
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const A = ['steam', 'buff163'];
const base = snapshotOf(
  [
    { market_hash_name: 'Both', prices: [ask('steam', 12_345, 7, null), ask('buff163', 90_000, 3, null)] },
    { market_hash_name: 'Steam only', prices: [ask('steam', 500, 2, null)] },
  ],
  [{ market_hash_name: 'Both', orders: [order('steam', 13_000, 1)] }],
  A,
  ['steam'],
);
const stall: MarketStall = {
  market: 'buff163',
  side: 'ask',
  reason: 'frozen',
  since: NOW - 20 * 60_000,
  polls: 4,
  changedShare: 0,
  othersShare: 0.5,
  itemCount: 1,
  itemCountBefore: 1,
};
const trust: TrustData = {
  game: base.game,
  at: NOW,
  polls: 8,
  // cells: Both/steam, Both/buff163, Steam only/steam, Steam only/buff163
  askChangedAt: Float64Array.of(NOW - (3 * H + 10 * 60_000), NaN, NOW - 60_000, NaN),
  askFirstSeenAt: Float64Array.of(NOW - 49 * H, NOW - 2 * H, NOW - 2 * H, NaN),
  askLastQuotedAt: Float64Array.of(NOW, NOW, NOW, NaN),
  bidChangedAt: Float64Array.of(NOW - 5 * 60_000, NaN),
  askFlags: Uint8Array.of(0, TRUST_FLAG.outlierHigh | TRUST_FLAG.stalledMarket, 0, 0),
  bidFlags: Uint8Array.of(0, 0),
  stalls: [stall],
};
const snap = toSnapshot({ ...base, trust });
const d = computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: {}, net: false });
const names: Record<string, string> = { steam: 'Steam', buff163: 'BUFF163' };
const nameOf = (s: string) => names[s] ?? s;
const columns = buildColumns(snap, A, nameOf, false, new Map([['buff163', stall]]), NOW);
const col = (id: string) => columns.find((c) => c.id === id) as GridColumn;
const item = (name: string) => snap.indexOfName(name);
const levels: Record<string, Confidence> = {
  Both: { level: 'low', reasons: [{ code: 'outlier', text: 'BUFF163 ask is an outlier' }] },
  'Steam only': { level: 'high', reasons: [] },
};
const view = (dimOld: boolean): TrustView => ({
  now: NOW,
  oldAfterMs: 3 * H,
  dimOld,
  confidence: (i) => levels[snap.names[i] ?? ''] ?? null,
  confidenceWith: (i) => levels[snap.names[i] ?? ''] ?? null,
});
const ctx = (t: TrustView | undefined): ValueCellContext => ({
  snap,
  d,
  money: { decimals: 2, symbol: '$' },
  nameOf,
  watched: new Uint8Array(snap.n),
  changes: null,
  detailsInCells: false,
  ...(t ? { trust: t } : {}),
});

describe('trust in the grid cells', () => {
  it('an outlier on a stalled market is marked in its cell, its label says so', () => {
    const v = valueCell(ctx(view(false)), col('m:buff163'), item('Both'));
    expect(v.text).toBe('$90.00');
    expect(v.cls).toContain(' is-outlier is-outlier-high');
    expect(v.cls).toContain(' is-stalled');
    expect(v.label).toContain("outlier: far above the item's other markets; market stalled");
    expect(v.value).toBe(90_000);
  });
  it('without trust the cell is as before (no flags)', () => {
    expect(valueCell(ctx(undefined), col('m:buff163'), item('Both'))).toMatchObject({ text: '$90.00', cls: '' });
  });
  it('dims a quote older than the threshold only when the user turned dimming on', () => {
    expect(valueCell(ctx(view(false)), col('m:steam'), item('Both')).cls).not.toContain('is-old');
    expect(valueCell(ctx(view(true)), col('m:steam'), item('Both')).cls).toContain(' is-old');
    // 1 min old, and an unknown age, are never dimmed.
    expect(valueCell(ctx(view(true)), col('m:steam'), item('Steam only')).cls).not.toContain('is-old');
    expect(valueCell(ctx(view(true)), col('m:buff163'), item('Both')).cls).not.toContain('is-old');
  });
  it('the tooltip of a price tells its age as observed, or that it is unknown yet', () => {
    expect(cellTitle(ctx(view(false)), col('m:steam'), item('Both'))).toContain(
      '\nunchanged for 3 h 10 min; first seen 2 days 1 h ago',
    );
    expect(cellTitle(ctx(view(false)), col('m:buff163'), item('Both'))).toContain(
      '\nage unknown yet; first seen 2 h ago\noutlier',
    );
    expect(cellTitle(ctx(view(false)), col('bestBid'), item('Both'))).toContain('\nunchanged for 5 min');
    expect(cellTitle(ctx(view(false)), col('m:buff163'), item('Steam only'))).toBe(
      'BUFF163: no data for this item\nnot quoted now',
    );
  });
  it("a stalled market's header says since when and why", () => {
    expect(col('m:buff163').stall).toBe(stall);
    expect(col('m:buff163').description).toMatch(
      /Stalled: stalled since .+, none of its asks moved over the last 4 polls/,
    );
    expect(col('m:steam').stall).toBeUndefined();
  });
  it('the Trust column: the level with dots, the reasons on hover', () => {
    expect(valueCell(ctx(view(false)), col('confidence'), item('Both'))).toMatchObject({
      text: '\u25CF\u25CB\u25CB Low',
      cls: ' conf-low',
    });
    expect(cellTitle(ctx(view(false)), col('confidence'), item('Both'))).toBe(
      'Confidence low: BUFF163 ask is an outlier',
    );
    expect(cellTitle(ctx(view(false)), col('confidence'), item('Steam only'))).toBe('Confidence high: no warning');
    expect(valueCell(ctx(undefined), col('confidence'), item('Both')).text).toBe('\u2014');
  });
  it('hide low confidence leaves out the low rows; the column sorts low first', () => {
    const ranks = confidenceRanks(snap, d, null, 3 * H, (input) => levels[snap.names[input.item] ?? ''] as Confidence);
    expect([...ranks]).toEqual([LEVEL_RANK.low, LEVEL_RANK.high]);
    expect([...withoutLow(Int32Array.of(0, 1), ranks)]).toEqual([1]);
    expect([...withoutLow(Int32Array.of(0, 1), null)]).toEqual([0, 1]);
    expect(
      [...sortItems(col('confidence'), 'asc', snap, d, new Uint8Array(2), ranks)].map((i) => snap.names[i]),
    ).toEqual(['Both', 'Steam only']);
  });
});
