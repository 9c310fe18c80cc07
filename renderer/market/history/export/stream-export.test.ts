/**
 * The streamed price-history export read back with an independent reader (hyparquet): Parquet's types
 * (DECIMAL(18,3) money, TIMESTAMP(MILLIS, UTC) time, dictionary-encoded names, the provenance in the
 * footer), every change the store holds for the range (the same rows as the in-memory export), the CSV
 * equal to it, several row groups written as they fill, and no file left by a cancel or a failing sink.
 */
import 'fake-indexeddb/auto';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterEach, describe, expect, it } from 'vitest';
import { readCsv } from '../../../../shared/csv/read';
import { mulberry32 } from '../../../../shared/random/mulberry32';
import { DAY, HOUR } from '../chunk-codec';
import { ExportCancelled, runExport } from '../export-run';
import type { PollInput } from '../recorder';
import { HistoryStore } from '../store';
import { MemorySink, type ExportSink } from './sink';
import { streamExport, type StreamProgress } from './stream-export';

const D0 = Date.UTC(2025, 0, 10);
const MIN = 60_000;
const NONE = -2147483648;
const ctx = {
  service: 'http://127.0.0.1:9999',
  gameName: 'Counter-Strike 2',
  pollingIntervalMs: 60_000,
  at: D0 + 5 * DAY,
};
const open: HistoryStore[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
let seq = 0;

async function store(): Promise<HistoryStore> {
  const s = await HistoryStore.open(`stream-export-${++seq}`);
  open.push(s);
  return s;
}

const NAMES = ['=cmd|evil', 'AK-47 | Redline, "Field-Tested"', 'StatTrak™ M4A4', '★ Karambit | Fade', 'b', 'c', 'd'];

/** Polls of NAMES on 3 ask and 2 bid markets, a fifth of the cells moving at each (some to no price). */
async function fill(s: HistoryStore, polls: number, from = D0 + 8 * HOUR): Promise<void> {
  const r = mulberry32(3);
  const ask = Int32Array.from({ length: NAMES.length * 3 }, () => 1000 + Math.floor(r() * 100_000));
  const bid = Int32Array.from({ length: NAMES.length * 2 }, () => 900 + Math.floor(r() * 90_000));
  for (let p = 0; p < polls; p++) {
    for (const a of [ask, bid])
      for (let i = 0; i < a.length; i++) if (r() < 0.2) a[i] = r() < 0.1 ? NONE : 1000 + Math.floor(r() * 100_000);
    const input: PollInput = {
      game: 730,
      at: from + p * MIN,
      names: NAMES,
      askMarkets: ['steam', 'buff163', 'csfloat'],
      bidMarkets: ['steam', 'buff163'],
      ask: ask.slice(),
      bid: bid.slice(),
      big: [],
    };
    await s.record(input);
  }
}

function sinks(): { open: (name: string) => Promise<ExportSink>; files: Map<string, MemorySink> } {
  const files = new Map<string, MemorySink>();
  return {
    files,
    open: async (name) => {
      const k = new MemorySink();
      files.set(name, k);
      return k;
    },
  };
}

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

type Row = [string, number, string, string, number | null, number | null, number | null, number];
const key = (r: Row): string => JSON.stringify(r);

async function parquetRows(bytes: Uint8Array): Promise<Row[]> {
  const rows = (await parquetReadObjects({ file: ab(bytes) })) as Array<Record<string, unknown>>;
  const dec = (v: unknown): number | null =>
    v === null ? null : typeof v === 'bigint' ? Number(v) : Math.round((v as number) * 1000);
  return rows.map((r) => [
    r.item as string,
    (r.time as Date).getTime(),
    r.market as string,
    r.side as string,
    dec(r.price),
    dec(r.low),
    dec(r.high),
    r.resolution_ms as number,
  ]);
}

describe('streamed history export', () => {
  it('types money as DECIMAL(18,3) and time as TIMESTAMP(MILLIS, UTC), names dictionary-encoded, provenance in the footer', async () => {
    const s = await store();
    await s.record({
      game: 730,
      at: D0 + 8 * HOUR,
      names: ['x', 'y'],
      askMarkets: ['steam'],
      bidMarkets: [],
      ask: Int32Array.from([12345, 2_000]),
      bid: new Int32Array(0),
      big: [],
    });
    const k = sinks();
    const out = await streamExport(
      s,
      { game: 730, names: null, markets: null, from: D0, to: D0 + DAY },
      { csv: false, parquet: true },
      ctx,
      k.open,
      () => undefined,
      () => false,
    );
    expect(out.files.map((f) => f.name)).toEqual(['price-history-730.parquet', 'provenance.json']);
    const buf = ab(k.files.get('price-history-730.parquet')!.bytes());
    const rows = (await parquetReadObjects({ file: buf })) as Array<Record<string, unknown>>;
    const steam = rows.find((r) => r.item === 'x' && r.market === 'steam');
    expect(steam?.price).toBe(12.345);
    expect((steam?.time as Date).toISOString()).toBe(new Date(D0 + 8 * HOUR).toISOString());
    const meta = parquetMetadata(buf);
    const el = (n: string) => meta.schema.find((e) => e.name === n);
    expect(el('price')).toMatchObject({ type: 'INT64', logical_type: { type: 'DECIMAL', precision: 18, scale: 3 } });
    expect(el('time')).toMatchObject({
      type: 'INT64',
      logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
    });
    expect(el('item')).toMatchObject({ type: 'BYTE_ARRAY', logical_type: { type: 'STRING' } });
    const enc = (n: string) =>
      meta.row_groups[0]!.columns.find((c) => c.meta_data?.path_in_schema[0] === n)?.meta_data?.encodings;
    expect(enc('item')).toContain('RLE_DICTIONARY');
    expect(enc('market')).toContain('RLE_DICTIONARY');
    const kv = meta.key_value_metadata?.find((x) => x.key === 'market-desk.provenance');
    expect(JSON.parse(kv?.value ?? '{}')).toMatchObject({
      service: ctx.service,
      game: 730,
      pollingIntervalMs: 60_000,
      rows: out.rows,
    });
  });

  it('holds every change of the range, as the in-memory export does, in Parquet and CSV, written in several row groups as they fill', async () => {
    const s = await store();
    await fill(s, 40);
    await fill(s, 5, D0 + DAY + 2 * HOUR);
    const sel = { game: 730, names: null, markets: null, from: D0 + 8 * HOUR + 10 * MIN, to: D0 + DAY + 3 * HOUR };
    const before = await runExport(
      s,
      sel,
      'csv',
      ctx,
      () => undefined,
      () => false,
    );
    const k = sinks();
    const progress: StreamProgress[] = [];
    const out = await streamExport(
      s,
      sel,
      { csv: true, parquet: true },
      ctx,
      k.open,
      (p) => progress.push(p),
      () => false,
      { batchRecords: 3, rowGroupRows: 97 },
    );
    expect(out.rows).toBe(before.rows);
    expect(out.rows).toBeGreaterThan(200);

    const expected = readCsv(new TextDecoder().decode(before.files[0]!.bytes))
      .records.slice(1)
      .map((r): Row => {
        const f = r.fields;
        const n = (x: string | undefined): number | null => (x ? Number(x) : null);
        return [f[2] as string, Number(f[1]), f[3] as string, f[4] as string, n(f[5]), n(f[6]), n(f[7]), Number(f[8])];
      });
    const pq = k.files.get('price-history-730.parquet')!;
    const got = await parquetRows(pq.bytes());
    expect(got.map(key).sort()).toEqual(expected.map(key).sort());
    // Item after item (in the store's order), each item's rows in time order.
    const items = got.map((r) => r[0]);
    expect(new Set(items).size).toBe(NAMES.length);
    expect(items.filter((x, i) => i === 0 || x !== items[i - 1])).toHaveLength(NAMES.length);
    expect(got.every((r, i) => i === 0 || r[0] !== got[i - 1]![0] || r[1] >= got[i - 1]![1])).toBe(true);
    // Row groups as they filled, each reaching the sink as a chunk of its own.
    const meta = parquetMetadata(ab(pq.bytes()));
    expect(meta.row_groups.length).toBe(Math.ceil(out.rows / 97));
    expect(pq.chunks.length).toBeGreaterThanOrEqual(meta.row_groups.length);

    // The CSV (the one CSV reader: BOM, quotes, the formula guard undone) holds the same rows in the same order.
    const csvRecords = readCsv(new TextDecoder().decode(k.files.get('price-history-730.csv')!.bytes())).records;
    expect(csvRecords[0]!.fields).toEqual([
      'time_utc',
      'time_ms',
      'item',
      'market',
      'side',
      'price',
      'low',
      'high',
      'resolution_ms',
    ]);
    const csvRows = csvRecords.slice(1).map((r): Row => {
      const f = r.fields;
      const n = (x: string | undefined): number | null => (x ? Number(x) : null);
      expect(f[0]).toBe(new Date(Number(f[1])).toISOString());
      return [f[2] as string, Number(f[1]), f[3] as string, f[4] as string, n(f[5]), n(f[6]), n(f[7]), Number(f[8])];
    });
    expect(csvRows).toEqual(got);

    expect(progress.at(-1)).toMatchObject({ rows: out.rows, items: NAMES.length, fraction: 1, etaMs: 0 });
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[0]).toMatchObject({ rows: 0, bytes: 0, fraction: 0, etaMs: null });
    expect(
      progress.every((p, i) => i === 0 || (p.fraction >= progress[i - 1]!.fraction && p.rows >= progress[i - 1]!.rows)),
    ).toBe(true);

    // A list of items (a watchlist) reads them item by item: the same rows for those items.
    const some = sinks();
    const listed = await streamExport(
      s,
      { ...sel, names: [NAMES[3]!, NAMES[1]!] },
      { csv: false, parquet: true },
      ctx,
      some.open,
      () => undefined,
      () => false,
      { batchItems: 1 },
    );
    const want = got.filter((r) => r[0] === NAMES[3] || r[0] === NAMES[1]);
    expect(listed.rows).toBe(want.length);
    expect((await parquetRows(some.files.get('price-history-730.parquet')!.bytes())).map(key).sort()).toEqual(
      want.map(key).sort(),
    );
    expect([...k.files.values()].every((f) => f.state === 'closed')).toBe(true);
    expect(out.files.find((f) => f.name.endsWith('.csv'))?.bytes).toBe(
      k.files.get('price-history-730.csv')!.byteLength,
    );
  });

  it('exports consolidated (hourly) parts with their low and high', async () => {
    const s = await store();
    await fill(s, 60);
    await fill(s, 1, D0 + 3 * DAY);
    while (!(await s.consolidateStep(D0 + 3 * DAY, undefined, undefined, 7 * DAY)).done);
    const sel = { game: 730, names: null, markets: ['steam'], from: D0, to: D0 + 4 * DAY };
    const before = await runExport(
      s,
      sel,
      'parquet',
      ctx,
      () => undefined,
      () => false,
    );
    const k = sinks();
    await streamExport(
      s,
      sel,
      { csv: false, parquet: true },
      ctx,
      k.open,
      () => undefined,
      () => false,
      { batchItems: 2, rowGroupRows: 50 },
    );
    const got = await parquetRows(k.files.get('price-history-730.parquet')!.bytes());
    // The in-memory export's money is plain INT64 thousandths.
    const want = await parquetRows(before.files[0]!.bytes);
    expect(got.some((r) => r[7] === HOUR && (r[5] !== null || r[6] !== null))).toBe(true);
    expect(got.map(key).sort()).toEqual(want.map(key).sort());
  });

  it("carries the mark as market '*', side 'mark', only where it changed, beside an older part without it (CSV and Parquet)", async () => {
    const s = await store();
    const at = (m: number): number => D0 + 8 * HOUR + m * MIN;
    const base = {
      game: 730,
      names: ['x', 'y'],
      askMarkets: ['steam', 'buff163'],
      bidMarkets: [],
      bid: new Int32Array(0),
      big: [],
    };
    // Recorded before the mark was: no mark rows for that poll.
    await s.record({ ...base, at: at(0), ask: Int32Array.from([12_000, 11_000, 2_000, NONE]) });
    await s.record({
      ...base,
      at: at(1),
      ask: Int32Array.from([12_000, 11_000, 2_000, NONE]),
      mark: Float64Array.from([11_500, 2_000]),
    });
    await s.record({
      ...base,
      at: at(2),
      ask: Int32Array.from([12_000, 11_000, 2_000, NONE]),
      mark: Float64Array.from([11_500, 2_000]),
    });
    await s.record({
      ...base,
      at: at(3),
      ask: Int32Array.from([12_500, 11_000, 2_000, NONE]),
      mark: Float64Array.from([11_750, NaN]),
    });
    const k = sinks();
    const out = await streamExport(
      s,
      { game: 730, names: null, markets: null, from: D0, to: D0 + DAY },
      { csv: true, parquet: true },
      ctx,
      k.open,
      () => undefined,
      () => false,
    );
    const marks = (await parquetRows(k.files.get('price-history-730.parquet')!.bytes())).filter((r) => r[3] === 'mark');
    expect(marks.map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      ['x', at(1), '*', 11_500],
      ['x', at(3), '*', 11_750],
      ['y', at(1), '*', 2_000],
      ['y', at(3), '*', null],
    ]);
    const csv = readCsv(new TextDecoder().decode(k.files.get('price-history-730.csv')!.bytes())).records.slice(1);
    expect(csv.filter((r) => r.fields[4] === 'mark').map((r) => [r.fields[2], r.fields[3], r.fields[5]])).toEqual([
      ['x', '*', '11500'],
      ['x', '*', '11750'],
      ['y', '*', '2000'],
      ['y', '*', ''],
    ]);
    const provenance = JSON.parse(new TextDecoder().decode(k.files.get('provenance.json')!.bytes())) as {
      columns: Record<string, string>;
    };
    expect(provenance.columns.side).toContain("'mark'");
    expect(out.rows).toBeGreaterThan(marks.length);
  });

  it('a cancel aborts every file and writes nothing more', async () => {
    const s = await store();
    await fill(s, 10);
    const k = sinks();
    let batches = 0;
    await expect(
      streamExport(
        s,
        { game: 730, names: null, markets: null, from: 0, to: D0 + DAY },
        { csv: true, parquet: true },
        ctx,
        k.open,
        () => void batches++,
        () => batches >= 1,
        { batchItems: 2, rowGroupRows: 10 },
      ),
    ).rejects.toBeInstanceOf(ExportCancelled);
    expect([...k.files.values()].map((f) => [f.state, f.byteLength])).toEqual([
      ['aborted', 0],
      ['aborted', 0],
      ['aborted', 0],
    ]);
  });

  it('a sink that fails (a full disk) fails the export with its message and aborts the other files', async () => {
    const s = await store();
    await fill(s, 10);
    const files = new Map<string, MemorySink>();
    const full = async (name: string): Promise<ExportSink> => {
      const k = new MemorySink();
      files.set(name, k);
      if (!name.endsWith('.parquet')) return k;
      return {
        write: async (c) => {
          if (k.byteLength + c.byteLength > 2_000)
            throw new Error('Not enough space on the disk for price-history-730.parquet.');
          await k.write(c);
        },
        close: () => k.close(),
        abort: (r) => k.abort(r),
      };
    };
    await expect(
      streamExport(
        s,
        { game: 730, names: null, markets: null, from: 0, to: D0 + DAY },
        { csv: true, parquet: true },
        ctx,
        full,
        () => undefined,
        () => false,
        { batchItems: 2, rowGroupRows: 20 },
      ),
    ).rejects.toThrow('Not enough space on the disk');
    expect([...files.values()].map((f) => f.state)).toEqual(['aborted', 'aborted', 'aborted']);
  });
});

describe('streamed history export in another currency', () => {
  it('each row converts at the rate of its own day (a Monday takes Friday’s), with its currency and rate date; provenance says how', async () => {
    const s = await store();
    const rec = (at: number, price: number) =>
      s.record({
        game: 730,
        at,
        names: ['x'],
        askMarkets: ['steam'],
        bidMarkets: [],
        ask: Int32Array.from([price]),
        bid: new Int32Array(0),
        big: [],
      });
    await rec(D0 + 8 * HOUR, 10_000); // Friday 2025-01-10
    await rec(D0 + 3 * DAY + 8 * HOUR, 12_345); // Monday 2025-01-13: no rate that day
    const days = [
      { date: '2025-01-09', perEuro: { USD: 1.03, CNY: 7.5 } },
      { date: '2025-01-10', perEuro: { USD: 1.06, CNY: 7.7 } },
    ];
    const k = sinks();
    await streamExport(
      s,
      { game: 730, names: ['x'], markets: null, from: D0, to: D0 + 5 * DAY },
      { csv: true, parquet: false },
      { ...ctx, currency: { service: 'USD', display: 'CNY', days, manual: [] } },
      k.open,
      () => {},
      () => false,
    );
    const text = new TextDecoder().decode(k.files.get([...k.files.keys()].find((n) => n.endsWith('.csv'))!)!.bytes());
    const rows = readCsv(text.replace(/^\uFEFF/, '')).records.map((r) => r.fields);
    expect(rows[0]).toEqual([
      'time_utc',
      'time_ms',
      'item',
      'market',
      'side',
      'price',
      'low',
      'high',
      'resolution_ms',
      'price_CNY',
      'currency',
      'rate_date',
    ]);
    const steam = rows.filter((r) => r[3] === 'steam');
    // 10.000 x 7.7 / 1.06 = 72.6415 -> 72.64; 12.345 x the same Friday rate = 89.6750… -> 89.68
    expect(steam.map((r) => [r[5], r[9], r[10], r[11]])).toEqual([
      ['10000', '72.64', 'CNY', '2025-01-10'],
      ['12345', '89.68', 'CNY', '2025-01-10'],
    ]);
    const prov = JSON.parse(new TextDecoder().decode(k.files.get('provenance.json')!.bytes())) as {
      currency?: { service: string; display: string };
    };
    expect(prov.currency).toMatchObject({ service: 'USD', display: 'CNY' });
  });
});

describe('streamed history export in another currency, Parquet', () => {
  it('each row has its price converted at its own day’s rate (a Monday takes Friday’s), the rate and its date; the footer names the currency', async () => {
    const s = await store();
    const rec = (at: number, price: number) =>
      s.record({
        game: 730,
        at,
        names: ['x'],
        askMarkets: ['steam'],
        bidMarkets: [],
        ask: Int32Array.from([price]),
        bid: new Int32Array(0),
        big: [],
      });
    await rec(D0 - DAY + 8 * HOUR, 10_000); // Thursday 2025-01-09
    await rec(D0 + 3 * DAY + 8 * HOUR, 12_345); // Monday 2025-01-13: no rate that day
    const days = [
      { date: '2025-01-09', perEuro: { USD: 1.03, CNY: 7.5 } },
      { date: '2025-01-10', perEuro: { USD: 1.06, CNY: 7.7 } },
    ];
    const k = sinks();
    await streamExport(
      s,
      { game: 730, names: ['x'], markets: null, from: D0 - 2 * DAY, to: D0 + 5 * DAY },
      { csv: false, parquet: true },
      { ...ctx, currency: { service: 'USD', display: 'CNY', days, manual: [] } },
      k.open,
      () => {},
      () => false,
    );
    const bytes = k.files.get([...k.files.keys()].find((n) => n.endsWith('.parquet'))!)!.bytes();
    const rows = (await parquetReadObjects({ file: ab(bytes) })) as Array<Record<string, unknown>>;
    const steam = rows.filter((r) => r.market === 'steam');
    // 10.000 x 7.5 / 1.03 = 72.8155 -> 72.82 (Thursday's rate); 12.345 x 7.7 / 1.06 = 89.6759 -> 89.68 (Friday's).
    // The reader gives DECIMAL(18,2) as a float (72.82000000000001): compared in fen, the column's integers.
    expect(steam.map((r) => [Math.round(Number(r.price_CNY) * 100), r.rate, r.rate_date])).toEqual([
      [7282, 7.5 / 1.03, '2025-01-09'],
      [8968, 7.7 / 1.06, '2025-01-10'],
    ]);
    const meta = parquetMetadata(ab(bytes));
    const col = meta.schema.find((e) => e.name === 'price_CNY');
    expect(col).toMatchObject({ converted_type: 'DECIMAL', scale: 2 });
    const prov = JSON.parse(
      meta.key_value_metadata?.find((kv) => kv.key === 'market-desk.provenance')?.value ?? '{}',
    ) as {
      currency?: { service: string; display: string; rates: string };
    };
    expect(prov.currency).toMatchObject({
      service: 'USD',
      display: 'CNY',
      rates: expect.stringMatching(/European Central Bank/),
    });
  });
});
