import { describe, expect, it } from 'vitest';
import type { PlatformApi } from '../../platform';
import type { StreamMessage, StreamRequest } from '../../market/history/export/stream.worker';
import { runExportSession, type ExportState } from './export-session';
import { estimateText, folderName, progressText } from './export-text';

const sel = { game: 730, names: ['AK-47 | Redline (Field-Tested)'], markets: null, from: 0, to: 1 };
const at = Date.UTC(2026, 10, 28, 10, 5);

/** A worker that records what the page posts and lets the test answer as the real worker does. */
function fakeWorker() {
  const posted: StreamRequest[] = [];
  const w = {
    onmessage: null as ((e: MessageEvent<StreamMessage>) => void) | null,
    onerror: null as ((e: ErrorEvent) => void) | null,
    postMessage: (m: StreamRequest) => posted.push(m),
  };
  const say = (m: StreamMessage) => w.onmessage?.({ data: m } as MessageEvent<StreamMessage>);
  return { w, posted, say };
}

function session(api: Partial<PlatformApi>) {
  const { w, posted, say } = fakeWorker();
  const states: ExportState[] = [];
  const s = {
    api: { host: 'desktop', ...api } as PlatformApi,
    worker: w as unknown as Worker,
    sel,
    formats: { csv: true, parquet: false },
    ctx: { service: 'demo', pollingIntervalMs: null, at },
    hostExport: { current: null as string | null },
    cancelled: { current: false },
    setState: (st: ExportState) => states.push(st),
  };
  runExportSession(s);
  return { s, posted, say, states, last: () => states.at(-1) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('history export texts', () => {
  it('names the folder for the item (letters, digits, dash) or the game, with the time', () => {
    expect(folderName(sel, at)).toBe('price-history-AK-47-Redline-Field-Tested-2026-11-28-10-05');
    expect(folderName({ ...sel, names: null }, at)).toBe('price-history-game-730-2026-11-28-10-05');
    expect(folderName({ ...sel, names: ['★ ™'] }, at)).toBe('price-history-item-2026-11-28-10-05');
  });

  it('says the estimate and the progress in rows, bytes and time left', () => {
    expect(estimateText({ rows: 1234567, bytes: 130e6 })).toBe('about 1,234,567 rows, about 130 MB');
    expect(estimateText({ rows: 1, bytes: 2.5e9 })).toBe('about 1 rows, about 2.5 GB');
    const p = { rows: 123456, bytes: 12.34e6, items: 1, fraction: 0.5, elapsedMs: 1000 };
    expect(progressText({ ...p, etaMs: 40_000 })).toBe('Exporting: 123,456 rows, 12.3 MB written, about 40 s left…');
    expect(progressText({ ...p, etaMs: 1000 })).toBe('Exporting: 123,456 rows, 12.3 MB written, almost done…');
    expect(progressText({ ...p, etaMs: null })).toBe('Exporting: 123,456 rows, 12.3 MB written…');
  });
});

describe('one history export run', () => {
  it('asks for an estimate first, and stops when the selection has no history', () => {
    const run = session({});
    expect(run.posted).toEqual([{ type: 'estimate', sel, formats: { csv: true, parquet: false } }]);
    expect(run.last()).toEqual({ kind: 'busy', text: 'Estimating the export…' });
    run.say({ type: 'estimate', estimate: { rows: 0, bytes: 0 } });
    expect(run.last()).toEqual({ kind: 'done', text: 'Nothing to export: no history in that selection.' });
  });

  it('opens the files, streams into them and says where they went', async () => {
    const opened: unknown[] = [];
    const run = session({
      openExport: (r: unknown) => {
        opened.push(r);
        return Promise.resolve({ opened: true, exportId: 'x1', path: '/tmp/out' });
      },
    } as Partial<PlatformApi>);
    run.say({ type: 'estimate', estimate: { rows: 10, bytes: 2e6 } });
    expect(run.last()).toEqual({ kind: 'busy', text: 'about 10 rows, about 2 MB: choose a folder…' });
    await tick();
    expect(opened).toEqual([{ folderName: folderName(sel, at), files: expect.any(Array), estimateBytes: 2e6 }]);
    expect(run.s.hostExport.current).toBe('x1');
    expect(run.posted.at(-1)).toMatchObject({ type: 'start', ctx: { service: 'demo', at } });
    run.say({ type: 'done', result: { rows: 10, files: [{ name: 'a.csv' }] } } as StreamMessage);
    expect(run.last()).toEqual({ kind: 'done', text: 'Exported 10 rows (a.csv) to /tmp/out.' });
    expect(run.s.hostExport.current).toBeNull();
  });

  it('removes the files the host opened when Cancel came first', async () => {
    const aborted: unknown[] = [];
    const run = session({
      openExport: () => Promise.resolve({ opened: true, exportId: 'x2', path: '/tmp/out' }),
      abortExport: (r: unknown) => {
        aborted.push(r);
        return Promise.resolve();
      },
    } as Partial<PlatformApi>);
    run.say({ type: 'estimate', estimate: { rows: 10, bytes: 2e6 } });
    run.s.cancelled.current = true;
    await tick();
    expect(aborted).toEqual([{ exportId: 'x2' }]);
    expect(run.last()).toEqual({ kind: 'done', text: 'Export cancelled.' });
    expect(run.posted.some((m) => m.type === 'start')).toBe(false);
  });
});
