/**
 * A version-1 history (format-1 chunks, as the first release wrote them) opened by this version: read as
 * it is at once, then re-encoded in steps that a closed app resumes, to the same points in fewer bytes.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeChunk, isLegacy, type Chunk, type LegacyChunk } from './chunk-codec';
import { HistoryStore } from './store';

const NONE = -2147483648;
const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const MIN = 60_000;
const SERIES = ['a:steam', 'a:buff163', 'b:steam'];
let seq = 0;
const open: HistoryStore[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function store(name: string): Promise<HistoryStore> {
  const s = await HistoryStore.open(name);
  open.push(s);
  return s;
}

function v1(n: string, st: number, b: 0 | 1, t: number[], s: number[], v: Int32Array | Float64Array): LegacyChunk {
  return {
    g: 730,
    n,
    st,
    b,
    t: Uint16Array.from(t),
    s: Uint16Array.from(s),
    v,
    bytes: 96 + n.length * 2 + t.length * (4 + v.BYTES_PER_ELEMENT),
  };
}

/** Three items, three chunks each (a baseline, changes, changes with "no value"); one with Float64 values. */
async function v1Database(name: string): Promise<LegacyChunk[]> {
  const db = await openDB(name, 1, {
    upgrade(d) {
      const chunks = d.createObjectStore('chunks', { keyPath: ['g', 'n', 'st'] });
      chunks.createIndex('st', 'st');
      d.createObjectStore('meta', { keyPath: 'key' });
    },
  });
  const recs: LegacyChunk[] = [];
  for (let i = 0; i < 3; i++) {
    const n = `item ${i}`;
    recs.push(v1(n, T0, 1, [0, 0, 0], [0, 1, 2], Int32Array.from([100 + i, 200, i === 1 ? NONE : 90])));
    recs.push(v1(n, T0 + MIN, 0, [0, 60, 120, 120], [0, 0, 1, 2], Int32Array.from([101 + i, 0, NONE, 95])));
    recs.push(
      i === 2
        ? v1(n, T0 + 10 * MIN, 0, [0, 30], [1, 0], Float64Array.from([9_000_000_000_000, NaN]))
        : v1(n, T0 + 10 * MIN, 0, [0, 30], [1, 0], Int32Array.from([2_147_483_647, 1])),
    );
  }
  for (const r of recs) await db.put('chunks', r);
  await db.put('meta', { key: 'series:730', list: SERIES });
  await db.put('meta', { key: 'usage', bytes: recs.reduce((a, r) => a + r.bytes, 0), chunks: recs.length });
  db.close();
  return recs;
}

async function chunksIn(name: string): Promise<Chunk[]> {
  const db = await openDB(name);
  const all = (await db.getAll('chunks')) as Chunk[];
  db.close();
  return all;
}

const read = (s: HistoryStore, item: string) => s.readItem(730, item, T0, T0 + 12 * MIN, 12);

describe('migration of version 1’s chunks', () => {
  it('reads them at once, re-encodes them in steps, resumes after a restart, and keeps every point', async () => {
    const name = `migrate-${++seq}`;
    const legacy = await v1Database(name);
    const first = await store(name);
    // Before any step: read as they are.
    const before = await Promise.all(['item 0', 'item 1', 'item 2'].map((i) => read(first, i)));
    expect(Array.from(before[2]!.values[before[2]!.series.indexOf('a:buff163')]!).at(-1)).toBe(9_000_000_000_000);
    // Two steps of four records, then the app closes.
    expect(await first.migrateStep(4)).toEqual({ converted: 4, done: false });
    expect(await first.migrateStep(4)).toEqual({ converted: 4, done: false });
    first.close();
    const mid = await chunksIn(name);
    expect(mid.filter(isLegacy)).toHaveLength(1);

    // The next start goes on from there: only the last one is left.
    const second = await store(name);
    expect(await second.migrateStep(4)).toEqual({ converted: 1, done: true });
    expect(await second.migrateStep(4)).toEqual({ converted: 0, done: true });
    const after = await chunksIn(name);
    expect(after.filter(isLegacy)).toHaveLength(0);
    // The same points, chunk by chunk.
    for (const old of legacy) {
      const now = after.find((r) => r.n === old.n && r.st === old.st)!;
      expect(now).toMatchObject({ g: old.g, b: old.b });
      expect(decodeChunk(now)).toEqual(decodeChunk(old));
    }
    // The same reads; fewer bytes, and the counter is the chunks' sum.
    for (const [i, item] of ['item 0', 'item 1', 'item 2'].entries())
      expect(await read(second, item)).toEqual(before[i]);
    const u = await second.usage();
    expect(u.chunks).toBe(legacy.length);
    expect(u.bytes).toBe(after.reduce((a, r) => a + r.bytes, 0));
    expect(u.bytes).toBeLessThan(legacy.reduce((a, r) => a + r.bytes, 0));
    // And it records on top of them.
    await second.record({
      game: 730,
      at: T0 + 20 * MIN,
      names: ['item 0'],
      askMarkets: ['steam', 'buff163'],
      bidMarkets: ['steam'],
      ask: Int32Array.from([50, 200]),
      bid: Int32Array.from([90]),
      big: [],
    });
    expect(Array.from((await second.readItem(730, 'item 0', T0, T0 + 20 * MIN, 2)).bestAsk)).toEqual([0, 50]); // at T0 + 10 min: steam 0 (T0 + 3 min), buff 2,147,483,647
  });

  it('a new database has nothing to convert', async () => {
    const s = await store(`fresh-${++seq}`);
    expect(await s.migrateStep()).toEqual({ converted: 0, done: true });
  });
});
