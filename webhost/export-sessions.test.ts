import { afterEach, describe, expect, it } from 'vitest';
import { createExportSessions, type ExportSessions } from './export-sessions';

const ORIGIN = 'http://127.0.0.1:5199';
let hosts: ExportSessions[] = [];
afterEach(() => {
  for (const h of hosts) h.closeAll();
  hosts = [];
});

function host(idleMs?: number): ExportSessions {
  const h = createExportSessions(idleMs === undefined ? {} : { idleMs });
  hosts.push(h);
  return h;
}

async function call(h: ExportSessions, method: string, path: string, body?: BodyInit, type?: string) {
  const res = await h.handle(
    new Request(`${ORIGIN}${path}`, { method, body, headers: type ? { 'content-type': type } : {} }),
  );
  if (!res) throw new Error(`${path} was not handled`);
  return res;
}

async function open(h: ExportSessions, files: string[]): Promise<string> {
  const res = await call(
    h,
    'POST',
    '/app/export',
    JSON.stringify({ folderName: 'grid', files, estimateBytes: 10 }),
    'application/json',
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { exportId: string }).exportId;
}

const write = (h: ExportSessions, id: string, name: string, text: string) =>
  call(
    h,
    'POST',
    `/app/export/${id}/write?name=${encodeURIComponent(name)}`,
    new TextEncoder().encode(text),
    'application/octet-stream',
  );
const end = (h: ExportSessions, id: string, name: string) =>
  call(h, 'POST', `/app/export/${id}/end`, JSON.stringify({ exportId: id, name }), 'application/json');
const download = (h: ExportSessions, id: string, name: string) =>
  call(h, 'GET', `/app/export/${id}/file/${encodeURIComponent(name)}`);

describe('streamed exports in the web host', () => {
  it('serves a file whose writes all ended before the browser asked for its download', async () => {
    // A small export fits the download's queue, so the page can finish it before a loaded browser's
    // download request arrives.
    const h = host();
    const id = await open(h, ['prices.csv']);
    expect((await write(h, id, 'prices.csv', 'name,ask\nAK,1\n')).status).toBe(204);
    expect((await end(h, id, 'prices.csv')).status).toBe(204);
    const res = await download(h, id, 'prices.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="prices.csv"');
    expect(await res.text()).toBe('name,ask\nAK,1\n');
  });

  it('serves a file once, and forgets the export once every file is ended and downloaded', async () => {
    const h = host();
    const id = await open(h, ['a.csv', 'b.csv']);
    await write(h, id, 'a.csv', 'a');
    await end(h, id, 'a.csv');
    expect(await (await download(h, id, 'a.csv')).text()).toBe('a');
    expect((await download(h, id, 'a.csv')).status).toBe(404);
    const b = await download(h, id, 'b.csv');
    await write(h, id, 'b.csv', 'b');
    await end(h, id, 'b.csv');
    expect(await b.text()).toBe('b');
    expect((await write(h, id, 'b.csv', 'late')).status).toBe(404);
  });

  it('drops an ended export whose download never came, after the idle time', async () => {
    const h = host(40);
    const id = await open(h, ['prices.csv']);
    await write(h, id, 'prices.csv', 'x');
    await end(h, id, 'prices.csv');
    await new Promise((r) => setTimeout(r, 120));
    const res = await download(h, id, 'prices.csv');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NO_EXPORT');
  });
});
