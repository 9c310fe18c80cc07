/**
 * The price history when IndexedDB fails as browsers make it fail (storage/testing/idb-faults.ts): a
 * write refused for lack of space or aborted, a database upgraded by a newer build, another tab in the
 * way of an upgrade.
 */
import 'fake-indexeddb/auto';
import { openDB, type IDBPDatabase } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaults, closeAbnormally, injectFault } from '../../lib/storage/testing/idb-faults';
import { NewerDatabaseError } from '../../lib/storage/versioned-db';
import { HOUR, type Chunk, type LegacyChunk } from './chunk-codec';
import { HISTORY_UPGRADES, HistoryStore, type OpenOptions } from './store';
import { twoMarketPoll } from './testing/polls';
import { NONE } from '../model/snapshot';

const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const MIN = 60_000;
let seq = 0;
const open: Array<{ close(): void }> = [];
afterEach(() => {
  clearFaults();
  for (const s of open.splice(0)) s.close();
});

const poll = twoMarketPoll;

async function store(name: string, options?: OpenOptions): Promise<HistoryStore> {
  const s = await HistoryStore.open(name, options);
  open.push(s);
  return s;
}

/** What is on disk, read past the store: the chunks and the usage counter. */
async function onDisk(
  name: string,
): Promise<{ chunks: Chunk[]; bytes: number; usage: { bytes?: number; chunks?: number } | undefined }> {
  const db = await openDB(name);
  const chunks = (await db.getAll('chunks')) as Chunk[];
  const usage = (await db.get('meta', 'usage')) as { bytes?: number; chunks?: number } | undefined;
  db.close();
  return { chunks, bytes: chunks.reduce((a, c) => a + c.bytes, 0), usage };
}

describe('a history write that fails (IndexedDB aborts it)', () => {
  it('aborted: the next poll goes on from the disk, not the lost write, and the usage counter matches the chunks', async () => {
    const name = `fail-${++seq}`;
    const s = await store(name);
    await s.record(
      poll(T0, [
        [100, 200],
        [300, 400],
      ]),
    );
    await s.record(
      poll(T0 + MIN, [
        [110, 200],
        [300, 400],
      ]),
    );
    const fault = injectFault(name, 'chunks', 'abort');
    // item 0's ask moves to 120: the write is aborted, nothing of it is kept.
    await expect(
      s.record(
        poll(T0 + 2 * MIN, [
          [120, 200],
          [300, 400],
        ]),
      ),
    ).rejects.toMatchObject({ name: 'HistoryWriteError', quota: false });
    expect(fault.fired()).toBe(1);
    expect((await onDisk(name)).chunks.some((c) => c.st === T0 + 2 * MIN)).toBe(false);
    // The same prices at the next poll: the recorder must not take 120 as already written.
    const r = await s.record(
      poll(T0 + 3 * MIN, [
        [120, 200],
        [300, 400],
      ]),
    );
    // The recorder went on from the disk (item 0 at 110), so 120 is a change, not "no change".
    expect(r.changedItems).toBe(1);
    expect(r.points).toBe(1);
    const h = await s.readItem(730, 'item 0', T0, T0 + 3 * MIN, 3);
    expect(Array.from(h.bestAsk)).toEqual([110, 110, 120]);
    // A change after that is appended, and the counter is the chunks' sum.
    await s.record(
      poll(T0 + 4 * MIN, [
        [130, 200],
        [300, 400],
      ]),
    );
    const disk = await onDisk(name);
    expect(disk.usage).toEqual({ key: 'usage', bytes: disk.bytes, chunks: disk.chunks.length });
    expect((await s.usage()).bytes).toBe(disk.bytes);
  });

  it('a failure in an open chunk does not leave the counter behind (its size counts once it is on disk)', async () => {
    const name = `drift-${++seq}`;
    const s = await store(name);
    await s.record(poll(T0, [[100, 200]]));
    await s.record(poll(T0 + MIN, [[101, 200]])); // opens item 0's change chunk
    injectFault(name, 'chunks', 'abort');
    await expect(s.record(poll(T0 + 2 * MIN, [[102, 200]]))).rejects.toThrow(/Could not save price history/);
    for (let i = 3; i < 8; i++) await s.record(poll(T0 + i * MIN, [[100 + i, 200]]));
    const disk = await onDisk(name);
    expect(disk.usage?.bytes).toBe(disk.bytes);
    expect(disk.usage?.chunks).toBe(disk.chunks.length);
  });
});

describe('a full store (QuotaExceededError)', () => {
  /** Five days of two items (ten chunks), then a store that refuses the next write. */
  async function full(kind: 'quota-at-commit' | 'quota-at-request', times: number) {
    const name = `quota-${++seq}`;
    const s = await store(name);
    for (let d = 0; d < 5; d++)
      await s.record(
        poll(T0 + d * 6 * HOUR, [
          [100 + d, 200],
          [300, 400],
        ]),
      );
    const before = await onDisk(name);
    const fault = injectFault(name, 'chunks', kind, times);
    return { name, s, before, fault };
  }

  for (const kind of ['quota-at-commit', 'quota-at-request'] as const) {
    it(`${kind}: drops the oldest history and saves the poll at the second try`, async () => {
      const { name, s, before, fault } = await full(kind, 1);
      const at = T0 + 30 * HOUR;
      const r = await s.record(
        poll(at, [
          [99, 200],
          [300, 400],
        ]),
        { retentionDays: 30, capBytes: 1e9 },
      );
      expect(fault.fired()).toBe(1);
      expect(r.points).toBeGreaterThan(0);
      const disk = await onDisk(name);
      expect(disk.chunks.some((c) => c.st === at)).toBe(true);
      // The oldest chunks went (at most 80 % of the bytes were kept, before the new poll).
      expect(disk.chunks.some((c) => c.st === T0)).toBe(false);
      const kept = disk.chunks.filter((c) => c.st !== at);
      expect(kept.reduce((a, c) => a + c.bytes, 0)).toBeLessThanOrEqual(before.bytes * 0.8);
      expect(disk.usage?.bytes).toBe(disk.bytes);
      const h = await s.readItem(730, 'item 0', at, at + MIN, 1);
      expect(Array.from(h.bestAsk)).toEqual([99]);
    });
  }

  it('still full after the trim: rejects saying the storage is full and what to do', async () => {
    const { name, s, fault } = await full('quota-at-commit', 2);
    const err = await s
      .record(
        poll(T0 + 30 * HOUR, [
          [999, 200],
          [300, 400],
        ]),
      )
      .catch((e: unknown) => e);
    expect(fault.fired()).toBe(2);
    expect(err).toMatchObject({ name: 'HistoryWriteError', quota: true });
    expect((err as Error).message).toMatch(
      /could not save price history: the disk, or the browser storage .* is full.*Free some disk space/i,
    );
    // Nothing half-written; the next poll (space again) goes on from the disk: item 0's new ask is written.
    const r = await s.record(
      poll(T0 + 31 * HOUR, [
        [999, 200],
        [300, 400],
      ]),
    );
    expect(r.points).toBe(1);
    expect(r.changedItems).toBe(1);
    const disk = await onDisk(name);
    expect(disk.usage?.bytes).toBe(disk.bytes);
  });
});

describe('deletes, clears and reads that fail', () => {
  async function filled() {
    const name = `other-${++seq}`;
    const s = await store(name);
    for (let d = 0; d < 5; d++)
      await s.record(
        poll(T0 + d * 6 * HOUR, [
          [100 + d, 200],
          [300, 400],
        ]),
      );
    return { name, s, before: await onDisk(name) };
  }

  it('a trim whose delete fails: nothing is dropped, the counter stays right, and the poll says the limit was not kept', async () => {
    const { name, s, before } = await filled();
    const fault = injectFault(name, 'chunks', 'error-at-request', 1, 'delete');
    const err = await s
      .record(
        poll(T0 + 30 * HOUR, [
          [99, 200],
          [300, 400],
        ]),
        { retentionDays: 30, capBytes: before.bytes / 2 },
      )
      .catch((e: unknown) => e);
    expect(fault.fired()).toBe(1);
    expect(err).toMatchObject({ name: 'HistoryWriteError', quota: false });
    expect((err as Error).message).toMatch(
      /could not drop the oldest price history.*UnknownError.*the prices were saved/i,
    );
    const disk = await onDisk(name);
    expect(disk.chunks.some((c) => c.st === T0)).toBe(true);
    expect(disk.usage).toEqual({ key: 'usage', bytes: disk.bytes, chunks: disk.chunks.length });
    // The next poll keeps the limit.
    await s.record(
      poll(T0 + 31 * HOUR, [
        [98, 200],
        [300, 400],
      ]),
      { retentionDays: 30, capBytes: before.bytes / 2 },
    );
    const after = await onDisk(name);
    expect(after.bytes).toBeLessThanOrEqual(before.bytes / 2);
    expect(after.usage).toEqual({ key: 'usage', bytes: after.bytes, chunks: after.chunks.length });
  });

  it('a clear that fails rejects with the error and keeps everything, counter included', async () => {
    const { name, s, before } = await filled();
    const fault = injectFault(name, 'chunks', 'error-at-request', 1, 'clear');
    await expect(s.clear()).rejects.toMatchObject({ name: 'UnknownError' });
    expect(fault.fired()).toBe(1);
    const disk = await onDisk(name);
    expect(disk.chunks).toHaveLength(before.chunks.length);
    expect(disk.usage).toEqual({ key: 'usage', bytes: before.bytes, chunks: before.chunks.length });
    await s.clear();
    expect((await onDisk(name)).chunks).toHaveLength(0);
  });

  it('a read that fails rejects (never waits), and the next read works', async () => {
    const { name, s } = await filled();
    const fault = injectFault(name, 'chunks', 'error-at-request', 1, 'read');
    await expect(s.readItem(730, 'item 0', T0, T0 + 30 * HOUR, 4)).rejects.toMatchObject({ name: 'UnknownError' });
    expect(fault.fired()).toBe(1);
    expect(Array.from((await s.readItem(730, 'item 0', T0, T0 + 24 * HOUR, 4)).bestAsk)).toEqual([101, 102, 103, 104]);
  });
});

describe('the browser closes the connection (abnormal close)', () => {
  it('idle: the close event drops the connection; the next poll opens again and goes on from the disk', async () => {
    const name = `closed-${++seq}`;
    const s = await store(name);
    await s.record(
      poll(T0, [
        [100, 200],
        [300, 400],
      ]),
    );
    await s.record(
      poll(T0 + MIN, [
        [110, 200],
        [300, 400],
      ]),
    );
    expect(closeAbnormally(name)).toBe(1);
    const r = await s.record(
      poll(T0 + 2 * MIN, [
        [120, 200],
        [300, 400],
      ]),
    );
    // What the recorder held went with the connection: read back from the disk, item 0 changed.
    expect(r.changedItems).toBe(1);
    const back = await s.readItem(730, 'item 0', T0, T0 + 2 * MIN, 2);
    expect(Array.from(back.bestAsk)).toEqual([110, 120]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const r2 = await s.record(
      poll(T0 + 3 * MIN, [
        [130, 200],
        [300, 400],
      ]),
    );
    expect(r2.changedItems).toBe(1); // the new connection's own close event is not taken for this one
    const disk = await onDisk(name);
    expect(disk.usage).toEqual({ key: 'usage', bytes: disk.bytes, chunks: disk.chunks.length });
  });

  it('during a write: the write fails as not saved, and the next poll is saved through a new connection', async () => {
    const name = `closing-${++seq}`;
    const s = await store(name);
    await s.record(
      poll(T0, [
        [100, 200],
        [300, 400],
      ]),
    );
    const fault = injectFault(name, 'chunks', 'close');
    const err = await s
      .record(
        poll(T0 + MIN, [
          [110, 200],
          [300, 400],
        ]),
      )
      .catch((e: unknown) => e);
    expect(fault.fired()).toBe(1);
    expect(err).toMatchObject({ name: 'HistoryWriteError', quota: false });
    await s.record(
      poll(T0 + 2 * MIN, [
        [120, 200],
        [300, 400],
      ]),
    );
    const h = await s.readItem(730, 'item 0', T0, T0 + 2 * MIN, 2);
    expect(Array.from(h.bestAsk)).toEqual([100, 120]);
    const disk = await onDisk(name);
    expect(disk.usage).toEqual({ key: 'usage', bytes: disk.bytes, chunks: disk.chunks.length });
  });

  it('“The database connection is closing” (before its close event): the call opens a new connection instead of failing', async () => {
    const name = `closing-window-${++seq}`;
    const s = await store(name);
    await s.record(
      poll(T0, [
        [100, 200],
        [300, 400],
      ]),
    );
    closeAbnormally(name);
    expect(() => s.db.transaction('chunks')).toThrow(/The database connection is closing/);
    expect(await s.usage()).toMatchObject({ chunks: 2 });
    await s.record(
      poll(T0 + MIN, [
        [110, 200],
        [300, 400],
      ]),
    );
    expect(Array.from((await s.readItem(730, 'item 0', T0, T0 + MIN, 2)).bestAsk)).toEqual([100, 110]);
  });
});

/**
 * The version-1 schema and chunks exactly as the first release wrote them (a copy: the fixture must not
 * follow later edits): item 0's baseline at T0 (a:steam 100, a:buff163 200, b:steam none) in a closed
 * chunk, then a:steam 90 at T0 + 1 min in a chunk of its own; format 1's typed arrays and sizes.
 */
async function v1Fixture(name: string): Promise<LegacyChunk[]> {
  const db = await openDB(name, 1, {
    upgrade(d) {
      const chunks = d.createObjectStore('chunks', { keyPath: ['g', 'n', 'st'] });
      chunks.createIndex('st', 'st');
      d.createObjectStore('meta', { keyPath: 'key' });
    },
  });
  const v1 = (st: number, b: 0 | 1, t: number[], s: number[], v: number[]): LegacyChunk => ({
    g: 730,
    n: 'item 0',
    st,
    b,
    t: Uint16Array.from(t),
    s: Uint16Array.from(s),
    v: Int32Array.from(v),
    bytes: 96 + 'item 0'.length * 2 + t.length * 8,
  });
  const recs = [v1(T0, 1, [0, 0, 0], [0, 1, 2], [100, 200, NONE]), v1(T0 + MIN, 0, [0], [0], [90])];
  for (const r of recs) await db.put('chunks', r);
  await db.put('meta', { key: `series:730`, list: ['a:steam', 'a:buff163', 'b:steam'] });
  await db.put('meta', { key: 'usage', bytes: recs.reduce((a, r) => a + r.bytes, 0), chunks: recs.length });
  db.close();
  return recs;
}

describe('schema upgrades', () => {
  it('a version-1 database opened by the next version keeps its data; only the new step runs', async () => {
    const name = `v1-${++seq}`;
    const recs = await v1Fixture(name);
    const ran: number[] = [];
    const later = HISTORY_UPGRADES.length + 1;
    // The next version: one more step (an index by game), as a later release would add it.
    const next = [
      ...HISTORY_UPGRADES,
      (_d: unknown, tx: Parameters<(typeof HISTORY_UPGRADES)[number]>[1]) => {
        ran.push(later);
        tx.objectStore('chunks').createIndex('g' as never, 'g');
      },
    ];
    const s = await store(name, { upgrades: next });
    expect(ran).toEqual([later]);
    expect(s.db.version).toBe(later);
    const h = await s.readItem(730, 'item 0', T0, T0 + MIN, 2);
    expect(Array.from(h.bestAsk)).toEqual([100, 90]);
    expect(await s.usage()).toMatchObject({ chunks: recs.length, oldest: T0 });
    // And it keeps recording on top of it.
    await s.record(poll(T0 + 2 * MIN, [[80, 200]]));
    expect(Array.from((await s.readItem(730, 'item 0', T0, T0 + 2 * MIN, 2)).bestAsk)).toEqual([90, 80]);
  });

  it('a fresh database runs every step', async () => {
    const s = await store(`fresh-${++seq}`);
    expect(s.db.version).toBe(HISTORY_UPGRADES.length);
    expect([...s.db.objectStoreNames].sort()).toEqual(['chunks', 'meta']);
  });

  it('a database of a newer build is refused with a message that says so', async () => {
    const name = `newer-${++seq}`;
    await v1Fixture(name);
    const db = await openDB(name, 7, { upgrade: () => undefined });
    db.close();
    const err = await HistoryStore.open(name).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NewerDatabaseError);
    expect((err as Error).message).toContain(
      `Price history: saved by a newer version of Market Desk (storage version 7; this version reads up to ${HISTORY_UPGRADES.length})`,
    );
    // Nothing was deleted.
    expect((await onDisk(name)).chunks.length).toBeGreaterThan(0);
  });

  it('an open store steps aside for another tab’s upgrade (blocking), then says the database is newer', async () => {
    const name = `blocking-${++seq}`;
    const old = await store(name);
    await old.record(poll(T0, [[100, 200]]));
    let blocked = 0;
    const next = [...HISTORY_UPGRADES, () => undefined];
    // A newer build in another tab: its upgrade is not held up by this connection.
    const newer = await store(name, { upgrades: next, onBlocked: (m) => void (m && blocked++) });
    expect(blocked).toBe(0);
    expect(newer.db.version).toBe(HISTORY_UPGRADES.length + 1);
    // This (older) store's next call opens again and finds a newer database.
    await expect(old.usage()).rejects.toBeInstanceOf(NewerDatabaseError);
  });

  it('an upgrade held up by a tab that does not step aside says so, and goes on when that tab closes', async () => {
    const name = `blocked-${++seq}`;
    await v1Fixture(name);
    // An old tab's connection with no versionchange handler.
    const stubborn: IDBPDatabase = await openDB(name, 1);
    const messages: Array<string | null> = [];
    const opening = store(name, {
      upgrades: [...HISTORY_UPGRADES, () => undefined],
      onBlocked: (m) => messages.push(m),
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/waits for another Market Desk tab or window.*close or reload the other tabs/);
    stubborn.close();
    const s = await opening;
    expect(s.db.version).toBe(HISTORY_UPGRADES.length + 1);
    expect(messages).toEqual([messages[0], null]);
  });
});

describe('two tabs: one records, the other reads', () => {
  it('the reading tab sees series the recording tab added after it opened', async () => {
    const name = `tabs-${++seq}`;
    const writer = await store(name);
    const reader = await store(name);
    await writer.record(poll(T0, [[100, 200]]));
    expect(Array.from((await reader.readItem(730, 'item 0', T0, T0 + MIN, 1)).bestAsk)).toEqual([100]);
    // A market the reader's recorder never saw.
    const p = poll(T0 + MIN, [[100, 200, 50]]);
    p.askMarkets = ['steam', 'buff163', 'skinport'];
    await writer.record(p);
    const h = await reader.readItem(730, 'item 0', T0, T0 + MIN, 2);
    expect(h.series).toContain('a:skinport');
    expect(Array.from(h.bestAsk)).toEqual([100, 50]);
  });
});
