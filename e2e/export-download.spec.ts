/**
 * Streamed exports in the browser (project "web"): the page opens an export on the web host, starts one
 * download per file, and sends each file's chunks; Chromium downloads them from the host as they arrive
 * (Playwright's download event, as any automation sees it). A cancelled export fails its downloads (no
 * complete-looking file); a chunk over the cap and a request without this launch's secret are refused.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { MAX_EXPORT_CHUNK_BYTES } from '../shared/export/stream-files';
import { expect, test } from './fixtures';

const FILES = ['price-history-730.csv', 'price-history-730.parquet', 'provenance.json'];

/** Opens an export from the page and starts each file's download as the app does (an <a download> clicked). */
async function openExport(page: Page, files: string[]): Promise<{ id: string; downloads: Download[] }> {
  const downloads: Download[] = [];
  const onDownload = (d: Download): void => void downloads.push(d);
  page.on('download', onDownload);
  const id = await page.evaluate(async (names) => {
    const res = await fetch('/app/export', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ folderName: 'e2e-export', files: names, estimateBytes: 1000 }),
    });
    const opened = (await res.json()) as { opened: boolean; exportId: string };
    for (const n of names) {
      const a = document.createElement('a');
      a.href = `/app/export/${opened.exportId}/file/${encodeURIComponent(n)}`;
      a.download = n;
      document.body.append(a);
      a.click();
      a.remove();
    }
    return opened.exportId;
  }, files);
  await expect.poll(() => downloads.length, { timeout: 20_000 }).toBe(files.length);
  page.off('download', onDownload);
  return { id, downloads };
}

/** Sends `count` chunks of `size` bytes (byte i = (seed + i) % 251) to a file; each POST answers once the download took it. */
async function sendChunks(
  page: Page,
  id: string,
  name: string,
  seed: number,
  count: number,
  size: number,
): Promise<number[]> {
  return page.evaluate(
    async ([exportId, file, s, n, bytes]) => {
      const statuses: number[] = [];
      for (let c = 0; c < n; c++) {
        const chunk = new Uint8Array(bytes);
        for (let i = 0; i < bytes; i++) chunk[i] = (s + c * bytes + i) % 251;
        const res = await fetch(`/app/export/${exportId}/write?name=${encodeURIComponent(file)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: chunk,
        });
        statuses.push(res.status);
      }
      return statuses;
    },
    [id, name, seed, count, size] as const,
  );
}

function expected(seed: number, total: number): string {
  const b = new Uint8Array(total);
  for (let i = 0; i < total; i++) b[i] = (seed + i) % 251;
  return createHash('sha256').update(b).digest('hex');
}

const end = (page: Page, id: string, name: string) =>
  page.evaluate(
    async ([exportId, file]) =>
      (
        await fetch(`/app/export/${exportId}/end`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: file }),
        })
      ).status,
    [id, name] as const,
  );

test('an export streams to browser downloads as its chunks arrive; a cancelled one fails its downloads', async ({
  page,
  appUrl,
  webHost,
}) => {
  test.setTimeout(120_000);
  await page.goto(appUrl);

  const { id, downloads } = await openExport(page, FILES);
  expect(downloads.map((d) => d.suggestedFilename()).sort()).toEqual([...FILES].sort());
  const MiB = 1024 * 1024;
  // Interleaved, as the writers send them: CSV and Parquet chunks, the provenance last.
  for (let round = 0; round < 3; round++) {
    expect(await sendChunks(page, id, FILES[0]!, round * 4 * MiB, 1, 4 * MiB)).toEqual([204]);
    expect(await sendChunks(page, id, FILES[1]!, 7 + round * MiB, 1, MiB)).toEqual([204]);
  }
  expect(await sendChunks(page, id, FILES[2]!, 3, 1, 100)).toEqual([204]);
  for (const f of FILES) expect(await end(page, id, f)).toBe(204);
  const byName = new Map(downloads.map((d) => [d.suggestedFilename(), d]));
  for (const d of downloads) expect(await d.failure()).toBeNull();
  const sha = async (name: string) =>
    createHash('sha256')
      .update(await readFile((await byName.get(name)!.path()) as string))
      .digest('hex');
  expect(await sha(FILES[0]!)).toBe(expected(0, 12 * MiB));
  expect(await sha(FILES[1]!)).toBe(expected(7, 3 * MiB));
  expect(await sha(FILES[2]!)).toBe(expected(3, 100));

  // Cancelled midway: the downloads end with an error, so the browser keeps no complete-looking file.
  const cancelled = await openExport(page, FILES.slice(0, 2));
  expect(await sendChunks(page, cancelled.id, FILES[0]!, 0, 2, MiB)).toEqual([204, 204]);
  const aborted = await page.evaluate(
    async (exportId) =>
      (
        await fetch(`/app/export/${exportId}/abort`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    cancelled.id,
  );
  expect(aborted).toBe(204);
  for (const d of cancelled.downloads) expect(await d.failure()).not.toBeNull();
  // The export is gone: a later chunk is refused.
  expect(await sendChunks(page, cancelled.id, FILES[0]!, 0, 1, 10)).toEqual([404]);

  // A chunk over the cap is refused before it is taken; no secret, no export.
  const capped = await openExport(page, ['a.csv']);
  const over = await page.evaluate(
    async ([exportId, size]) =>
      (
        await fetch(`/app/export/${exportId}/write?name=a.csv`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: new Uint8Array(size),
        })
      ).status,
    [capped.id, MAX_EXPORT_CHUNK_BYTES + 1] as const,
  );
  expect(over).toBe(413);
  const foreign = await fetch(`${webHost.url}/app/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ folderName: 'x', files: ['a.csv'], estimateBytes: 1 }),
  });
  expect(foreign.status).toBe(403);
});
