/**
 * The portfolio's changes as pure functions: each returns the change to write (store.ts PortfolioChange, one
 * transaction) and the change that takes it back (Undo), so the page's undo is the same kind of write. Each
 * carries the records it was built from as the version it expects (and its Undo the records the change
 * wrote), so a change built on what another tab has changed since is refused instead of undoing that tab's work.
 */
import type { ExpectedRecord, PortfolioChange } from '../store';
import { feeShare } from './ledger';
import type { Backup, Holding, HoldingDraft, Sale } from './types';

export interface Edit {
  change: PortfolioChange;
  undo: PortfolioChange;
  /** What was done, for the note ("Added 2 × AK-47 | Redline (Field-Tested)."). */
  text: string;
}

export type SaleDraft = Omit<Sale, 'id' | 'created' | 'updated'>;

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function newId(): string {
  return crypto.randomUUID();
}

/** The touched records before (`before`, by id; absent: did not exist) and after the change. */
function guard(
  change: PortfolioChange,
  undo: PortfolioChange,
  before: { holdings?: readonly Holding[]; sales?: readonly Sale[] },
): { change: PortfolioChange; undo: PortfolioChange } {
  const side = <T extends { id: string }>(
    puts: readonly T[] | undefined,
    deletes: readonly string[] | undefined,
    was: readonly T[] | undefined,
  ) => {
    const old = new Map((was ?? []).map((r) => [r.id, r]));
    const now = new Map<string, T | null>((deletes ?? []).map((id) => [id, null]));
    for (const r of puts ?? []) now.set(r.id, r);
    const pre: ExpectedRecord<T>[] = [];
    const post: ExpectedRecord<T>[] = [];
    for (const [id, r] of now) {
      pre.push({ id, was: old.get(id) ?? null });
      post.push({ id, was: r });
    }
    return { pre, post };
  };
  const h = side(change.putHoldings, change.deleteHoldings, before.holdings);
  const s = side(change.putSales, change.deleteSales, before.sales);
  return {
    change: { ...change, expect: { holdings: h.pre, sales: s.pre } },
    undo: { ...undo, expect: { holdings: h.post, sales: s.post } },
  };
}

export function addHolding(draft: HoldingDraft, now: number, id: string = newId()): Edit {
  const h: Holding = { ...draft, id, created: now, updated: now };
  return {
    ...guard({ putHoldings: [h] }, { deleteHoldings: [id] }, {}),
    text: `Added ${draft.quantity} × ${draft.name}.`,
  };
}

export function editHolding(old: Holding, draft: HoldingDraft, now: number): Edit {
  const h: Holding = { ...old, ...draft, id: old.id, created: old.created, origin: old.origin, updated: now };
  return { ...guard({ putHoldings: [h] }, { putHoldings: [old] }, { holdings: [old] }), text: `Saved ${draft.name}.` };
}

export function deleteHoldings(list: readonly Holding[]): Edit {
  const first = list[0];
  return {
    ...guard({ deleteHoldings: list.map((h) => h.id) }, { putHoldings: list }, { holdings: list }),
    text:
      list.length === 1 && first
        ? `Deleted ${first.quantity} × ${first.name}.`
        : `Deleted ${count(list.length, 'holding')}.`,
  };
}

/**
 * Splits `take` items off a lot into a lot of their own (same item, cost, date, place, lock and note). The
 * fee is shared as the ledger shares it (cumulative rounding down): the kept part carries the fee of its
 * first items, the new part the rest, and the two add up to the lot's fee. The new lot keeps the old
 * one's creation time, so the FIFO order of the two stays where the lot was.
 */
export function splitHolding(old: Holding, take: number, now: number, id: string = newId()): Edit {
  if (!Number.isInteger(take) || take < 1 || take >= old.quantity)
    throw new RangeError(`A split takes 1 to ${old.quantity - 1} items off a lot of ${old.quantity}.`);
  const keep = old.quantity - take;
  const keptFee = old.fee === null ? null : feeShare(old.fee, old.quantity, 0, keep);
  const newFee = old.fee === null ? null : feeShare(old.fee, old.quantity, keep, old.quantity);
  const kept: Holding = { ...old, quantity: keep, fee: keptFee, updated: now };
  const split: Holding = { ...old, id, quantity: take, fee: newFee, updated: now };
  return {
    ...guard({ putHoldings: [kept, split] }, { putHoldings: [old], deleteHoldings: [id] }, { holdings: [old] }),
    text: `Split ${old.name} into ${keep} and ${take}.`,
  };
}

export function addSale(draft: SaleDraft, now: number, id: string = newId()): Edit {
  const s: Sale = { ...draft, id, created: now, updated: now };
  return {
    ...guard({ putSales: [s] }, { deleteSales: [id] }, {}),
    text: `Recorded the sale of ${draft.quantity} × ${draft.name}.`,
  };
}

export function editSale(old: Sale, draft: SaleDraft, now: number): Edit {
  const s: Sale = { ...old, ...draft, id: old.id, created: old.created, updated: now };
  return {
    ...guard({ putSales: [s] }, { putSales: [old] }, { sales: [old] }),
    text: `Saved the sale of ${draft.name}.`,
  };
}

export function deleteSale(old: Sale): Edit {
  return {
    ...guard({ deleteSales: [old.id] }, { putSales: [old] }, { sales: [old] }),
    text: `Deleted the sale of ${old.quantity} × ${old.name}.`,
  };
}

export function importDrafts(drafts: readonly HoldingDraft[], now: number, ids: () => string = newId): Edit {
  const hs = drafts.map<Holding>((d, i) => ({ ...d, id: ids(), created: now + i, updated: now + i }));
  return {
    ...guard({ putHoldings: hs }, { deleteHoldings: hs.map((h) => h.id) }, {}),
    text: `Imported ${count(hs.length, 'holding')}.`,
  };
}

/**
 * A backup restored: 'replace' empties the portfolio (every game) and writes the backup; 'add' writes the
 * backup's records over the ones with the same id. Undo writes back what was there before.
 */
export function restoreBackup(
  current: { holdings: readonly Holding[]; sales: readonly Sale[] },
  backup: Backup,
  mode: 'replace' | 'add',
): Edit {
  const text = `Restored the backup (${count(backup.holdings.length, 'holding')}, ${count(backup.sales.length, 'sale')}).`;
  if (mode === 'replace')
    return {
      change: {
        clear: true,
        putHoldings: backup.holdings,
        putSales: backup.sales,
        expect: { all: { holdings: current.holdings, sales: current.sales } },
      },
      undo: {
        clear: true,
        putHoldings: current.holdings,
        putSales: current.sales,
        expect: { all: { holdings: backup.holdings, sales: backup.sales } },
      },
      text,
    };
  const hById = new Map(current.holdings.map((h) => [h.id, h]));
  const sById = new Map(current.sales.map((s) => [s.id, s]));
  const undoHoldings: Holding[] = [];
  const removeHoldings: string[] = [];
  for (const h of backup.holdings) {
    const was = hById.get(h.id);
    if (was) undoHoldings.push(was);
    else removeHoldings.push(h.id);
  }
  const undoSales: Sale[] = [];
  const removeSales: string[] = [];
  for (const s of backup.sales) {
    const was = sById.get(s.id);
    if (was) undoSales.push(was);
    else removeSales.push(s.id);
  }
  return {
    ...guard(
      { putHoldings: backup.holdings, putSales: backup.sales },
      { putHoldings: undoHoldings, deleteHoldings: removeHoldings, putSales: undoSales, deleteSales: removeSales },
      { holdings: undoHoldings, sales: undoSales },
    ),
    text,
  };
}

/** A change applied to records in memory, as the store applies it (clear, then deletes, then puts). */
export function applyChange<T extends { id: string }>(
  list: readonly T[],
  clear: boolean | undefined,
  deletes: readonly string[] | undefined,
  puts: readonly T[] | undefined,
): T[] {
  const byId = new Map<string, T>(clear ? [] : list.map((r) => [r.id, r]));
  for (const id of deletes ?? []) byId.delete(id);
  for (const r of puts ?? []) byId.set(r.id, r);
  return [...byId.values()];
}
