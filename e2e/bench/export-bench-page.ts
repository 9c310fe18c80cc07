/**
 * The page side of bench-export.ts: the app's history store (renderer/market/history/store.ts) filled in
 * Chromium's IndexedDB with the bench:history workload (30,000 items x 36 ask + 7 bid markets, 1-minute
 * polls, 1 % of the price cells changed each poll by up to ±2 %), then exported for every item: the
 * in-memory export (export-run.ts, "before") and the streamed one (export/stream-export.ts) into sinks
 * that count. Bundled by the bench with esbuild.
 */
import { GameRecorder, type PollInput } from '../../renderer/market/history/recorder';
import { HistoryStore } from '../../renderer/market/history/store';
import type { Chunk } from '../../renderer/market/history/chunk-codec';
import { runExport } from '../../renderer/market/history/export-run';
import { CountingSink } from '../../renderer/market/history/export/sink';
import { streamExport } from '../../renderer/market/history/export/stream-export';
import { mulberry32 } from '../../shared/random/mulberry32';

const NONE = -2147483648;
const DB = 'bench-export';
const T0 = Date.UTC(2025, 0, 1);

/** The bench:history catalog and its moves (history-bench-page.ts), here on their own. */
function catalog(
  n: number,
  m: number,
  b: number,
  seed: number,
): { names: string[]; askMarkets: string[]; bidMarkets: string[]; ask: Int32Array; bid: Int32Array } {
  const r = mulberry32(seed);
  const ask = new Int32Array(n * m);
  const bid = new Int32Array(n * b);
  for (let i = 0; i < ask.length; i++) ask[i] = r() < 0.15 ? NONE : 1000 + Math.floor(r() * 500_000);
  for (let i = 0; i < bid.length; i++) bid[i] = r() < 0.3 ? NONE : 900 + Math.floor(r() * 450_000);
  return {
    names: Array.from({ length: n }, (_, i) => `Synthetic item ${i} | Skin (Field-Tested)`),
    askMarkets: Array.from({ length: m }, (_, k) => `market${k}`),
    bidMarkets: Array.from({ length: b }, (_, k) => `market${k}`),
    ask,
    bid,
  };
}

function move(c: ReturnType<typeof catalog>, fraction: number, r: () => number): void {
  const total = c.ask.length + c.bid.length;
  const count = Math.round(total * fraction);
  for (let j = 0; j < count; j++) {
    const cell = Math.floor(r() * total);
    const arr = cell < c.ask.length ? c.ask : c.bid;
    const i = cell < c.ask.length ? cell : cell - c.ask.length;
    const v = arr[i] as number;
    arr[i] = v === NONE ? 1000 + Math.floor(r() * 500_000) : Math.max(1, v + Math.round((r() - 0.5) * v * 0.04) || 1);
  }
}

export interface FillFigures {
  items: number;
  polls: number;
  points: number;
  records: number;
  bytes: number;
  ms: number;
}

/**
 * `hours` of 1-minute polls of `items` items, through the recorder, their records written to IndexedDB.
 * `consolidate`: at the end of each simulated day the store consolidates as the app does then (tiers.ts:
 * hourly after 48 h, daily blocks after that), so a 30-day store holds what the app keeps after 30 days.
 */
async function fill(items: number, hours: number, consolidate = false): Promise<FillFigures> {
  const s = performance.now();
  await new Promise<void>((res) => {
    const q = indexedDB.deleteDatabase(DB);
    q.onsuccess = q.onerror = q.onblocked = () => res();
  });
  const store = await HistoryStore.open(DB);
  const c = catalog(items, 36, 7, 5);
  const r = mulberry32(13);
  const rec = new GameRecorder(730);
  const polls = hours * 60;
  let points = 0;
  let records = 0;
  let bytes = 0;
  /** Open records by name; a record is written once it is closed (a new one started) and at the end. */
  const open = new Map<string, Chunk>();
  let pending: Chunk[] = [];
  const saveSeries = async (): Promise<void> => {
    const meta = store.db.transaction('meta', 'readwrite');
    void meta.store.put({ key: 'series:730', list: rec.series });
    await meta.done;
  };
  const flush = async (): Promise<void> => {
    for (const x of pending) bytes += x.bytes;
    records += pending.length;
    const tx = store.db.transaction('chunks', 'readwrite');
    for (const x of pending) void tx.store.put(x);
    await tx.done;
    pending = [];
  };
  for (let i = 0; i < polls; i++) {
    if (i > 0) move(c, 0.01, r);
    const p: PollInput = {
      game: 730,
      at: T0 + i * 60_000,
      names: c.names,
      askMarkets: c.askMarkets,
      bidMarkets: c.bidMarkets,
      ask: c.ask.slice(),
      bid: c.bid.slice(),
      big: [],
    };
    const res = rec.apply(p);
    points += res.points;
    for (const ch of res.dirty) {
      const prev = open.get(ch.n);
      if (prev && prev.st !== ch.st) pending.push(prev);
      open.set(ch.n, ch.toChunk());
    }
    if (pending.length >= 20_000) await flush();
    if (consolidate && (i + 1) % 1440 === 0) {
      await flush();
      await saveSeries();
      const now = T0 + (i + 1) * 60_000;
      while (!(await store.consolidateStep(now)).done);
    }
  }
  pending.push(...open.values());
  await flush();
  await saveSeries();
  if (consolidate) {
    records = 0;
    bytes = 0;
    const read = store.db.transaction('chunks');
    for (let c = await read.store.openCursor(); c; c = await c.continue()) {
      records++;
      bytes += c.value.bytes;
    }
  }
  store.close();
  return { items, polls, points, records, bytes, ms: performance.now() - s };
}

export interface RunFigures {
  impl: 'before' | 'streamed';
  format: 'csv' | 'parquet';
  rows: number;
  ms: number;
  /** Output size (the export's file, not provenance.json). */
  bytes: number;
  /** From the start to the first byte handed to the file (the in-memory export: when its files exist). */
  firstByteMs: number;
  /** From the start to the first progress report. */
  firstProgressMs: number;
  heapBefore: number;
  heapPeak: number;
}

declare global {
  interface Performance {
    memory?: { usedJSHeapSize: number };
  }
}

const heap = (): number => performance.memory?.usedJSHeapSize ?? NaN;

async function run(impl: 'before' | 'streamed', format: 'csv' | 'parquet', hours: number): Promise<RunFigures> {
  // Exposed by --js-flags=--expose-gc.
  (globalThis as { gc?: () => void }).gc?.();
  const store = await HistoryStore.open(DB);
  const heapBefore = heap();
  let heapPeak = heapBefore;
  const sample = (): void => {
    heapPeak = Math.max(heapPeak, heap());
  };
  const sel = { game: 730, names: null, markets: null, from: T0, to: T0 + hours * 3_600_000 };
  const ctx = { service: 'bench', pollingIntervalMs: 60_000, at: T0 + hours * 3_600_000 };
  const s = performance.now();
  let firstProgress = NaN;
  const progressed = (): void => {
    if (Number.isNaN(firstProgress)) firstProgress = performance.now() - s;
    sample();
  };
  try {
    if (impl === 'before') {
      const out = await runExport(store, sel, format, ctx, progressed, () => false);
      sample();
      const ms = performance.now() - s;
      return {
        impl,
        format,
        rows: out.rows,
        ms,
        bytes: out.files[0]?.bytes.byteLength ?? 0,
        firstByteMs: ms,
        firstProgressMs: firstProgress,
        heapBefore,
        heapPeak,
      };
    }
    const sinks = new Map<string, CountingSink>();
    const out = await streamExport(
      store,
      sel,
      { csv: format === 'csv', parquet: format === 'parquet' },
      ctx,
      async (name) => {
        const k = new CountingSink();
        const write = k.write.bind(k);
        k.write = async (chunk) => {
          sample();
          await write(chunk);
        };
        sinks.set(name, k);
        return k;
      },
      progressed,
      () => false,
    );
    const ms = performance.now() - s;
    const file = sinks.get(`price-history-730.${format}`);
    return {
      impl,
      format,
      rows: out.rows,
      ms,
      bytes: file?.bytes ?? 0,
      firstByteMs: (file?.firstAt ?? NaN) - s,
      firstProgressMs: firstProgress,
      heapBefore,
      heapPeak,
    };
  } finally {
    store.close();
  }
}

declare global {
  interface Window {
    __exportBench: { fill: typeof fill; run: typeof run };
  }
}
window.__exportBench = { fill, run };
