import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { setNotice } from '../../lib/storage/status';
import { clearFaults, injectFault } from '../../lib/storage/testing/idb-faults';
import { addHolding, deleteHoldings, editHolding, restoreBackup, splitHolding } from './model/edits';
import type { HoldingDraft } from './model/types';
import { PortfolioRuntime } from './portfolio-state';
import { PortfolioConflictError, PortfolioStore } from './store';

const T0 = Date.UTC(2026, 0, 1);
const draft: HoldingDraft = {
  game: 730,
  name: 'AK-47 | Redline (Field-Tested)',
  quantity: 4,
  unitCost: 10_000,
  fee: 400,
  acquired: '2026-01-02',
  place: null,
  lockedUntil: null,
  note: '',
  origin: 'manual',
};

let seq = 0;
const stores: PortfolioStore[] = [];
function setup() {
  const store = new PortfolioStore(`portfolio-runtime-${++seq}`);
  stores.push(store);
  return { store, runtime: new PortfolioRuntime(store) };
}
afterEach(async () => {
  clearFaults();
  for (const s of stores.splice(0)) await s.close();
  setNotice('portfolio-write', null);
});

describe('PortfolioRuntime', () => {
  it('shows a change once it is written, and its Undo writes the reverse', async () => {
    const { store, runtime } = setup();
    await runtime.start();
    expect(runtime.get()).toMatchObject({ ready: true, holdings: [], loadError: null });
    await runtime.commit(addHolding(draft, T0, 'a'));
    const split = await runtime.commit(splitHolding(runtime.get().holdings[0]!, 1, T0 + 1, 'b'));
    expect(runtime.get().holdings.map((h) => [h.id, h.quantity])).toEqual([
      ['a', 3],
      ['b', 1],
    ]);
    await split.undo?.();
    expect(runtime.get().holdings.map((h) => [h.id, h.quantity])).toEqual([['a', 4]]);
    // What is shown is what a restart reads.
    expect((await store.load()).holdings).toEqual(runtime.get().holdings);
  });

  it('a failed write changes nothing on screen, says why, and rejects', async () => {
    const { store, runtime } = setup();
    await runtime.commit(addHolding(draft, T0, 'a'));
    const before = runtime.get().holdings;
    injectFault(store.name, 'holdings', 'quota-at-commit');
    await expect(runtime.commit(addHolding(draft, T0 + 1, 'b'))).rejects.toThrow(/is full/);
    expect(runtime.get().holdings).toBe(before);
    expect(runtime.get().problem).toMatch(/not saved: the disk.* is full/);
    // The next write that works clears it.
    const del = await runtime.commit(deleteHoldings(before));
    expect(runtime.get()).toMatchObject({ holdings: [], problem: null });
    await del.undo?.();
    expect(runtime.get().holdings.map((h) => h.id)).toEqual(['a']);
  });

  it('writes one after another: an Undo pressed at once does not overtake its change', async () => {
    // The first write is slow to start (a busy disk): without the runtime's own queue the Undo's
    // transaction would be created, and committed, first.
    class SlowStore extends PortfolioStore {
      calls = 0;
      override async apply(change: Parameters<PortfolioStore['apply']>[0]): Promise<void> {
        if (this.calls++ === 0) await new Promise((r) => setTimeout(r, 30));
        return super.apply(change);
      }
    }
    const store = new SlowStore(`portfolio-runtime-${++seq}`);
    stores.push(store);
    const runtime = new PortfolioRuntime(store);
    await runtime.start();
    const edit = addHolding(draft, T0, 'a');
    const done = runtime.write(edit.change);
    const undone = runtime.write(edit.undo);
    await Promise.all([done, undone]);
    expect(runtime.get().holdings).toEqual([]);
    expect((await store.load()).holdings).toEqual([]);
  });
});

describe('PortfolioRuntime in two tabs', () => {
  it('a write in one tab is read by the other (BroadcastChannel), never by the writer again', async () => {
    const name = `portfolio-runtime-${++seq}`;
    const storeA = new PortfolioStore(name);
    const storeB = new PortfolioStore(name);
    stores.push(storeA, storeB);
    const a = new PortfolioRuntime(storeA, new BroadcastChannel(name));
    const b = new PortfolioRuntime(storeB, new BroadcastChannel(name));
    try {
      await Promise.all([a.start(), b.start()]);
      let reloadsA = 0;
      const load = storeA.load.bind(storeA);
      storeA.load = (game) => {
        reloadsA++;
        return load(game);
      };
      await a.commit(addHolding(draft, T0, 'x'));
      await expect.poll(() => b.get().holdings.map((h) => h.id)).toEqual(['x']);
      await b.commit(deleteHoldings(b.get().holdings));
      await expect.poll(() => a.get().holdings).toEqual([]);
      // A read for B's write only: its own write is shown without reading the store again.
      expect(reloadsA).toBe(1);
    } finally {
      a.dispose();
      b.dispose();
    }
  });

  describe('two tabs on one database', () => {
    // Two runtimes, each with its own connection to the same IndexedDB database, as two tabs of the web host.
    function twoTabs() {
      const name = `portfolio-two-tabs-${++seq}`;
      const a = new PortfolioStore(name);
      const b = new PortfolioStore(name);
      stores.push(a, b);
      return { a: new PortfolioRuntime(a), b: new PortfolioRuntime(b), store: a };
    }
    const held = (hs: readonly { quantity: number }[]) => hs.reduce((n, h) => n + h.quantity, 0);

    it("a stale editor's save after the other tab split the lot writes nothing, and shows the new state", async () => {
      const { a, b, store } = twoTabs();
      await a.commit(addHolding({ ...draft, quantity: 10 }, T0, 'lot'));
      await b.start();
      // Tab B opens the editor on the lot of 10 (what it shows is what it read).
      const seenByB = b.get().holdings[0]!;
      // Tab A splits 4 off.
      await a.commit(splitHolding(a.get().holdings[0]!, 4, T0 + 1, 'part'));
      // Tab B saves its editor, built from the lot as it was: only the note changed.
      const stale = editHolding(seenByB, { ...draft, quantity: 10, note: 'from B' }, T0 + 2);
      await expect(b.commit(stale)).rejects.toBeInstanceOf(PortfolioConflictError);
      // Nothing was written: 6 + 4 items, not the 14 that putting back the old quantity made.
      const onDisk = await store.load();
      expect(held(onDisk.holdings)).toBe(10);
      expect(onDisk.holdings.map((h) => [h.id, h.quantity, h.note])).toEqual([
        ['lot', 6, ''],
        ['part', 4, ''],
      ]);
      // B now shows what is on disk, and says why its change was refused.
      expect(b.get().holdings).toEqual(onDisk.holdings);
      expect(b.get().problem).toMatch(/changed in another window/);
    });

    it('an Undo after the other tab changed the same records writes nothing', async () => {
      const { a, b, store } = twoTabs();
      const added = await a.commit(addHolding({ ...draft, quantity: 10 }, T0, 'lot'));
      await b.start();
      await b.commit(splitHolding(b.get().holdings[0]!, 3, T0 + 1, 'part'));
      // A's Undo of the add would delete the lot B has split since.
      await expect(added.undo?.()).rejects.toBeInstanceOf(PortfolioConflictError);
      expect(held((await store.load()).holdings)).toBe(10);
    });

    it('a restore that replaces everything is refused when another tab added a holding since', async () => {
      const { a, b, store } = twoTabs();
      await a.commit(addHolding(draft, T0, 'mine'));
      await b.start();
      const seen = b.get();
      await a.commit(addHolding(draft, T0 + 1, 'new-in-a'));
      const backup = {
        format: 'market-desk-portfolio' as const,
        version: 2 as const,
        exported: T0,
        holdings: [],
        sales: [],
      };
      await expect(b.commit(restoreBackup(seen, backup, 'replace'))).rejects.toBeInstanceOf(PortfolioConflictError);
      expect((await store.load()).holdings.map((h) => h.id)).toEqual(['mine', 'new-in-a']);
    });

    it("another tab's write drops this tab's Undo", async () => {
      const name = `portfolio-two-tabs-${++seq}`;
      const sa = new PortfolioStore(name);
      const sb = new PortfolioStore(name);
      stores.push(sa, sb);
      const a = new PortfolioRuntime(sa, new BroadcastChannel(name));
      const b = new PortfolioRuntime(sb, new BroadcastChannel(name));
      try {
        let dropped = 0;
        a.onChangedElsewhere(() => dropped++);
        await a.commit(addHolding(draft, T0, 'x'));
        expect(dropped).toBe(0); // its own write is not "elsewhere"
        await b.start();
        await b.commit(addHolding(draft, T0 + 1, 'y'));
        await expect.poll(() => dropped).toBe(1);
      } finally {
        a.dispose();
        b.dispose();
      }
    });
  });
});
