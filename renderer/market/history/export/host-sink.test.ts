/**
 * The streamed export's files on a host that behaves as the desktop one does (electron/main/export-files.ts:
 * every request validated with the shared schemas, files as "name.part" until they end, the chunk capped,
 * an abort or a full disk removes every file): chunks over the cap go in slices, a whole export arrives
 * byte for byte as the in-memory sinks get it, and a full disk leaves nothing.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../shared/random/mulberry32';
import { MAX_EXPORT_CHUNK_BYTES } from '../../../../shared/export/stream-files';
import { DAY, HOUR } from '../chunk-codec';
import { HistoryStore } from '../store';
import { FakeHost } from '../testing/fake-export-host';
import { hostSinks } from './host-sink';
import { MemorySink } from './sink';
import { exportFileNames, streamExport } from './stream-export';

const D0 = Date.UTC(2025, 0, 10);
const ctx = {
  service: 'http://127.0.0.1:9999',
  gameName: 'Counter-Strike 2',
  pollingIntervalMs: 60_000,
  at: D0 + 5 * DAY,
};
const stores: HistoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

async function filledStore(): Promise<HistoryStore> {
  const s = await HistoryStore.open(`host-sink-${stores.length}`);
  stores.push(s);
  const r = mulberry32(5);
  const names = ['AK-47 | Redline (Field-Tested)', 'b', 'c', 'd', 'e'];
  const ask = Int32Array.from({ length: names.length * 2 }, () => 1000 + Math.floor(r() * 100_000));
  const bid = Int32Array.from({ length: names.length }, () => 900 + Math.floor(r() * 90_000));
  for (let p = 0; p < 30; p++) {
    for (const a of [ask, bid])
      for (let i = 0; i < a.length; i++) if (r() < 0.3) a[i] = 1000 + Math.floor(r() * 100_000);
    await s.record({
      game: 730,
      at: D0 + 8 * HOUR + p * 60_000,
      names,
      askMarkets: ['steam', 'buff163'],
      bidMarkets: ['steam'],
      ask: ask.slice(),
      bid: bid.slice(),
      big: [],
    });
  }
  return s;
}

const sel = { game: 730, names: null, markets: null, from: 0, to: D0 + DAY };
const formats = { csv: true, parquet: true };

describe('streamed export to the host', () => {
  it('sends a chunk over the host cap in slices, each within the cap, in order', async () => {
    const host = new FakeHost('e-12345678', ['a.csv']);
    const sink = await hostSinks(host, host.exportId)('a.csv');
    const big = new Uint8Array(MAX_EXPORT_CHUNK_BYTES + 3).map((_, i) => i % 251);
    await sink.write(big);
    await sink.close();
    expect(host.writes).toEqual([MAX_EXPORT_CHUNK_BYTES, 3]);
    expect(Buffer.compare(host.bytes('a.csv'), big)).toBe(0);
  });

  it('a whole export arrives as the in-memory sinks get it, each file renamed from .part when it ends', async () => {
    const s = await filledStore();
    const mem = new Map<string, MemorySink>();
    const want = await streamExport(
      s,
      sel,
      formats,
      ctx,
      async (n) => mem.set(n, new MemorySink()).get(n)!,
      () => undefined,
      () => false,
      { rowGroupRows: 50 },
    );
    const names = exportFileNames(730, formats);
    const host = new FakeHost('e-12345678', names);
    const got = await streamExport(
      s,
      sel,
      formats,
      ctx,
      hostSinks(host, host.exportId),
      () => undefined,
      () => false,
      { rowGroupRows: 50 },
    );
    expect(got.rows).toBe(want.rows);
    expect(got.rows).toBeGreaterThan(100);
    expect([...host.files.keys()].sort()).toEqual([...names].sort());
    for (const n of names.filter((x) => x !== 'provenance.json'))
      expect(Buffer.compare(host.bytes(n), mem.get(n)!.bytes())).toBe(0);
    expect(host.aborts).toBe(0);
  });

  it('a full disk fails the export with the host\u2019s message, asks the host once to abort and leaves no file', async () => {
    const s = await filledStore();
    const names = exportFileNames(730, formats);
    const host = new FakeHost('e-12345678', names, 3_000);
    await expect(
      streamExport(
        s,
        sel,
        formats,
        ctx,
        hostSinks(host, host.exportId),
        () => undefined,
        () => false,
        { rowGroupRows: 20 },
      ),
    ).rejects.toThrow('The disk is full');
    expect(host.aborts).toBe(1);
    expect(host.files.size).toBe(0);
  });
});
