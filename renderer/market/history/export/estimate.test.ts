/** The size shown before an export starts: rows counted from a list's records, a game's from the store's size. */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../../shared/random/mulberry32';
import { DAY, HOUR } from '../chunk-codec';
import { HistoryStore } from '../store';
import {
  bytesFor,
  CSV_BYTES_PER_ROW,
  estimateExport,
  PARQUET_BYTES_PER_ROW,
  rowsFromStore,
  STORED_BYTES_PER_ROW,
} from './estimate';
import { MemorySink } from './sink';
import { streamExport } from './stream-export';

const D0 = Date.UTC(2025, 0, 10);
const ctx = { service: 'x', gameName: 'Counter-Strike 2', pollingIntervalMs: 60_000, at: D0 + 5 * DAY };
const stores: HistoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

describe('export estimate', () => {
  it('a list of items: at least the rows the export writes, and not far over', async () => {
    const s = await HistoryStore.open('estimate-1');
    stores.push(s);
    const r = mulberry32(9);
    const names = ['a', 'b', 'c', 'd'];
    const ask = Int32Array.from({ length: names.length * 2 }, () => 1000 + Math.floor(r() * 1000));
    for (let p = 0; p < 40; p++) {
      for (let i = 0; i < ask.length; i++) if (r() < 0.3) ask[i] = 1000 + Math.floor(r() * 1000);
      await s.record({
        game: 730,
        at: D0 + 8 * HOUR + p * 60_000,
        names,
        askMarkets: ['steam', 'buff163'],
        bidMarkets: [],
        ask: ask.slice(),
        bid: new Int32Array(0),
        big: [],
      });
    }
    const sel = { game: 730, names: ['a', 'c'], markets: null, from: 0, to: D0 + DAY };
    const formats = { csv: true, parquet: false };
    const est = await estimateExport(s, sel, formats);
    const out = await streamExport(
      s,
      sel,
      formats,
      ctx,
      async () => new MemorySink(),
      () => undefined,
      () => false,
    );
    expect(out.rows).toBeGreaterThan(20);
    expect(est.rows).toBeGreaterThanOrEqual(out.rows);
    expect(est.rows).toBeLessThanOrEqual(out.rows * 1.5);
    expect(est.bytes).toBe(bytesFor(est.rows, formats));
    expect(await estimateExport(s, { ...sel, names: ['nobody'] }, formats)).toEqual({ rows: 0, bytes: 0 });
  });

  it('a game: its share of the store, the range\u2019s share of the time kept', () => {
    const store = { bytes: 1_040_000, chunks: 1000, gameChunks: 500, oldest: D0 };
    // Half the records, half the time kept.
    expect(rowsFromStore({ from: D0 + DAY, to: D0 + 3 * DAY }, store, D0 + 2 * DAY)).toBe(
      Math.round(520_000 / STORED_BYTES_PER_ROW / 2),
    );
    expect(rowsFromStore({ from: 0, to: D0 + 9 * DAY }, store, D0 + 2 * DAY)).toBe(
      Math.round(520_000 / STORED_BYTES_PER_ROW),
    );
    expect(rowsFromStore({ from: 0, to: D0 - 1 }, store, D0 + 2 * DAY)).toBe(0);
    expect(rowsFromStore({ from: 0, to: D0 }, { ...store, gameChunks: 0 }, D0)).toBe(0);
    expect(bytesFor(1_000_000, { csv: true, parquet: true })).toBe(
      Math.ceil(1_000_000 * (CSV_BYTES_PER_ROW + PARQUET_BYTES_PER_ROW)) + 64 * 1024,
    );
  });
});
