/**
 * Exports for analysts: a store filled by polls (and consolidated in part) exported as CSV and Parquet;
 * the Parquet file read back with an independent reader (hyparquet) equals the recorded values and the
 * CSV; the provenance says what each part's resolution is; a cancel stops the export.
 */
import 'fake-indexeddb/auto';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY, HOUR } from './chunk-codec';
import { CONSOLIDATE_AFTER } from './tiers';
import { ExportCancelled, runExport } from './export-run';
import type { Provenance } from './export-rows';
import type { PollInput } from './recorder';
import { HistoryStore } from './store';

const NONE = -2147483648;
const D0 = Date.UTC(2025, 0, 10);
const MIN = 60_000;
const ITEM = 'AK-47 | Redline, "Field-Tested"';
const open: HistoryStore[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
let seq = 0;

const BIG = -2147483647;

/** A poll of two items; a steam ask beyond Int32 goes in the BIG list, as the grid's snapshot sends it. */
function poll(at: number, steam: number, buff: number, bid: number): PollInput {
  const big: PollInput['big'] = steam > 2_147_483_647 ? [[0, 0, steam]] : [];
  return {
    game: 730,
    at,
    names: [ITEM, 'other'],
    askMarkets: ['steam', 'buff163'],
    bidMarkets: ['steam'],
    ask: Int32Array.from([big.length ? BIG : steam, buff, 5, 6]),
    bid: Int32Array.from([bid, 4]),
    big,
  };
}

const ctx = {
  service: 'http://127.0.0.1:9999',
  gameName: 'Counter-Strike 2',
  pollingIntervalMs: 60_000,
  at: D0 + 5 * DAY,
};

function csvRows(bytes: Uint8Array): string[][] {
  // The test's values hold no line breaks; quoted fields may hold commas and doubled quotes.
  return new TextDecoder()
    .decode(bytes)
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)]
        .map((m) => m[1] as string)
        .slice(0, 9)
        .map((f) => (f.startsWith('"') ? f.slice(1, -1).replace(/""/g, '"') : f)),
    );
}

describe('history export (CSV, Parquet, provenance)', () => {
  it('writes the recorded changes, and the Parquet file reads back equal with hyparquet', async () => {
    const s = await HistoryStore.open(`export-${++seq}`);
    open.push(s);
    await s.record(poll(D0 + 8 * HOUR, 1000, 1200, 900));
    await s.record(poll(D0 + 8 * HOUR + MIN, 1000, NONE, 900));
    await s.record(poll(D0 + 8 * HOUR + 2 * MIN, 2_500_000_000, NONE, 950));
    const sel = { game: 730, names: [ITEM], markets: ['steam', 'buff163'], from: D0, to: D0 + DAY };
    const progress: Array<[number, number]> = [];
    const out = await runExport(
      s,
      sel,
      'both',
      ctx,
      (d, t) => progress.push([d, t]),
      () => false,
    );
    expect(progress).toEqual([[1, 1]]);
    expect(out.files.map((f) => f.name)).toEqual([
      'price-history-730.csv',
      'price-history-730.parquet',
      'provenance.json',
    ]);
    // Baseline (3 series), the buff ask gone, the steam ask beyond 2^31 and the bid.
    const expected = [
      [D0 + 8 * HOUR, 'buff163', 'ask', 1200],
      [D0 + 8 * HOUR, 'steam', 'ask', 1000],
      [D0 + 8 * HOUR, 'steam', 'bid', 900],
      [D0 + 8 * HOUR + MIN, 'buff163', 'ask', null],
      [D0 + 8 * HOUR + 2 * MIN, 'steam', 'ask', 2_500_000_000],
      [D0 + 8 * HOUR + 2 * MIN, 'steam', 'bid', 950],
    ];
    expect(out.rows).toBe(expected.length);

    const pq = out.files[1]!.bytes;
    const buf = pq.buffer.slice(pq.byteOffset, pq.byteOffset + pq.byteLength) as ArrayBuffer;
    const rows = (await parquetReadObjects({ file: buf })) as Array<Record<string, unknown>>;
    expect(
      rows.map((r) => [
        (r.time as Date).getTime(),
        r.market,
        r.side,
        r.price === null ? null : Number(r.price as bigint),
      ]),
    ).toEqual(expected);
    expect(rows.every((r) => r.item === ITEM && r.resolution_ms === 0 && r.low === null && r.high === null)).toBe(true);
    // The provenance is in the file's metadata too.
    const meta = parquetMetadata(buf);
    const kv = meta.key_value_metadata?.find((k) => k.key === 'market-desk.provenance');
    expect(JSON.parse(kv?.value ?? '{}')).toMatchObject({
      service: ctx.service,
      game: 730,
      pollingIntervalMs: 60_000,
      rows: expected.length,
    });

    // The CSV holds the same rows (the item name quoted: it has a comma and quotes).
    const csv = csvRows(out.files[0]!.bytes);
    expect(csv[0]).toEqual(['time_utc', 'time_ms', 'item', 'market', 'side', 'price', 'low', 'high', 'resolution_ms']);
    expect(csv.slice(1).map((r) => [Number(r[1]), r[3], r[4], r[5] === '' ? null : Number(r[5])])).toEqual(expected);
    expect(csv.slice(1).every((r) => r[2] === ITEM && r[0] === new Date(Number(r[1])).toISOString())).toBe(true);

    const prov = JSON.parse(new TextDecoder().decode(out.files[2]!.bytes)) as Provenance;
    expect(prov).toMatchObject({
      service: ctx.service,
      game: 730,
      gameName: 'Counter-Strike 2',
      pollingIntervalMs: 60_000,
      rows: 6,
    });
    expect(prov.parts).toEqual([
      {
        item: ITEM,
        from: new Date(D0 + 8 * HOUR).toISOString(),
        to: new Date(D0 + 8 * HOUR + 2 * MIN).toISOString(),
        resolution: 'every refresh (change points)',
        resolutionMs: 0,
      },
    ]);
  });

  it('exports consolidated parts hourly with their low and high, and says so in the provenance', async () => {
    const s = await HistoryStore.open(`export-tiers-${++seq}`);
    open.push(s);
    // Day 0, a poll a minute from 08:00: the steam ask goes 1000 -> 800 (08:10) -> 1100 (08:20), the buff
    // ask (always higher) moves at every poll; day 3: one more poll.
    for (let i = 0; i < 60; i++)
      await s.record(poll(D0 + 8 * HOUR + i * MIN, i < 10 ? 1000 : i < 20 ? 800 : 1100, 5000 + i * 10, 900));
    await s.record(poll(D0 + 3 * DAY, 1100, 1300, 900));
    // Hourly (daily after 7 days, a Settings choice).
    while (!(await s.consolidateStep(D0 + 3 * DAY, undefined, CONSOLIDATE_AFTER, 7 * DAY)).done);
    const out = await runExport(
      s,
      { game: 730, names: [ITEM], markets: null, from: D0, to: D0 + 4 * DAY },
      'parquet',
      ctx,
      () => undefined,
      () => false,
    );
    const pq = out.files[0]!.bytes;
    const rows = (await parquetReadObjects({
      file: pq.buffer.slice(pq.byteOffset, pq.byteOffset + pq.byteLength) as ArrayBuffer,
    })) as Array<Record<string, unknown>>;
    const steam = rows
      .filter((r) => r.market === 'steam' && r.side === 'ask')
      .map((r) => [
        (r.time as Date).getTime(),
        Number(r.price),
        r.low === null ? null : Number(r.low),
        r.high === null ? null : Number(r.high),
        r.resolution_ms,
      ]);
    expect(steam).toEqual([
      [D0 + 8 * HOUR, 1000, null, null, HOUR],
      [D0 + 9 * HOUR, 1100, 800, null, HOUR],
      [D0 + 3 * DAY, 1100, null, null, 0],
    ]);
    // The best ask of every market at every refresh, through the consolidated day.
    const best = rows
      .filter((r) => r.market === '*' && r.side === 'ask')
      .map((r) => [(r.time as Date).getTime(), Number(r.price)]);
    expect(best).toEqual([
      [D0 + 8 * HOUR, 1000],
      [D0 + 8 * HOUR + 10 * MIN, 800],
      [D0 + 8 * HOUR + 20 * MIN, 1100],
    ]);
    const prov = JSON.parse(new TextDecoder().decode(out.files[1]!.bytes)) as Provenance;
    expect(prov.parts.map((p) => p.resolutionMs)).toEqual([HOUR, 0]);
  });

  it('exports a daily part (the default after 48 hours) as each market’s price at the day’s end, the bests at every refresh', async () => {
    const s = await HistoryStore.open(`export-daily-${++seq}`);
    open.push(s);
    for (let i = 0; i < 60; i++)
      await s.record(poll(D0 + 8 * HOUR + i * MIN, i < 10 ? 1000 : i < 20 ? 800 : 1100, 5000 + i * 10, 900));
    await s.record(poll(D0 + 3 * DAY, 1100, 1300, 900));
    while (!(await s.consolidateStep(D0 + 3 * DAY)).done);
    const out = await runExport(
      s,
      { game: 730, names: [ITEM], markets: null, from: D0, to: D0 + 4 * DAY },
      'parquet',
      ctx,
      () => undefined,
      () => false,
    );
    const pq = out.files[0]!.bytes;
    const rows = (await parquetReadObjects({
      file: pq.buffer.slice(pq.byteOffset, pq.byteOffset + pq.byteLength) as ArrayBuffer,
    })) as Array<Record<string, unknown>>;
    const steam = rows
      .filter((r) => r.market === 'steam' && r.side === 'ask')
      .map((r) => [(r.time as Date).getTime(), Number(r.price), r.low, r.high, r.resolution_ms]);
    expect(steam).toEqual([
      [D0 + DAY - 1000, 1100, null, null, DAY],
      [D0 + 3 * DAY, 1100, null, null, 0],
    ]);
    const best = rows.filter((r) => r.market === '*' && r.side === 'ask').map((r) => Number(r.price));
    expect(best).toEqual([1000, 800, 1100]);
  });

  it('stops when cancelled', async () => {
    const s = await HistoryStore.open(`export-cancel-${++seq}`);
    open.push(s);
    await s.record(poll(D0, 1, 2, 3));
    let n = 0;
    await expect(
      runExport(
        s,
        { game: 730, names: null, markets: null, from: 0, to: D0 + DAY },
        'csv',
        ctx,
        () => void n++,
        () => n >= 1,
      ),
    ).rejects.toBeInstanceOf(ExportCancelled);
    expect(n).toBe(1);
  });
});
