import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../shared/api/status';
import { NONE, toSnapshot, type SnapshotData } from '../model/snapshot';
import type { RecColumns } from '../recommendations/rec-columns';
import { gridCodec, recsCodec } from './codecs';
import { isSnapshotData } from '../worker/protocol';
import { keepsOffline, restoreSourceOf } from './source';
import { MIN_REWRITE_MS, OfflineStore, offlineId, saveWhenIdle, type SaveInput } from './store';

let seq = 0;
const stores: OfflineStore[] = [];
function newStore(cap?: number): OfflineStore {
  const s = new OfflineStore(`offline-test-${++seq}`, cap);
  stores.push(s);
  return s;
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

const LIVE_A = 'live|https://a.example';
const LIVE_B = 'live|https://b.example';
const input = (over: Partial<SaveInput> = {}): SaveInput => ({
  kind: 'grid',
  source: LIVE_A,
  game: 730,
  variant: 'steam|',
  format: 1,
  dataAt: 1000,
  ...over,
});

function columns(game = 730, n = 3): SnapshotData {
  const askMarkets = ['steam', 'buff163'];
  const bidMarkets = ['steam'];
  const ask = new Int32Array(n * 2).map((_, i) => 1000 + i);
  ask[1] = NONE;
  return {
    game,
    askMarkets,
    bidMarkets,
    n,
    names: Array.from({ length: n }, (_, i) => `Item ${i}`),
    search: Array.from({ length: n }, (_, i) => `item ${i}`),
    flags: new Uint32Array(n).fill(5),
    nameRank: Int32Array.from({ length: n }, (_, i) => i),
    byName: Int32Array.from({ length: n }, (_, i) => i),
    ask,
    locked: new Int32Array(n * 2).fill(NONE),
    offers: new Int32Array(n * 2).fill(7),
    listed: new Uint8Array(n * 2).fill(1),
    bid: new Int32Array(n).fill(900),
    bidOffers: new Int32Array(n).fill(3),
    bidListed: new Uint8Array(n).fill(1),
    overflow: [['ask', 0, 5_000_000_000]],
    notes: { unknownMarkets: [], skippedItems: 0, invalidValues: 1, duplicateNames: 0, duplicateEntries: 0 },
    meta: { transport: 'graphql', bytes: 1234, bytesDoneAt: 1, parseMs: 2, shapeMs: 3, readyAt: 4 },
  };
}

describe('OfflineStore', () => {
  it('keeps one record per kind, source and game: the latest load', async () => {
    const store = newStore();
    expect(await store.save(input({ dataAt: 1000, variant: 'steam|' }), 'first')).toBe(true);
    expect(await store.save(input({ dataAt: 2000, variant: 'steam,buff163|' }), 'second')).toBe(true);
    const rec = await store.load<string>('grid', LIVE_A, 730, 1);
    expect(rec?.payload).toBe('second');
    expect(rec?.meta).toMatchObject({ dataAt: 2000, variant: 'steam,buff163|', game: 730, source: LIVE_A });
    expect(await store.list('grid')).toHaveLength(1);
  });

  it('never replaces a record with an older load', async () => {
    const store = newStore();
    await store.save(input({ dataAt: 5000 }), 'newer');
    expect(await store.save(input({ dataAt: 4000 }), 'older')).toBe(false);
    expect((await store.load('grid', LIVE_A, 730, 1))?.payload).toBe('newer');
  });

  it('keys by game and by kind', async () => {
    const store = newStore();
    await store.save(input({ game: 730 }), 'cs2');
    await store.save(input({ game: 440 }), 'tf2');
    await store.save(input({ kind: 'recs', game: 730 }), 'recs');
    expect((await store.load('grid', LIVE_A, 730, 1))?.payload).toBe('cs2');
    expect((await store.load('grid', LIVE_A, 440, 1))?.payload).toBe('tf2');
    expect((await store.load('recs', LIVE_A, 730, 1))?.payload).toBe('recs');
    expect(await store.load('recs', LIVE_A, 440, 1)).toBeNull();
  });

  it("never offers one source's data for another", async () => {
    const store = newStore();
    await store.save(input({ source: LIVE_A }), 'a');
    expect(await store.load('grid', LIVE_B, 730, 1)).toBeNull();
    expect(await store.load('grid', 'demo', 730, 1)).toBeNull();
    await store.save(input({ source: LIVE_B }), 'b');
    expect((await store.load('grid', LIVE_A, 730, 1))?.payload).toBe('a');
    expect((await store.load('grid', LIVE_B, 730, 1))?.payload).toBe('b');
    expect(offlineId('grid', LIVE_A, 730)).not.toBe(offlineId('grid', LIVE_B, 730));
  });

  it('ignores a record of another format', async () => {
    const store = newStore();
    await store.save(input({ format: 1 }), 'v1');
    expect(await store.load('grid', LIVE_A, 730, 2)).toBeNull();
  });

  it('keeps at most `cap` records per kind, dropping the oldest written', async () => {
    const store = newStore(2);
    await store.save(input({ game: 1 }), 'g1', 100);
    await store.save(input({ game: 2 }), 'g2', 200);
    await store.save(input({ kind: 'recs', game: 9 }), 'r9', 250);
    await store.save(input({ game: 3 }), 'g3', 300);
    expect((await store.list('grid')).map((m) => m.game)).toEqual([3, 2]);
    expect(await store.load('grid', LIVE_A, 1, 1)).toBeNull();
    // Payloads go with their records.
    expect((await store.load('grid', LIVE_A, 2, 1))?.payload).toBe('g2');
    // Another kind keeps its own.
    expect((await store.list('recs')).map((m) => m.game)).toEqual([9]);
    // Writing an existing record again makes it the newest.
    await store.save(input({ game: 2, dataAt: 2000 }), 'g2b', 400);
    await store.save(input({ game: 4 }), 'g4', 500);
    expect((await store.list('grid')).map((m) => m.game)).toEqual([4, 2]);
  });

  it('round-trips a grid snapshot with its typed arrays', async () => {
    const store = newStore();
    const snap = toSnapshot(columns());
    await store.save(input(), gridCodec.encode(snap));
    const rec = await store.load('grid', LIVE_A, 730, gridCodec.format);
    expect(rec).not.toBeNull();
    const back = gridCodec.decode(rec?.payload);
    expect(back).not.toBeNull();
    if (!back) return;
    expect(back.ask).toBeInstanceOf(Int32Array);
    expect(back.listed).toBeInstanceOf(Uint8Array);
    expect(back.flags).toBeInstanceOf(Uint32Array);
    expect(Array.from(back.ask)).toEqual(Array.from(snap.ask));
    expect(back.ask[1]).toBe(NONE);
    expect(back.names).toEqual(snap.names);
    expect(back.notes).toEqual(snap.notes);
    expect(back.meta).toEqual(snap.meta);
    // The lookups are rebuilt.
    expect(back.big.ask.get(0)).toBe(5_000_000_000);
    expect(back.askIndex.get('buff163')).toBe(1);
    expect(back.indexOfName('Item 2')).toBe(2);
  });

  it('round-trips a recommendations list', async () => {
    const store = newStore();
    const n = 2;
    const recs: RecColumns = {
      game: 730,
      type: 'general',
      markets: null,
      n,
      names: ['A', 'B'],
      search: ['a', 'b'],
      flags: new Uint32Array(n),
      nameRank: Int32Array.from([0, 1]),
      byName: Int32Array.from([0, 1]),
      suggested: Float64Array.from([1000, NaN]),
      sales: new Float64Array(n),
      diff: new Float64Array(n),
      changePct: new Float64Array(n),
      liquidity: new Float64Array(n),
      reasons: Uint16Array.from([0, 3]),
      unknownReasons: [[1, ['NEW_CODE']]],
      droppedRows: 0,
      invalidValues: 1,
      meta: { transport: 'graphql', bytes: 1, bytesDoneAt: 1, parseMs: 1, shapeMs: 1, readyAt: 1, postedAt: 1 },
    };
    await store.save(input({ kind: 'recs' }), recsCodec.encode(recs));
    const back = recsCodec.decode((await store.load('recs', LIVE_A, 730, recsCodec.format))?.payload);
    expect(back?.suggested).toBeInstanceOf(Float64Array);
    expect(Number.isNaN(back?.suggested[1])).toBe(true);
    expect(Array.from(back?.reasons ?? [])).toEqual([0, 3]);
    expect(back?.unknownReasons).toEqual([[1, ['NEW_CODE']]]);
  });

  it('rejects a payload that is not the columns it should be', () => {
    const c = columns();
    expect(isSnapshotData(c)).toBe(true);
    expect(isSnapshotData({ ...c, ask: new Int32Array(1) })).toBe(false);
    expect(isSnapshotData({ ...c, listed: new Int32Array(c.n * 2) })).toBe(false);
    expect(isSnapshotData({ ...c, names: ['x'] })).toBe(false);
    expect(gridCodec.decode(null)).toBeNull();
    expect(gridCodec.decode('text')).toBeNull();
    expect(recsCodec.decode({ n: 1 })).toBeNull();
  });
});

describe('saveWhenIdle', () => {
  it('writes only the latest of several saves of one record, in idle time', async () => {
    const store = newStore();
    const queue: Array<() => void> = [];
    const idle = (fn: () => void) => void queue.push(fn);
    let encoded = 0;
    const first = saveWhenIdle(input({ dataAt: 1 }), () => (encoded++, 'one'), store, idle);
    const second = saveWhenIdle(input({ dataAt: 2 }), () => (encoded++, 'two'), store, idle);
    expect(queue).toHaveLength(1);
    expect(await second).toBe(false);
    expect(encoded).toBe(0);
    queue.shift()?.();
    expect(await first).toBe(true);
    expect(encoded).toBe(1);
    expect((await store.load('grid', LIVE_A, 730, 1))?.payload).toBe('two');
  });
});

describe('saveWhenIdle rewrites', () => {
  it('skips a reload of the same request soon after the one written, not another request', async () => {
    const store = newStore();
    const now = (fn: () => void) => fn();
    expect(await saveWhenIdle(input({ dataAt: 10_000 }), () => 'a', store, now)).toBe(true);
    expect(await saveWhenIdle(input({ dataAt: 10_000 + MIN_REWRITE_MS - 1 }), () => 'b', store, now)).toBe(false);
    expect(await saveWhenIdle(input({ dataAt: 20_000, variant: 'buff163|' }), () => 'c', store, now)).toBe(true);
    expect(
      await saveWhenIdle(input({ dataAt: 20_000 + MIN_REWRITE_MS, variant: 'buff163|' }), () => 'd', store, now),
    ).toBe(true);
    expect((await store.load('grid', LIVE_A, 730, 1))?.payload).toBe('d');
  });
});

describe('sources', () => {
  const status = (state: ConnectionStatus['state'], baseUrl: string): ConnectionStatus => ({
    state,
    baseUrl,
    message: '',
    action: '',
    hasKey: true,
    keyStorage: 'memory',
    weakStorageOnly: false,
    nextRetryAt: null,
    since: 0,
  });
  it('uses the serving source, else the live service the host is trying to reach', () => {
    expect(restoreSourceOf(LIVE_A, status('offline', 'https://b.example'))).toBe(LIVE_A);
    expect(restoreSourceOf(null, status('offline', 'https://a.example'))).toBe(LIVE_A);
    expect(restoreSourceOf(null, status('connecting', 'https://a.example'))).toBe(LIVE_A);
    expect(restoreSourceOf(null, status('connecting', ''))).toBeNull();
    expect(restoreSourceOf(null, status('demo', ''))).toBeNull();
    expect(restoreSourceOf(null, null)).toBeNull();
  });
  it('keeps live data only, never demo data', () => {
    expect(keepsOffline(LIVE_A)).toBe(true);
    expect(keepsOffline('demo')).toBe(false);
    expect(keepsOffline(null)).toBe(false);
  });
});
