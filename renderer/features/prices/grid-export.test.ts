/**
 * The grid's CSV export goes through the streamed export path (the host's openExport / writeExport /
 * endExport, as the history exports do): the whole view in chunks as they are built, never one file in
 * memory, the size estimated before the host is asked, a failure or a declined folder leaving nothing.
 */
import { describe, expect, it } from 'vitest';
import { CSV_BOM } from '../../../shared/csv/csv';
import { computeDerived } from '../../market/model/price-arithmetic';
import { ask, order, snapshotOf } from '../../market/model/test-helpers';
import { FakeHost } from '../../market/history/testing/fake-export-host';
import { buildCsv, type CsvContext } from './model/csv';
import { exportGridCsv } from './grid-export';

const MARKETS = ['steam', 'buff163', 'csfloat', 'skinport'];

/** `n` items, each listed on every market and bid on Steam. */
function context(n: number): CsvContext {
  const min = Array.from({ length: n }, (_, i) => ({
    market_hash_name: `Item ${i} | "Quoted", Comma`,
    prices: MARKETS.map((m, k) =>
      ask(m, 1000 + ((i * 37 + k * 101) % 500_000), 1 + ((i + k) % 9), k === 1 ? 900 + i : null),
    ),
  }));
  const max = Array.from({ length: n }, (_, i) => ({
    market_hash_name: `Item ${i} | "Quoted", Comma`,
    orders: [order('steam', 900 + (i % 1000), 3)],
  }));
  const snap = snapshotOf(min, max, MARKETS, ['steam']);
  const d = computeDerived({ snap, askCols: [0, 1, 2, 3], bidCols: [0], fees: {}, net: false });
  return { snap, d, askCols: [0, 1, 2, 3], marketName: (s) => s.toUpperCase(), net: false };
}

const tick = (): Promise<void> => Promise.resolve();

describe('grid CSV export, streamed to the host', () => {
  it('writes the whole view to the host in chunks as they are built, the file byte for byte the CSV', async () => {
    const ctx = context(20_000);
    const view = Int32Array.from({ length: 20_000 }, (_, i) => 19_999 - i);
    const host = new FakeHost('e-12345678');
    const done = await exportGridCsv(host, { ctx, view, stem: 'market-desk-cs2-2026-01-02-03-04' }, tick);
    const want = new TextEncoder().encode(CSV_BOM + buildCsv(ctx, view));
    expect(done).toEqual({
      path: '/home/user/market-desk-cs2-2026-01-02-03-04',
      file: 'market-desk-cs2-2026-01-02-03-04.csv',
      rows: 20_000,
      bytes: want.byteLength,
    });
    expect(host.opened).toHaveLength(1);
    expect(host.opened[0]?.files).toEqual(['market-desk-cs2-2026-01-02-03-04.csv']);
    // Estimated from the first rows, before the host is asked.
    expect(host.opened[0]?.estimateBytes).toBeGreaterThan(want.byteLength * 0.8);
    expect(host.opened[0]?.estimateBytes).toBeLessThan(want.byteLength * 1.2);
    // Chunks, none of them the whole file.
    expect(host.writes.length).toBeGreaterThan(4);
    expect(Math.max(...host.writes)).toBeLessThan(want.byteLength / 4);
    expect([...host.files.keys()]).toEqual(['market-desk-cs2-2026-01-02-03-04.csv']);
    expect(Buffer.compare(host.bytes('market-desk-cs2-2026-01-02-03-04.csv'), want)).toBe(0);
    expect(host.aborts).toBe(0);
  });

  it('a declined folder writes nothing', async () => {
    const host = new FakeHost('e-12345678');
    host.choose = false;
    expect(
      await exportGridCsv(host, { ctx: context(10), view: [0, 1, 2], stem: 'market-desk-cs2-x' }, tick),
    ).toBeNull();
    expect(host.writes).toEqual([]);
    expect(host.files.size).toBe(0);
  });

  it('a full disk fails with the host\u2019s message and leaves no file', async () => {
    const ctx = context(5_000);
    const view = Int32Array.from({ length: 5_000 }, (_, i) => i);
    const host = new FakeHost('e-12345678', [], 200_000);
    await expect(exportGridCsv(host, { ctx, view, stem: 'market-desk-cs2-x' }, tick)).rejects.toThrow(
      'The disk is full',
    );
    expect(host.files.size).toBe(0);
    expect(host.aborts).toBe(1);
  });

  it('a failure while the rows are built aborts the host\u2019s export', async () => {
    const ctx = context(5_000);
    const host = new FakeHost('e-12345678');
    let pauses = 0;
    const failing = async (): Promise<void> => {
      if (++pauses === 2) throw new Error('the page went away');
    };
    await expect(
      exportGridCsv(
        host,
        { ctx, view: Int32Array.from({ length: 5_000 }, (_, i) => i), stem: 'market-desk-cs2-x' },
        failing,
      ),
    ).rejects.toThrow('the page went away');
    expect(host.aborts).toBe(1);
    expect(host.files.size).toBe(0);
  });
});
