import { describe, expect, it } from 'vitest';
import { buildLedger, feeShare, holdingRows, itemKey, shareDown } from './ledger';
import type { Holding, Sale } from './types';

const NAME = 'AK-47 | Redline (Field-Tested)';
let t = 1_000;

function lot(id: string, over: Partial<Holding> = {}): Holding {
  t++;
  return {
    id,
    game: 730,
    name: NAME,
    quantity: 1,
    unitCost: 10_000,
    fee: null,
    acquired: '2026-01-01',
    place: null,
    lockedUntil: null,
    note: '',
    origin: 'manual',
    created: t,
    updated: t,
    ...over,
  };
}

function sale(id: string, over: Partial<Sale> = {}): Sale {
  t++;
  return {
    id,
    game: 730,
    name: NAME,
    quantity: 1,
    unitPrice: 10_000,
    fee: null,
    sold: '2026-03-01',
    place: null,
    note: '',
    created: t,
    updated: t,
    ...over,
  };
}

describe('fee shares', () => {
  it('shares a fee by cumulative rounding down, the parts adding up to the whole', () => {
    // 10 over 3 items: floor(10/3)=3, floor(20/3)-3=3, 10-6=4.
    expect([feeShare(10, 3, 0, 1), feeShare(10, 3, 1, 2), feeShare(10, 3, 2, 3)]).toEqual([3, 3, 4]);
    expect(feeShare(7, 3, 0, 1) + feeShare(7, 3, 1, 3)).toBe(7);
    expect(feeShare(7, 3, 0, 2)).toBe(4);
  });

  it('stays exact past 2^53', () => {
    // 1e12 × 999,999 = 9.99999e17 > 2^53: the BigInt path.
    expect(shareDown(1e12, 999_999, 1_000_000)).toBe(999_999_000_000);
    expect(shareDown(1e12, 1, 3)).toBe(333_333_333_333);
    // Here the product rounded to a double and divided gives one too many: exact integer arithmetic does not.
    expect(shareDown(693_433_304_775, 144_712, 195_429)).toBe(513_476_098_227);
  });

  it('shares a converted (fractional) cost unrounded: the parts add up to the whole, nothing throws', () => {
    // A cost entered in another currency reaches the ledger converted, in fractions of a thousandth.
    const fee = 397.1078150690639;
    expect(feeShare(fee, 4, 0, 2) + feeShare(fee, 4, 2, 4)).toBeCloseTo(fee, 9);
    expect(feeShare(fee, 4, 0, 2)).toBeCloseTo(fee / 2, 9);
  });
});

describe('buildLedger (FIFO)', () => {
  it('takes sales from the oldest lots, partial lots and fee shares included', () => {
    const a = lot('a', { quantity: 3, unitCost: 10_000, fee: 10, acquired: '2026-01-01' });
    const b = lot('b', { quantity: 2, unitCost: 20_000, fee: 1_001, acquired: '2026-02-01' });
    const s1 = sale('s1', { quantity: 2, unitPrice: 15_000, fee: 1_500, sold: '2026-03-01' });
    const s2 = sale('s2', { quantity: 2, unitPrice: 25_000, fee: null, sold: '2026-03-05' });
    // Given in the wrong order on purpose: the ledger orders by date.
    const l = buildLedger([b, a], [s2, s1]);

    const r1 = l.sales.get('s1');
    // Items 1-2 of a: 2 × 10,000 + fee 3 + 3.
    expect(r1?.takes).toEqual([{ holdingId: 'a', quantity: 2, cost: 20_006 }]);
    expect(r1?.costBasis).toBe(20_006);
    expect(r1?.proceeds).toBe(28_500);
    expect(r1?.realised).toBe(8_494);

    const r2 = l.sales.get('s2');
    // Item 3 of a (10,000 + 4) and item 1 of b (20,000 + floor(1001/2) = 500).
    expect(r2?.takes).toEqual([
      { holdingId: 'a', quantity: 1, cost: 10_004 },
      { holdingId: 'b', quantity: 1, cost: 20_500 },
    ]);
    expect(r2?.costBasis).toBe(30_504);
    expect(r2?.proceeds).toBe(50_000);
    expect(r2?.realised).toBe(19_496);

    expect(l.lots.get('a')).toMatchObject({ remaining: 0, costBasis: 0 });
    // The rest of b's fee: 1,001 − 500.
    expect(l.lots.get('b')).toMatchObject({ remaining: 1, costBasis: 20_501 });

    const item = l.items.get(itemKey(730, NAME));
    expect(item).toMatchObject({ held: 1, realised: 27_990, realisedMissing: 0, shortfall: 0 });
    expect(l.realised).toBe(27_990);
    expect(l.realisedMissing).toBe(0);
  });

  it('orders lots without a date last, then by creation, and sales by date then creation', () => {
    const undated = lot('undated', { acquired: null, created: 1, unitCost: 1_000 });
    const late = lot('late', { acquired: '2026-05-01', created: 3, unitCost: 3_000 });
    const early2 = lot('early2', { acquired: '2026-01-01', created: 5, unitCost: 2_000 });
    const early1 = lot('early1', { acquired: '2026-01-01', created: 4, unitCost: 4_000 });
    const sA = sale('sA', { sold: '2026-06-01', created: 20, unitPrice: 5_000 });
    const sB = sale('sB', { sold: '2026-06-01', created: 10, unitPrice: 5_000 });
    const sC = sale('sC', { sold: '2026-05-15', created: 30, unitPrice: 5_000 });
    const l = buildLedger([undated, late, early2, early1], [sA, sB, sC]);
    expect(l.sales.get('sC')?.takes[0]?.holdingId).toBe('early1');
    expect(l.sales.get('sB')?.takes[0]?.holdingId).toBe('early2');
    expect(l.sales.get('sA')?.takes[0]?.holdingId).toBe('late');
    expect(l.lots.get('undated')).toMatchObject({ remaining: 1, costBasis: 1_000 });
    expect(l.sales.get('sA')?.realised).toBe(2_000);
  });

  it('has no cost basis nor realised profit where a lot taken from has no cost', () => {
    const unknown = lot('u', { quantity: 2, unitCost: null, acquired: '2026-01-01' });
    const known = lot('k', { quantity: 2, unitCost: 7_000, fee: 100, acquired: '2026-01-02' });
    const s = sale('s', { quantity: 3, unitPrice: 9_000, fee: 300 });
    const s2 = sale('s2', { quantity: 1, unitPrice: 9_000, sold: '2026-04-01' });
    const l = buildLedger([unknown, known], [s, s2]);
    const r = l.sales.get('s');
    expect(r?.takes).toEqual([
      { holdingId: 'u', quantity: 2, cost: null },
      { holdingId: 'k', quantity: 1, cost: 7_050 },
    ]);
    expect(r?.costBasis).toBeNull();
    expect(r?.realised).toBeNull();
    expect(r?.proceeds).toBe(26_700);
    // The last item of k: 7,000 + (100 − 50).
    expect(l.sales.get('s2')?.realised).toBe(9_000 - 7_050);
    expect(l.lots.get('u')).toMatchObject({ remaining: 0, costBasis: null });
    expect(l.items.get(itemKey(730, NAME))).toMatchObject({ realised: 1_950, realisedMissing: 1 });
    expect(l.realisedMissing).toBe(1);
  });

  it('flags a sale of more than was held with the shortfall', () => {
    const only = lot('only', { quantity: 1, unitCost: 5_000 });
    const s = sale('s', { quantity: 3, unitPrice: 6_000, fee: 0 });
    const l = buildLedger([only], [s]);
    const r = l.sales.get('s');
    expect(r?.shortfall).toBe(2);
    expect(r?.takes).toEqual([{ holdingId: 'only', quantity: 1, cost: 5_000 }]);
    expect(r?.costBasis).toBeNull();
    expect(r?.realised).toBeNull();
    expect(r?.proceeds).toBe(18_000);
    expect(l.items.get(itemKey(730, NAME))).toMatchObject({ held: 0, shortfall: 2, realisedMissing: 1 });
  });

  it('keeps items apart by game and by name', () => {
    const cs = lot('cs', { game: 730, unitCost: 1_000 });
    const dota = lot('dota', { game: 570, unitCost: 2_000 });
    const other = lot('other', { name: 'AWP | Asiimov (Field-Tested)', unitCost: 3_000 });
    const s = sale('s', { game: 570, unitPrice: 2_500 });
    const l = buildLedger([cs, dota, other], [s]);
    expect(l.sales.get('s')?.realised).toBe(500);
    expect(l.lots.get('cs')?.remaining).toBe(1);
    expect(l.lots.get('other')?.remaining).toBe(1);
    expect(l.lots.get('dota')?.remaining).toBe(0);
  });

  it('makes the table rows with what remains and whether the catalog knows the name', () => {
    const a = lot('a', { quantity: 4, unitCost: 1_000, fee: 9 });
    const b = lot('b', { name: 'Made-up item', quantity: 1, unitCost: null });
    const l = buildLedger([a, b], [sale('s', { quantity: 1 })]);
    const rows = holdingRows(l, [a, b], (n) => n === NAME);
    // 3 items left: 3,000 + (9 − floor(9/4) = 7).
    expect(rows.map((r) => [r.holding.id, r.remaining, r.costBasis, r.known])).toEqual([
      ['a', 3, 3_007, true],
      ['b', 1, null, false],
    ]);
  });
});
