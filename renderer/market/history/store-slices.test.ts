/**
 * A poll's write in slices (WRITE_SLICE chunks a transaction): held between slices while the worker says
 * so, and a slice that fails keeps the ones before it, the usage counter true and the recorder in step
 * with the disk.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFaults, closeAbnormally, injectFault, type FaultKind } from '../../lib/storage/testing/idb-faults';
import type { Chunk } from './chunk-codec';
import { HistoryStore, type OpenOptions } from './store';
import { MAX_SLICE, WRITE_BATCH, WRITE_SLICE } from './store-schema';
import { twoMarketPoll } from './testing/polls';

const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const MIN = 60_000;
const ITEMS = 2 * WRITE_SLICE + 200;
let seq = 0;
const open: HistoryStore[] = [];
afterEach(() => {
  clearFaults();
  for (const s of open.splice(0)) s.close();
});

/** A poll of ITEMS items, item i asking 1000 + i (+ `bump` on item 0) on steam and 2000 + i on buff163. */
const bigPoll = (at: number, bump = 0) =>
  twoMarketPoll(
    at,
    Array.from({ length: ITEMS }, (_, i) => [1000 + i + (i === 0 ? bump : 0), 2000 + i]),
  );

async function store(name: string, options?: OpenOptions): Promise<HistoryStore> {
  const s = await HistoryStore.open(name, options);
  open.push(s);
  return s;
}

/** A store whose `beforeSlice` calls `pause(n)` at its n-th pause between two slices (n from 1). */
function storePausing(name: string, pause: (n: number) => void): Promise<HistoryStore> {
  let n = 0;
  return store(name, {
    beforeSlice: () => {
      pause(++n);
      return Promise.resolve();
    },
  });
}

/** A store whose second slice meets a `kind` fault (armed at the first pause), and how often it fired. */
async function storeFaultingAtSecondSlice(name: string, kind: FaultKind) {
  let fault: { fired(): number } | undefined;
  const s = await storePausing(name, (n) => {
    if (n === 1) fault = injectFault(name, 'chunks', kind);
  });
  return { s, fired: () => fault?.fired() ?? 0 };
}

/** A store that notes how many chunks are on disk at each pause between two slices (`seen`). */
async function storeNotingPauses(name: string, options: OpenOptions = {}) {
  const seen: number[] = [];
  const s = await store(name, {
    ...options,
    beforeSlice: async () => {
      seen.push((await onDisk(name)).chunks);
    },
  });
  return { s, seen };
}

async function onDisk(name: string): Promise<{ chunks: number; bytes: number; usage: number | undefined }> {
  const db = await openDB(name);
  const chunks = (await db.getAll('chunks')) as Chunk[];
  const usage = (await db.get('meta', 'usage')) as { bytes?: number } | undefined;
  db.close();
  return { chunks: chunks.length, bytes: chunks.reduce((a, c) => a + c.bytes, 0), usage: usage?.bytes };
}

describe('a poll written in slices', () => {
  it('writes WRITE_SLICE chunks a transaction, held between slices as long as the worker holds it', async () => {
    const name = `slices-${++seq}`;
    let release: () => void = () => {};
    const seen: number[] = [];
    const s = await store(name, {
      beforeSlice: async () => {
        seen.push((await onDisk(name)).chunks);
        if (seen.length === 1) await new Promise<void>((r) => (release = r));
      },
    });
    const writing = s.record(bigPoll(T0));
    await expect.poll(() => seen.length).toBe(1);
    // Held: the first slice is on disk, with the usage counter that matches it, and no more.
    await new Promise((r) => setTimeout(r, 50));
    expect(await onDisk(name)).toMatchObject({ chunks: WRITE_SLICE });
    expect((await onDisk(name)).usage).toBe((await onDisk(name)).bytes);
    release();
    const r = await writing;
    expect(seen).toEqual([WRITE_SLICE, 2 * WRITE_SLICE]);
    expect(r.changedItems).toBe(ITEMS);
    const disk = await onDisk(name);
    expect(disk.chunks).toBe(ITEMS);
    expect(disk.usage).toBe(disk.bytes);
  });

  it('a slice goes on in its transaction while the user is still, and ends at the batch the user comes back in', async () => {
    const name = `slices-extend-${++seq}`;
    let asked = 0;
    // Still after the first WRITE_SLICE chunks, back at the next batch.
    const { s, seen } = await storeNotingPauses(name, { extendSlice: () => ++asked === 1 });
    const r = await s.record(bigPoll(T0));
    expect(seen).toEqual([WRITE_SLICE + WRITE_BATCH]);
    expect(asked).toBe(2);
    expect(r.changedItems).toBe(ITEMS);
    const disk = await onDisk(name);
    expect(disk.chunks).toBe(ITEMS);
    expect(disk.usage).toBe(disk.bytes);
    expect((await s.record(bigPoll(T0 + MIN, 5))).changedItems).toBe(1);
  });

  it('a user who stays still gets the poll in slices of MAX_SLICE', async () => {
    const name = `slices-max-${++seq}`;
    const { s, seen } = await storeNotingPauses(name, { extendSlice: () => true });
    const items = MAX_SLICE + WRITE_SLICE + 1;
    const poll = twoMarketPoll(
      T0,
      Array.from({ length: items }, (_, i) => [1000 + i, 2000 + i]),
    );
    expect((await s.record(poll)).changedItems).toBe(items);
    expect(seen).toEqual([MAX_SLICE]);
    const disk = await onDisk(name);
    expect(disk.chunks).toBe(items);
    expect(disk.usage).toBe(disk.bytes);
  });

  it('a slice that goes on meets a write refused for space: its unanswered puts do not hold it, the rest is written', async () => {
    const name = `slices-extend-quota-${++seq}`;
    const s = await store(name, { extendSlice: () => true });
    // The first batch's puts never settle (Chromium): the slice awaits them before its second batch.
    const fault = injectFault(name, 'chunks', 'quota-at-commit');
    const r = await s.record(bigPoll(T0));
    expect(fault.fired()).toBe(1);
    expect(r.changedItems).toBe(ITEMS);
    const disk = await onDisk(name);
    expect(disk.chunks).toBe(ITEMS);
    expect(disk.usage).toBe(disk.bytes);
  });

  it('a slice refused for lack of space: the oldest history is dropped and the rest of the poll written', async () => {
    const name = `slices-quota-${++seq}`;
    const { s, fired } = await storeFaultingAtSecondSlice(name, 'quota-at-commit');
    const r = await s.record(bigPoll(T0));
    expect(fired()).toBe(1);
    // At least the slices not written; the trim may have taken some of the first slice too.
    expect(r.changedItems).toBeGreaterThanOrEqual(ITEMS - WRITE_SLICE);
    const disk = await onDisk(name);
    expect(disk.chunks).toBe(ITEMS);
    expect(disk.usage).toBe(disk.bytes);
    // The recorder is in step with the disk: one price moved is one item changed.
    expect((await s.record(bigPoll(T0 + MIN, 5))).changedItems).toBe(1);
  });

  it('a slice aborted: the slices before it are kept, and the next poll writes what the disk lacks', async () => {
    const name = `slices-abort-${++seq}`;
    const { s, fired } = await storeFaultingAtSecondSlice(name, 'abort');
    await expect(s.record(bigPoll(T0))).rejects.toMatchObject({ name: 'HistoryWriteError', quota: false });
    expect(fired()).toBe(1);
    const kept = await onDisk(name);
    expect(kept.chunks).toBe(WRITE_SLICE);
    expect(kept.usage).toBe(kept.bytes);
    // Same prices a minute on: the items the disk has are unchanged, the others are written now.
    expect((await s.record(bigPoll(T0 + MIN))).changedItems).toBe(ITEMS - WRITE_SLICE);
    const disk = await onDisk(name);
    expect(disk.chunks).toBe(ITEMS);
    expect(disk.usage).toBe(disk.bytes);
  });

  it('the browser closes the connection between slices, and again while the rest is written: the write fails as not saved', async () => {
    const name = `slices-closed-twice-${++seq}`;
    // Pauses 1 and 2: one in the poll's slices, one in its rest's (ITEMS - WRITE_SLICE is two slices more).
    const s = await storePausing(name, (n) => {
      if (n <= 2) closeAbnormally(name);
    });
    await expect(s.record(bigPoll(T0))).rejects.toMatchObject({ name: 'HistoryWriteError', quota: false });
    const kept = await onDisk(name);
    expect(kept.chunks).toBe(2 * WRITE_SLICE);
    expect(kept.usage).toBe(kept.bytes);
    // Same prices a minute on: what the disk lacks is written now.
    expect((await s.record(bigPoll(T0 + MIN))).changedItems).toBe(ITEMS - 2 * WRITE_SLICE);
    expect((await onDisk(name)).chunks).toBe(ITEMS);
  });
});
