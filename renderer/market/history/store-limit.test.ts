/**
 * The history's size limit and its usage counter on the real store over fake-indexeddb: the counter is
 * what a recount of the chunks on disk says, after any mix of polls, trims and failed writes, and the
 * store stays under the user's limit.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../shared/random/mulberry32';
import { clearFaults, injectFault, type FaultKind, type FaultOp } from '../../lib/storage/testing/idb-faults';
import { DAY, HOUR, type Chunk } from './chunk-codec';
import type { PollInput } from './recorder';
import { HistoryStore } from './store';

const NONE = -2147483648;
const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const MIN = 60_000;
let seq = 0;
const opened: HistoryStore[] = [];
afterEach(() => {
  clearFaults();
  for (const s of opened.splice(0)) s.close();
});

async function store(name: string): Promise<HistoryStore> {
  const s = await HistoryStore.open(name);
  opened.push(s);
  return s;
}

/** `items` items on two ask markets and one bid market, prices from `price(item, k)`. */
function poll(at: number, items: number, price: (i: number, k: number) => number): PollInput {
  const names = Array.from({ length: items }, (_, i) => `item ${i}`);
  return {
    game: 730,
    at,
    names,
    askMarkets: ['steam', 'buff163'],
    bidMarkets: ['steam'],
    ask: Int32Array.from(names.flatMap((_, i) => [price(i, 0), price(i, 1)])),
    bid: Int32Array.from(names.map((_, i) => price(i, 2))),
    big: [],
  };
}

/** The chunks on disk, read past the store, and the counter it keeps. */
async function onDisk(
  name: string,
): Promise<{ bytes: number; chunks: number; counter: { bytes: number; chunks: number } }> {
  const db = await openDB(name);
  const recs = (await db.getAll('chunks')) as Chunk[];
  const u = (await db.get('meta', 'usage')) as { bytes?: number; chunks?: number } | undefined;
  db.close();
  return {
    bytes: recs.reduce((a, c) => a + c.bytes, 0),
    chunks: recs.length,
    counter: { bytes: u?.bytes ?? 0, chunks: u?.chunks ?? 0 },
  };
}

describe('the size limit', () => {
  it('a trim that takes chunks the recorder is still extending: the counter stays the chunks’ sum over the next polls', async () => {
    const name = `limit-${++seq}`;
    const s = await store(name);
    // 20 items whose asks change at every poll: each item's baseline chunk goes on with its changes.
    const at = (i: number) => T0 + i * MIN;
    const price = (step: number) => (i: number, k: number) => (k === 2 ? NONE : 1000 + i * 10 + k + step * (i + 1));
    for (let p = 0; p < 5; p++) await s.record(poll(at(p), 20, price(p)));
    const before = await onDisk(name);
    // A limit smaller than the newest chunks: the trim deletes open chunks.
    await s.enforce({ retentionDays: 30, capBytes: before.bytes / 2 }, at(5));
    for (let p = 5; p < 15; p++) await s.record(poll(at(p), 20, price(p)));
    const disk = await onDisk(name);
    expect(disk.counter).toEqual({ bytes: disk.bytes, chunks: disk.chunks });
    expect((await s.usage()).bytes).toBe(disk.bytes);
  });

  it('holds at every poll when it is smaller than the newest chunks', async () => {
    const name = `holds-${++seq}`;
    const s = await store(name);
    const price = (step: number) => (i: number, k: number) =>
      k === 2 ? 500 + step : 1000 + i * 10 + k + step * (i + 1);
    await s.record(poll(T0, 20, price(0)));
    const cap = (await onDisk(name)).bytes / 3;
    for (let p = 1; p <= 10; p++) {
      await s.record(poll(T0 + p * MIN, 20, price(p)), { retentionDays: 30, capBytes: cap });
      const disk = await onDisk(name);
      expect(disk.bytes).toBeLessThanOrEqual(cap);
      expect(disk.counter).toEqual({ bytes: disk.bytes, chunks: disk.chunks });
    }
    // What is kept reads back: the newest prices of an item whose chunks survived.
    const h = await s.readItem(730, 'item 19', T0, T0 + 10 * MIN, 1);
    expect(Array.from(h.bestAsk)).toEqual([1000 + 190 + 10 * 20]);
  });
});

describe('the usage counter equals a recount from disk (random sequences)', () => {
  const FAULTS: Array<[FaultKind, FaultOp]> = [
    ['quota-at-commit', 'write'],
    ['quota-at-request', 'write'],
    ['abort', 'write'],
    ['abort', 'delete'],
    ['error-at-request', 'delete'],
    ['error-at-request', 'read'],
    ['close', 'write'],
    ['close', 'delete'],
  ];

  for (const seed of Array.from({ length: 20 }, (_, i) => i + 1)) {
    it(`seed ${seed}: polls, trims, limits, consolidation, failed writes, deletes and reads, closes`, async () => {
      const rnd = mulberry32(seed);
      const pick = (n: number) => Math.floor(rnd() * n);
      const name = `prop-${seed}-${++seq}`;
      const s = await store(name);
      const items = 4 + pick(12);
      const prices = Array.from({ length: items * 3 }, () => 1000 + pick(1000));
      let t = T0;
      const steps: string[] = [];
      // A fault drawn is armed for the store's next call only (the test's own reads of the disk go past it).
      let armed: [FaultKind, number, FaultOp] | null = null;
      const faulty = async (call: () => Promise<unknown>) => {
        const f = armed ? injectFault(name, 'chunks', ...armed) : null;
        armed = null;
        await call().catch(() => undefined);
        f?.clear();
      };
      for (let step = 0; step < 60; step++) {
        const r = rnd();
        if (r < 0.6) {
          // A poll: some prices move; now and then a new day, an hour or a minute later.
          t += [MIN, MIN, MIN, HOUR, 7 * HOUR, DAY][pick(6)] as number;
          for (let c = 0; c < prices.length; c++) if (rnd() < 0.3) prices[c] = 1000 + pick(1000);
          const n = 1 + pick(items);
          const p = poll(t, n, (i, k) => prices[i * 3 + k] as number);
          const disk = await onDisk(name);
          const limits =
            rnd() < 0.5 ? { retentionDays: 1 + pick(5), capBytes: Math.max(1, disk.bytes * (0.2 + rnd())) } : undefined;
          steps.push(`poll ${n} items${limits ? ` cap ${Math.round(limits.capBytes)}` : ''}`);
          await faulty(() => s.record(p, limits));
        } else if (r < 0.7) {
          // Older days to hourly and daily steps (tiers.ts), as the worker does between polls.
          steps.push('consolidate');
          await faulty(() => s.consolidateStep(t, 5, 6 * HOUR, 2 * DAY));
        } else if (r < 0.85) {
          const disk = await onDisk(name);
          const cap = disk.bytes * rnd();
          steps.push(`enforce cap ${Math.round(cap)}`);
          await faulty(() => s.enforce({ retentionDays: 1 + pick(3), capBytes: cap }, t));
        } else {
          const [kind, op] = FAULTS[pick(FAULTS.length)] as [FaultKind, FaultOp];
          const times = 1 + pick(2);
          steps.push(`fault ${kind} on ${op} x${times}`);
          armed = [kind, times, op];
        }
        // A connection the browser closed goes on closing in the next task.
        await new Promise((resolve) => setTimeout(resolve, 0));
        const disk = await onDisk(name);
        expect(disk.counter, `after ${steps.join(', ')}`).toEqual({ bytes: disk.bytes, chunks: disk.chunks });
      }
    });
  }
});
