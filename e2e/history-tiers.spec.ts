/**
 * Price history tiers and exports (project "connected": a separate reference service whose clock the
 * test moves): refreshes fill the store; the chunks are then aged by three days straight in IndexedDB
 * (the test's hook: a record's points are relative to its start, so moving the start moves them all), so
 * the worker consolidates them after the next refresh; the item's chart reads across both tiers and says
 * so; the item's export (CSV and Parquet, each a download the web host streams) reads back equal with hyparquet.
 * And Settings' forecast: the growth a day, the days that fit, and the choices when they are too few.
 */
import { parquetReadObjects } from 'hyparquet';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openGrid, showOnly } from './grid-page';

const T0 = Date.UTC(2025, 5, 2, 9, 0, 0);
test.use({ serviceOptions: { clock: () => T0 } });
const AGE = 3 * 24 * 3600_000;

async function refreshDone(page: Page): Promise<void> {
  const btn = page.getByRole('button', { name: 'Refresh prices' });
  await expect(btn).toBeEnabled({ timeout: 60_000 });
  await btn.click();
  await expect(btn).toBeEnabled({ timeout: 90_000 });
}

/** Moves every history chunk `ms` into the past (delete and put again under the earlier start). */
async function ageHistory(page: Page, ms: number): Promise<number> {
  return page.evaluate(async (by) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('market-desk-history');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction('chunks', 'readwrite');
    const store = tx.objectStore('chunks');
    const all = await new Promise<Array<{ g: number; n: string; st: number }>>((resolve, reject) => {
      const req = store.getAll();
      req.onsuccess = () => resolve(req.result as Array<{ g: number; n: string; st: number }>);
      req.onerror = () => reject(req.error);
    });
    for (const r of all) {
      store.delete([r.g, r.n, r.st]);
      store.put({ ...r, st: r.st - by });
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    return all.length;
  }, ms);
}

test('polls fill the history, older days are consolidated, the chart reads both tiers, and the export reads back equal', async ({
  page,
  appUrl,
  service,
}) => {
  test.setTimeout(300_000);
  await openGrid(page, appUrl);
  // A few refreshes with the market moving between them.
  for (let i = 0; i < 3; i++) {
    await service.advanceClock(30 * 60_000);
    await refreshDone(page);
  }
  // Recorded after paint, in the worker: wait for the item's chunks.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const req = indexedDB.open('market-desk-history');
              req.onsuccess = () => {
                const c = req.result.transaction('chunks').objectStore('chunks').count();
                c.onsuccess = () => resolve(c.result);
              };
            }),
        ),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  // Three days older; a reload starts the recorder afresh, and the next refresh consolidates them.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Refresh prices' })).toBeVisible({ timeout: 90_000 });
  expect(await ageHistory(page, AGE)).toBeGreaterThan(0);
  await service.advanceClock(30 * 60_000);
  await refreshDone(page);

  // Consolidation runs in the background after that refresh, item by item; a day that would not get
  // smaller (an item with few changes) stays at every refresh. The item: one whose aged day is daily now.
  const consolidated = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const req = indexedDB.open('market-desk-history');
          req.onsuccess = () => {
            const all = req.result.transaction('chunks').objectStore('chunks').getAll();
            // Daily (the default after 48 hours; the hourly pass goes first, over every item).
            all.onsuccess = () =>
              resolve(
                (all.result as Array<{ n: string; r?: number }>)
                  .filter((r) => r.r === 86_400_000 && /^[\w |()-]+$/.test(r.n))
                  .map((r) => r.n),
              );
          };
        }),
    );
  await expect.poll(async () => (await consolidated()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const item = (await consolidated())[0] as string;

  const row = await showOnly(page, item);
  await row.getByRole('button', { name: `Open details for ${item}` }).click();
  const panel = page.getByTestId('detail-panel');
  const section = panel.getByTestId('history-section');
  const ranges = section.getByRole('radiogroup', { name: 'History range' });
  await ranges.getByRole('radio', { name: '7d' }).click();
  const note = section.getByTestId('history-resolution');
  // By default a day leaves full resolution for daily steps (each market's last; the bests at every refresh).
  await expect(note).toHaveAttribute('data-resolution-ms', String(86_400_000), { timeout: 30_000 });
  await expect(note).toContainText('each market’s price at the end of every day');
  await expect(note).toContainText('best ask and best bid at every refresh');
  await expect(section.getByTestId('history-chart').locator('.recharts-line-curve').first()).toHaveAttribute(
    'd',
    /^M[\d.,-]+L/,
  );

  // The item's export: CSV, Parquet and the provenance, each a download the web host streams as the page writes it.
  const exporter = section.getByTestId('history-export-item');
  const downloads: Download[] = [];
  page.on('download', (d) => void downloads.push(d));
  await exporter.getByRole('button', { name: 'Export this item' }).click();
  await expect(exporter.getByRole('status')).toContainText(/Downloaded \d[\d,]* rows/, { timeout: 60_000 });
  const { readFile } = await import('node:fs/promises');
  const files: Record<string, Uint8Array> = {};
  for (const d of downloads) {
    expect(await d.failure()).toBeNull();
    files[d.suggestedFilename()] = new Uint8Array(await readFile((await d.path()) as string));
  }
  const names = Object.keys(files).sort();
  expect(names).toEqual(['price-history-730.csv', 'price-history-730.parquet', 'provenance.json']);
  await expect(exporter.getByRole('status')).toContainText(/Downloaded \d[\d,]* rows/);

  const pq = files['price-history-730.parquet'] as Uint8Array;
  const rows = (await parquetReadObjects({
    file: pq.buffer.slice(pq.byteOffset, pq.byteOffset + pq.byteLength) as ArrayBuffer,
  })) as Array<Record<string, unknown>>;
  expect(rows.length).toBeGreaterThan(0);
  const csv = new TextDecoder().decode(files['price-history-730.csv']).trim().split('\r\n').slice(1);
  expect(csv).toHaveLength(rows.length);
  // Row by row: the same time, market, side, price and resolution (the item name is quoted in the CSV).
  const fromCsv = csv.map((line) => {
    const f = line.split(',');
    return [
      Number(f[1]),
      f[f.length - 6],
      f[f.length - 5],
      f[f.length - 4] === '' ? null : Number(f[f.length - 4]),
      Number(f[f.length - 1]),
    ];
  });
  // Parquet's price is DECIMAL(18,3): 12.345 for the CSV's 12345 thousandths.
  const fromParquet = rows.map((r) => [
    (r.time as Date).getTime(),
    r.market,
    r.side,
    r.price === null ? null : Math.round((r.price as number) * 1000),
    r.resolution_ms,
  ]);
  expect(fromParquet).toEqual(fromCsv);
  expect(rows.every((r) => r.item === item)).toBe(true);
  // Both tiers are in the file, and the provenance says which part is which.
  expect(new Set(rows.map((r) => r.resolution_ms))).toEqual(new Set([0, 86_400_000]));
  const prov = JSON.parse(new TextDecoder().decode(files['provenance.json'])) as {
    game: number;
    parts: Array<{ resolutionMs: number }>;
  };
  expect(prov.game).toBe(730);
  expect(prov.parts.map((p) => p.resolutionMs)).toContain(86_400_000);
});

test('Settings say how many days fit at the current rate, and offer the choices when that is short of the days kept', async ({
  page,
  appUrl,
}) => {
  test.setTimeout(120_000);
  await openGrid(page, appUrl);
  const settings = `${appUrl.split('?')[0]}#/settings`;
  await page.goto(settings);
  const card = page.getByTestId('history-settings');
  await expect(card).toBeVisible({ timeout: 30_000 });
  // Before an hour of refreshes the rate is not known, and Settings says so.
  await expect(card.getByTestId('history-forecast')).toHaveAttribute('data-state', 'unknown');

  // The growth counter as twenty hours of a busy catalog leave it: 100 MB in 20 hours (120 MB a day), and a
  // consolidated day measured at 40 MB. (A long span: the page's own refreshes, which go on writing while
  // the test runs, must not move the rate enough to change the days that fit.) 500 MB then hold 2 + (500 - 240) / 40 = 8.5 days, short of 30.
  await page.evaluate(async () => {
    const now = Date.now();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('market-desk-history');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction('meta', 'readwrite');
    tx.objectStore('meta').put({
      key: 'growth',
      growth: {
        day: Math.floor(now / 86_400_000),
        bytes: 100e6,
        from: now - 20 * 3600_000,
        to: now,
        prevDay: null,
        prevBytes: 0,
        coarseDay: null,
        coarseBytes: 0,
        coarseDone: 40e6,
      },
    });
    await new Promise<void>((resolve) => (tx.oncomplete = () => resolve()));
    db.close();
  });
  await page.reload();
  const forecast = card.getByTestId('history-forecast');
  await expect(forecast).toHaveAttribute('data-state', 'short', { timeout: 30_000 });
  // By default daily right after 48 hours: the daily tier not measured yet counts at the hourly rate.
  await expect(forecast).toContainText(
    /grows by about 1[12]\d MB a day.*about 40 MB a day once older than 48 hours \(daily per market: counted at the hourly rate.*about 8\.\d days fit in your limit of 500 MB/,
  );
  await expect(card.getByTestId('history-short')).toContainText('you keep 30 days, but only about 8.');
  await expect(card.getByTestId('history-raise')).toHaveText(/Raise the limit to 1,3\d0 MB/);
  await expect(card.getByTestId('history-fewer')).toContainText('for 24 hours only');
  // No daily day measured yet: going daily sooner is not offered (no saving promised before it is seen).
  await expect(card.getByTestId('history-daily-sooner')).toHaveCount(0);
  // Keep fewer days: the retention follows, and the warning goes.
  await card.getByTestId('history-shorten').click();
  await expect(card.getByLabel('Keep')).toHaveValue('8');
  await expect(forecast).toHaveAttribute('data-state', 'ok');
  await expect(card.getByTestId('history-short')).toHaveCount(0);

  // Hourly until 7 days (a choice), and a daily day measured at 10 MB: 30 days kept, 500 MB hold 2 full
  // days (240 MB), 5 hourly ones (200 MB) and 6 daily ones: about 13. Daily per market after 2 days (the
  // default) would hold 2 + 260 / 10 = 28.
  await card.getByLabel('Keep').selectOption('30');
  await card.getByTestId('history-daily-after').selectOption('7');
  await page.evaluate(async () => {
    const now = Date.now();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('market-desk-history');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = db.transaction('meta', 'readwrite');
    tx.objectStore('meta').put({
      key: 'growth',
      growth: {
        day: Math.floor(now / 86_400_000),
        bytes: 100e6,
        from: now - 20 * 3600_000,
        to: now,
        prevDay: null,
        prevBytes: 0,
        coarseDay: null,
        coarseBytes: 0,
        coarseDone: 40e6,
        dailyDone: 10e6,
      },
    });
    await new Promise<void>((resolve) => (tx.oncomplete = () => resolve()));
    db.close();
  });
  await page.reload();
  await expect(forecast).toHaveAttribute('data-state', 'short', { timeout: 30_000 });
  await expect(forecast).toContainText(/10 MB once older than 7 days \(daily per market\): about 1[23] days fit/);
  await card.getByTestId('history-daily-sooner').click();
  await expect(card.getByTestId('history-daily-after')).toHaveValue('2');
  await expect(forecast).toContainText(/about 2[78] days fit in your limit of 500 MB/);
});
