import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { setNotice } from '../../lib/storage/status';
import { clearFaults, injectFault } from '../../lib/storage/testing/idb-faults';
import { addHolding, deleteHoldings, splitHolding } from './model/edits';
import type { HoldingDraft } from './model/types';
import { PortfolioRuntime } from './runtime';
import { PortfolioStore } from './store';

const T0 = Date.UTC(2026, 0, 1);
const draft: HoldingDraft = { game: 730, name: 'AK-47 | Redline (Field-Tested)', quantity: 4, unitCost: 10_000, fee: 400, acquired: '2026-01-02', place: null, lockedUntil: null, note: '', origin: 'manual' };

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
});
