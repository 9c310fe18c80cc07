import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaults, injectFault } from '../../lib/storage/testing/idb-faults';
import { TrustBook } from './trust-book';
import { TrustStore, type TrustRecord } from './trust-store';
import { grid } from './test-grid';

let dbNo = 0;
const stores: TrustStore[] = [];
function newStore(name: string): TrustStore {
  const s = new TrustStore(name);
  stores.push(s);
  return s;
}

afterEach(async () => {
  clearFaults();
  for (const s of stores.splice(0)) await s.close();
});

const M = ['a', 'b'];
const T = Date.UTC(2026, 10, 27, 12);

describe('TrustBook: quote ages across restarts', () => {
  it('a restart keeps the ages: a change seen before it is still dated, first seen kept, polls go on counting', async () => {
    const name = `trust-restart-${dbNo++}`;
    const book = new TrustBook(newStore(name), 0);
    await book.observe(grid({ x: { a: 100, b: 200 } }, M), T);
    await book.observe(grid({ x: { a: 150, b: 200 } }, M), T + 60_000);
    await book.flush(730);
    // A new run: a new book on the same database.
    const again = new TrustBook(newStore(name), 0);
    const t = await again.observe(grid({ x: { a: 150, b: 200 } }, M), T + 120_000);
    expect([...t.askChangedAt]).toEqual([T + 60_000, NaN]);
    expect([...t.askFirstSeenAt]).toEqual([T, T]);
    expect(t.polls).toBe(3);
    expect(t.storeProblem).toBeUndefined();
  });

  it('prepare reads the saved ages ahead (while the poll downloads), once; the poll then finds them', async () => {
    const name = `trust-prepare-${dbNo++}`;
    const first = new TrustBook(newStore(name), 0);
    await first.observe(grid({ x: { a: 100, b: 200 } }, M), T);
    await first.flush(730);
    const store = newStore(name);
    let loads = 0;
    const load = store.load.bind(store);
    store.load = (game: number) => {
      loads++;
      return load(game);
    };
    const book = new TrustBook(store, 0);
    book.prepare(730);
    book.prepare(730);
    expect(loads).toBe(1);
    const t = await book.observe(grid({ x: { a: 100, b: 200 } }, M), T + 60_000);
    expect(loads).toBe(1);
    expect(t.polls).toBe(2);
  });

  it('a write refused for lack of space keeps the ages in memory and says so; the next write that succeeds clears it', async () => {
    const name = `trust-quota-${dbNo++}`;
    const book = new TrustBook(newStore(name), 0);
    const fault = injectFault(name, 'games', 'quota-at-commit');
    await book.observe(grid({ x: { a: 100 } }, ['a']), 1_000);
    await book.flush(730);
    expect(fault.fired()).toBe(1);
    const t = await book.observe(grid({ x: { a: 120 } }, ['a']), 2_000);
    expect(t.storeProblem).toMatch(/could not be saved: the disk .* is full/);
    expect([...t.askChangedAt]).toEqual([2_000]);
    await book.flush(730);
    const t3 = await book.observe(grid({ x: { a: 120 } }, ['a']), 3_000);
    expect(t3.storeProblem).toBeUndefined();
  });

  it('a damaged record is dropped (ages start again) and said once', async () => {
    const name = `trust-bad-${dbNo++}`;
    const store = newStore(name);
    const book = new TrustBook(store, 0);
    await book.observe(grid({ x: { a: 100 } }, ['a']), 1_000);
    await book.flush(730);
    const rec = (await store.load(730)) as TrustRecord;
    await store.save({ ...rec, names: ['x', 'y'] });
    const again = new TrustBook(newStore(name), 1e12);
    const t = await again.observe(grid({ x: { a: 100 } }, ['a']), 2_000);
    expect(t.storeProblem).toMatch(/could not be read back/);
    expect(t.polls).toBe(1);
    expect((await again.observe(grid({ x: { a: 100 } }, ['a']), 3_000)).storeProblem).toBeUndefined();
  });

  it('no IndexedDB: the trust is computed all the same, and the problem said', async () => {
    const book = new TrustBook(new TrustStore('none', () => undefined), 0);
    const t = await book.observe(grid({ x: { a: 100 } }, ['a']), 1_000);
    expect(t.askFirstSeenAt[0]).toBe(1_000);
    await book.flush(730);
    expect((await book.observe(grid({ x: { a: 100 } }, ['a']), 2_000)).storeProblem).toMatch(/no IndexedDB/);
  });
});

describe('TrustBook: when it saves', () => {
  it('a small game is saved at every poll, so a restart right after keeps the last change', async () => {
    const name = `trust-small-${dbNo++}`;
    const T = Date.UTC(2026, 0, 1);
    const book = new TrustBook(newStore(name), 60_000, () => T);
    await book.observe(grid({ x: { a: 100 } }, ['a']), T);
    await book.flush(730);
    await book.observe(grid({ x: { a: 110 } }, ['a']), T + 5_000);
    await book.flush(730);
    const t = await new TrustBook(newStore(name), 60_000).observe(grid({ x: { a: 110 } }, ['a']), T + 10_000);
    expect([...t.askChangedAt]).toEqual([T + 5_000]);
  });
});

describe('TrustStore records', () => {
  it('a side that has not seen the newest items (bids polled before they came) saves and reads back', async () => {
    const name = `trust-rows-${dbNo++}`;
    const store = newStore(name);
    const book = new TrustBook(store, 0);
    const T = Date.UTC(2026, 0, 1);
    await book.observe(grid({ x: { a: 100 } }, ['a'], { x: { a: 90 } }, ['a']), T);
    await book.observe(grid({ x: { a: 100 }, y: { a: 300 } }, ['a']), T + 1_000);
    await book.flush(730);
    const again = new TrustBook(newStore(name), 0);
    const t = await again.observe(
      grid({ x: { a: 100 }, y: { a: 300 } }, ['a'], { x: { a: 95 }, y: { a: 250 } }, ['a']),
      T + 2_000,
    );
    expect(t.storeProblem).toBeUndefined();
    expect([...t.bidChangedAt]).toEqual([T + 2_000, NaN]);
    expect([...t.askFirstSeenAt]).toEqual([T, T + 1_000]);
  });
});

describe('TrustBook: stalls across a restart', () => {
  it('a market marked stalled before a restart stays marked, with its since, while its quotes stand still', async () => {
    const name = `trust-stall-${dbNo++}`;
    const T = Date.UTC(2026, 0, 1);
    const M4 = ['a', 'b', 'c', 'f'];
    const table = (p: number) =>
      Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [
          `i${i}`,
          { a: 1_000 + p + i, b: 1_010 + p + i, c: 990 + p + i, f: 1_000 + i },
        ]),
      );
    const book = new TrustBook(newStore(name), 0);
    await book.observe(grid(table(0), M4), T);
    const marked = await book.observe(grid(table(1), M4), T + 300_000);
    expect(marked.stalls.map((s) => [s.market, s.since])).toEqual([['f', T + 300_000]]);
    await book.flush(730);
    const again = new TrustBook(newStore(name), 0);
    // After the restart nothing moved yet (same prices): still marked, since kept.
    const after = await again.observe(grid(table(1), M4), T + 330_000);
    expect(after.stalls.map((s) => [s.market, s.since])).toEqual([['f', T + 300_000]]);
  });
});
