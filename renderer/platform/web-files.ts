/** Saving files and streamed exports in the browser: downloads of blob URLs, a zip of several, and export chunks sent to the web host. */
import { zipSync, type Zippable } from 'fflate';
import type { z } from 'zod';
import type { DesktopApi } from '../../shared/bridge/desktop-api';
import {
  ExportAbortSchema,
  ExportChunkSchema,
  ExportEndSchema,
  ExportOpenResultSchema,
  ExportOpenSchema,
} from '../../shared/export/stream-files';
import {
  SAVE_MIME,
  SaveFileRequestSchema,
  SaveFilesRequestSchema,
  saveExtension,
  saveProblem,
  type SaveFilesRequest,
} from '../../shared/files/save';
import { PlatformError, describeError } from './errors';
import { FROM, HostErrorBody, type HostRequest } from './web-host-request';

/** The browser's download of a same-origin URL: an <a download> clicked once (the host answers it as an attachment). */
function browserDownloadUrl(name: string, url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The browser's download of a blob: an <a download> clicked once; the URL is freed once the download has its data. */
function browserDownload(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** One zip of the files, at its root. PNGs are stored (already compressed); text is deflated. */
export function buildZip(request: SaveFilesRequest): Uint8Array {
  const entries: Zippable = {};
  // PNG and Parquet (snappy) are compressed already: stored, not deflated again.
  for (const f of request.files)
    entries[f.name] = [
      f.bytes,
      { level: saveExtension(f.name) === 'png' || saveExtension(f.name) === 'parquet' ? 0 : 6 },
    ];
  return zipSync(entries);
}

function refusedSave(error: z.ZodError): PlatformError {
  return new PlatformError('refused', saveProblem(error));
}

/** One chunk of a streamed export to the web host; answered once the download took it (back-pressure). */
async function sendChunk(doFetch: typeof fetch, url: string, chunk: Uint8Array): Promise<void> {
  let res: Response;
  try {
    res = await doFetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { 'content-type': 'application/octet-stream' },
      body: chunk as Uint8Array<ArrayBuffer>,
    });
  } catch (e) {
    throw new PlatformError(
      'unreachable',
      'Market Desk cannot reach its web host. Is it still running?',
      describeError(e),
    );
  }
  if (res.ok) return;
  const err = HostErrorBody.safeParse(await res.json().catch(() => null));
  throw new PlatformError(
    'refused',
    err.success ? err.data.error.message : `The web host answered the export with HTTP ${res.status}.`,
    `export write: HTTP ${res.status}`,
  );
}

type WebFiles = Pick<DesktopApi, 'saveFile' | 'saveFiles' | 'openExport' | 'writeExport' | 'endExport' | 'abortExport'>;

interface WebFilesOptions {
  doFetch: typeof fetch;
  base: string;
  request: HostRequest;
  download?: (name: string, blob: Blob) => void;
  downloadUrl?: (name: string, url: string) => void;
}

/** The DesktopApi's file methods for the browser host. */
export function createWebFiles(options: WebFilesOptions): WebFiles {
  const { doFetch, base, request } = options;
  const download = options.download ?? browserDownload;
  const downloadUrl = options.downloadUrl ?? browserDownloadUrl;
  return {
    async saveFile(request) {
      const parsed = SaveFileRequestSchema.safeParse(request);
      if (!parsed.success) throw refusedSave(parsed.error);
      const { suggestedName, bytes } = parsed.data;
      const ext = saveExtension(suggestedName);
      download(
        suggestedName,
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: ext ? SAVE_MIME[ext] : 'application/octet-stream' }),
      );
      return { saved: true };
    },
    async saveFiles(request) {
      const parsed = SaveFilesRequestSchema.safeParse(request);
      if (!parsed.success) throw refusedSave(parsed.error);
      const zip = buildZip(parsed.data);
      download(`${parsed.data.folderName}.zip`, new Blob([zip as Uint8Array<ArrayBuffer>], { type: SAVE_MIME.zip }));
      return { saved: true };
    },
    // A streamed export: the web host serves each file as a download while the page sends its chunks
    // (webhost/export-sessions.ts); one download per file, started here.
    async openExport(req) {
      const parsed = ExportOpenSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      const opened = ExportOpenResultSchema.safeParse(await request('POST', '/app/export', parsed.data));
      if (!opened.success)
        throw new PlatformError(
          'invalid-data',
          `Market Desk could not read the answer from ${FROM}.`,
          'export open result',
        );
      if (opened.data.opened) {
        const id = opened.data.exportId;
        for (const name of parsed.data.files)
          downloadUrl(name, `${base}/app/export/${id}/file/${encodeURIComponent(name)}`);
      }
      return opened.data;
    },
    async writeExport(req) {
      const parsed = ExportChunkSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      const { exportId, name, chunk } = parsed.data;
      await sendChunk(doFetch, `${base}/app/export/${exportId}/write?name=${encodeURIComponent(name)}`, chunk);
    },
    async endExport(req) {
      const parsed = ExportEndSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      await request('POST', `/app/export/${parsed.data.exportId}/end`, { name: parsed.data.name });
    },
    async abortExport(req) {
      const parsed = ExportAbortSchema.safeParse(req);
      if (!parsed.success) throw refusedSave(parsed.error);
      await request('POST', `/app/export/${parsed.data.exportId}/abort`);
    },
  };
}
