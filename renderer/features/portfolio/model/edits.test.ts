import { describe, expect, it } from 'vitest';
import { addHolding, applyChange, deleteHoldings, importDrafts, restoreBackup, splitHolding } from './edits';
import { buildLedger } from './ledger';
import { makeBackup } from './backup';
import type { Holding, HoldingDraft } from './types';

const T0 = Date.UTC(2026, 0, 1);
const draft: HoldingDraft = {
  game: 730,
  name: 'AK-47 | Redline (Field-Tested)',
  quantity: 5,
  unitCost: 10_000,
  fee: 8,
  acquired: '2026-01-01',
  place: null,
  lockedUntil: null,
  note: 'x',
  origin: 'manual',
};
const lot = (id: string, over: Partial<Holding> = {}): Holding => ({ ...draft, id, created: T0, updated: T0, ...over });

function replay(
  list: Holding[],
  change: { clear?: boolean; deleteHoldings?: readonly string[]; putHoldings?: readonly Holding[] },
): Holding[] {
  return applyChange(list, change.clear, change.deleteHoldings, change.putHoldings);
}

describe('edits and their undo', () => {
  it('adds and takes back', () => {
    const e = addHolding(draft, T0, 'n1');
    const after = replay([], e.change);
    expect(after).toEqual([lot('n1')]);
    expect(replay(after, e.undo)).toEqual([]);
    expect(e.text).toBe('Added 5 × AK-47 | Redline (Field-Tested).');
  });

  it('splits a lot, the fee shared so the parts add up, the FIFO cost unchanged in total', () => {
    const old = lot('a');
    const e = splitHolding(old, 2, T0 + 9, 'b');
    const after = replay([old], e.change);
    // Keep 3 items: floor(8·3/5) = 4 (rounding would say 5); the new 2 carry 8 − 4 = 4.
    expect(after.map((h) => [h.id, h.quantity, h.fee, h.created])).toEqual([
      ['a', 3, 4, T0],
      ['b', 2, 4, T0],
    ]);
    const before = buildLedger([old], []).lots.get('a')?.costBasis;
    const split = buildLedger(after, []);
    expect((split.lots.get('a')?.costBasis ?? 0) + (split.lots.get('b')?.costBasis ?? 0)).toBe(before);
    expect(replay(after, e.undo)).toEqual([old]);
    expect(() => splitHolding(old, 5, T0)).toThrow(RangeError);
    expect(() => splitHolding(old, 0, T0)).toThrow(RangeError);
  });

  it('deletes and puts back', () => {
    const a = lot('a');
    const e = deleteHoldings([a]);
    expect(replay([a], e.change)).toEqual([]);
    expect(replay([], e.undo)).toEqual([a]);
  });

  it('imports many in one change with one undo', () => {
    let n = 0;
    const e = importDrafts([draft, { ...draft, name: 'B' }], T0, () => `i${++n}`);
    expect(e.change.putHoldings?.map((h) => [h.id, h.name, h.created])).toEqual([
      ['i1', 'AK-47 | Redline (Field-Tested)', T0],
      ['i2', 'B', T0 + 1],
    ]);
    expect(e.undo.deleteHoldings).toEqual(['i1', 'i2']);
    // The import expects its new ids to be free; its Undo expects the records the import wrote.
    expect(e.change.expect?.holdings).toEqual([
      { id: 'i1', was: null },
      { id: 'i2', was: null },
    ]);
    expect(e.undo.expect?.holdings).toEqual(e.change.putHoldings?.map((h) => ({ id: h.id, was: h })));
  });

  it('restores a backup by replacing or adding, undo giving back what was there', () => {
    const mine = lot('mine');
    const same = lot('same', { note: 'old' });
    const backup = makeBackup([lot('same', { note: 'new' }), lot('fresh')], [], T0);
    const replace = restoreBackup({ holdings: [mine, same], sales: [] }, backup, 'replace');
    const replaced = replay([mine, same], replace.change);
    expect(replaced.map((h) => [h.id, h.note])).toEqual([
      ['same', 'new'],
      ['fresh', 'x'],
    ]);
    expect(replay(replaced, replace.undo)).toEqual([mine, same]);
    const add = restoreBackup({ holdings: [mine, same], sales: [] }, backup, 'add');
    const added = replay([mine, same], add.change);
    expect(added.map((h) => [h.id, h.note])).toEqual([
      ['mine', 'x'],
      ['same', 'new'],
      ['fresh', 'x'],
    ]);
    expect(replay(added, add.undo).map((h) => [h.id, h.note])).toEqual([
      ['mine', 'x'],
      ['same', 'old'],
    ]);
  });
});
