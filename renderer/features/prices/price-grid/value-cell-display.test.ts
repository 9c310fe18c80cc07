import { describe, expect, it } from 'vitest';
import { buildColumns, type GridColumn } from '../grid-columns';
import { computeDerived } from '../../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import { valueCell, type ValueCellContext } from './value-cell-display';

const A = ['steam', 'buff163'];
const snap = snapshotOf(
  [
    { market_hash_name: 'Both', prices: [ask('steam', 12_345, 7, 11_000), ask('buff163', 10_001, 1_234, null)] },
    { market_hash_name: 'Locked only', prices: [{ market_name: 'steam', price: null, offers: 3, price_locked: 900 }] },
    { market_hash_name: 'Nothing', prices: [] },
  ],
  [{ market_hash_name: 'Both', orders: [order('steam', 13_000, 1)] }],
  A,
  ['steam'],
);
const names: Record<string, string> = { steam: 'Steam', buff163: 'BUFF163' };
const columns = buildColumns(snap, A, (s) => names[s] ?? s, false);
const col = (id: string) => columns.find((c) => c.id === id) as GridColumn;
const ctx = (detailsInCells: boolean): ValueCellContext => ({
  snap,
  d: computeDerived({ snap, askCols: [0, 1], bidCols: [0], fees: {}, net: false }),
  money: { decimals: 2, symbol: '$' },
  nameOf: (s) => names[s] ?? s,
  watched: new Uint8Array(snap.n),
  changes: null,
  detailsInCells,
});
const item = (name: string) => snap.indexOfName(name);

describe('valueCell: one text node per cell', () => {
  it('a price with details is two lines: the value, then where / orders / locked and offers', () => {
    const c = ctx(true);
    expect(valueCell(c, col('bestAsk'), item('Both'))).toEqual({
      text: '$10.00\nBUFF163',
      cls: ' is-two',
      label: undefined,
      value: 10_001,
    });
    expect(valueCell(c, col('bestBid'), item('Both'))).toEqual({
      text: '$13.00\n1 \u00b7 Steam',
      cls: ' is-two',
      label: '$13.00, Steam, 1 order',
      value: 13_000,
    });
    expect(valueCell(c, col('m:steam'), item('Both'))).toMatchObject({
      text: '$12.35\nL 11.00 \u00b7 7',
      cls: ' is-two',
      value: 12_345,
    });
    expect(valueCell(c, col('m:buff163'), item('Both'))).toMatchObject({
      text: '$10.00\nL \u2014 \u00b7 1,234',
      cls: ' is-best is-two',
    });
  });

  it('without details, one line', () => {
    const c = ctx(false);
    expect(valueCell(c, col('bestAsk'), item('Both')).text).toBe('$10.00');
    expect(valueCell(c, col('m:steam'), item('Both'))).toMatchObject({
      text: '$12.35',
      cls: '',
      label: '$12.35, locked $11.00, 7 offers',
    });
    expect(valueCell(c, col('spread'), item('Both'))).toMatchObject({ text: '+$3.00', cls: ' is-pos', value: 2_999 });
    expect(valueCell(c, col('listed'), item('Both'))).toMatchObject({ text: '2', value: 2 });
  });

  it('"—" for no value, with its state; a listed market without a price tradable now keeps its detail line', () => {
    const c = ctx(true);
    expect(valueCell(c, col('bestAsk'), item('Nothing'))).toEqual({
      text: '\u2014',
      cls: ' is-none is-missing',
      label: 'no data',
      value: null,
    });
    expect(valueCell(c, col('m:buff163'), item('Locked only'))).toMatchObject({
      text: '\u2014',
      cls: ' is-empty is-missing',
      label: 'no data',
    });
    expect(valueCell(c, col('m:steam'), item('Locked only'))).toMatchObject({
      text: '\u2014\nL 0.90 \u00b7 3',
      cls: ' is-missing is-two',
      value: null,
    });
    expect(valueCell(c, col('spreadPct'), item('Nothing'))).toMatchObject({ text: '\u2014', label: 'no data' });
  });

  it('flashes what changed at the last refresh', () => {
    const c = {
      ...ctx(false),
      changes: { cells: new Uint8Array(snap.n * A.length), rows: new Uint8Array(snap.n), count: 2 },
    };
    c.changes.rows[item('Both')] = 1 | (2 << 2);
    c.changes.cells[item('Both') * A.length + 1] = 3;
    expect(valueCell(c, col('bestAsk'), item('Both')).cls).toBe(' flash-up');
    expect(valueCell(c, col('bestBid'), item('Both')).cls).toBe(' flash-down');
    expect(valueCell(c, col('m:buff163'), item('Both')).cls).toBe(' is-best flash');
  });
});
