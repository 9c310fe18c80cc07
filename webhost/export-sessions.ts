/**
 * Streamed exports in the browser: the page sends an export's files to the web host chunk by chunk, and the
 * browser downloads each file from the host as the chunks arrive (one attachment download per file).
 * Memory stays bounded: a write is answered only once its download took it (back-pressure). A failed, cancelled or
 * idle export ends its downloads with an error. Its routes, and why downloads and not a service worker: README.md here.
 */
import { randomUUID } from 'node:crypto';
import { readCapped } from '../backend/read-capped';
import {
  ExportChunkSchema,
  ExportEndSchema,
  ExportIdSchema,
  ExportOpenSchema,
  MAX_EXPORT_CHUNK_BYTES,
} from '../shared/export/stream-files';
import { SAVE_MIME, saveExtension } from '../shared/files/save';
import { error, json, readJson } from './control-routes';

/** A session with no write in flight and none for this long is dropped (the page went away). */
const EXPORT_IDLE_MS = 120_000;
/** Exports open at once (each holds at most a chunk per file). */
const MAX_OPEN_EXPORTS = 4;

interface FileStream {
  readonly stream: ReadableStream<Uint8Array>;
  controller: ReadableStreamDefaultController<Uint8Array> | null;
  /** The write waiting for the download to take its chunk. */
  waiting: { chunk: Uint8Array; taken: () => void; failed: (e: Error) => void } | null;
  served: boolean;
  ended: boolean;
}

interface Session {
  readonly files: Map<string, FileStream>;
  pending: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface ExportSessions {
  /** Answers an /app/export… request; null for any other path. */
  handle(request: Request): Promise<Response | null>;
  /** Ends every export (host shutdown). */
  closeAll(): void;
}

const EndBody = ExportEndSchema.pick({ name: true });

export function createExportSessions(options: { idleMs?: number } = {}): ExportSessions {
  return new ExportSessionHost(options.idleMs ?? EXPORT_IDLE_MS);
}

/** A file's download: a stream that takes one chunk at a time, as the browser asks for it. */
function fileStream(): FileStream {
  const f: FileStream = {
    stream: null as unknown as ReadableStream<Uint8Array>,
    controller: null,
    waiting: null,
    served: false,
    ended: false,
  };
  (f as { stream: ReadableStream<Uint8Array> }).stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        f.controller = c;
      },
      // The download asks for more: hand it the waiting chunk and answer that write.
      pull(c) {
        const w = f.waiting;
        if (!w) return;
        f.waiting = null;
        c.enqueue(w.chunk);
        w.taken();
      },
      cancel() {
        // The browser dropped the download (the user cancelled it): the page's next write fails.
        f.ended = true;
        f.waiting?.failed(new Error('The browser stopped the download.'));
        f.waiting = null;
      },
    },
    { highWaterMark: 1 },
  );
  return f;
}

const noContent = (): Response => new Response(null, { status: 204 });

class ExportSessionHost implements ExportSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly idleMs: number) {}

  /** Answers an /app/export… request; null for any other path. */
  async handle(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    const parts = url.pathname.split('/').slice(1);
    if (parts[0] !== 'app' || parts[1] !== 'export') return null;
    if (parts.length === 2)
      return request.method === 'POST' ? this.open(request) : error(405, 'METHOD_NOT_ALLOWED', 'Method not allowed.');
    const id = ExportIdSchema.safeParse(parts[2]);
    const s = id.success ? this.sessions.get(id.data) : undefined;
    if (!id.success || !s) return error(404, 'NO_EXPORT', 'That export is no longer open.');
    if (request.method === 'GET' && parts[3] === 'file' && parts.length === 5)
      return this.serveFile(id.data, s, decodeURIComponent(parts[4] ?? ''));
    switch (`${request.method} ${parts.slice(3).join('/')}`) {
      case 'POST write':
        return this.writeChunk(request, id.data, s, url.searchParams.get('name') ?? '');
      case 'POST end':
        return this.endFile(request, id.data, s);
      case 'POST abort':
        this.drop(id.data, 'The export was cancelled.');
        return noContent();
      default:
        return error(404, 'NOT_FOUND', 'No such endpoint.');
    }
  }

  closeAll(): void {
    for (const id of [...this.sessions.keys()]) this.drop(id, 'The web host stopped.');
  }

  private async open(request: Request): Promise<Response> {
    const body = await readJson(request);
    if (body instanceof Response) return body;
    const parsed = ExportOpenSchema.safeParse(body);
    if (!parsed.success) return error(400, 'BAD_REQUEST', 'The export request is not valid.');
    if (this.sessions.size >= MAX_OPEN_EXPORTS)
      return error(429, 'TOO_MANY_EXPORTS', 'Too many exports are running: wait for one to finish.');
    const id = randomUUID();
    const s: Session = { files: new Map(parsed.data.files.map((n) => [n, fileStream()])), pending: 0, timer: null };
    this.sessions.set(id, s);
    this.touch(id, s);
    return json(200, { opened: true, exportId: id, path: '' });
  }

  private async writeChunk(request: Request, id: string, s: Session, name: string): Promise<Response> {
    if (request.headers.get('content-type') !== 'application/octet-stream')
      return error(415, 'UNSUPPORTED_MEDIA_TYPE', 'A chunk is application/octet-stream.');
    const chunk = await readCapped(request, MAX_EXPORT_CHUNK_BYTES);
    if (!chunk) return error(413, 'TOO_LARGE', `A chunk is at most ${MAX_EXPORT_CHUNK_BYTES / (1024 * 1024)} MiB.`);
    const parsed = ExportChunkSchema.safeParse({ exportId: id, name, chunk });
    if (!parsed.success) return error(400, 'BAD_REQUEST', 'The chunk is not valid.');
    try {
      await this.write(id, s, parsed.data.name, parsed.data.chunk, request.signal);
    } catch (e) {
      this.drop(id, 'The export stopped.');
      return error(409, 'EXPORT_STOPPED', e instanceof Error ? e.message : 'The export stopped.');
    }
    return noContent();
  }

  private async endFile(request: Request, id: string, s: Session): Promise<Response> {
    const body = await readJson(request);
    if (body instanceof Response) return body;
    const parsed = EndBody.safeParse(body);
    const f = parsed.success ? s.files.get(parsed.data.name) : undefined;
    if (!f) return error(400, 'BAD_REQUEST', 'No such file in that export.');
    if (!f.ended) {
      f.ended = true;
      f.controller?.close();
    }
    this.forgetWhenDone(id, s);
    return noContent();
  }

  /**
   * Forgets an export once every file is ended and its download has started. A small export fits the
   * download's queue, so the page can end it before a loaded browser asks for the file: it stays until then
   * (or until the idle time drops it).
   */
  private forgetWhenDone(id: string, s: Session): void {
    if ([...s.files.values()].every((x) => x.ended && x.served)) {
      this.sessions.delete(id);
      if (s.timer) clearTimeout(s.timer);
    }
  }

  /** A file of the export as a download, served once. */
  private serveFile(id: string, s: Session, name: string): Response {
    const f = s.files.get(name);
    if (!f || f.served) return error(404, 'NO_FILE', 'No such file in that export.');
    f.served = true;
    this.forgetWhenDone(id, s);
    const ext = saveExtension(name);
    return new Response(f.stream, {
      status: 200,
      headers: {
        'content-type': ext ? SAVE_MIME[ext] : 'application/octet-stream',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': 'no-store',
      },
    });
  }

  private drop(id: string, reason: string): void {
    const s = this.sessions.get(id);
    if (!s) return;
    this.sessions.delete(id);
    if (s.timer) clearTimeout(s.timer);
    for (const f of s.files.values()) {
      f.waiting?.failed(new Error(reason));
      f.waiting = null;
      if (!f.ended) {
        f.ended = true;
        try {
          f.controller?.error(new Error(reason));
        } catch {
          // already closed
        }
      }
    }
  }

  private touch(id: string, s: Session): void {
    if (s.timer) clearTimeout(s.timer);
    s.timer =
      s.pending > 0 ? null : setTimeout(() => this.drop(id, 'The export stopped: the page went away.'), this.idleMs);
    s.timer?.unref?.();
  }

  private async write(id: string, s: Session, name: string, chunk: Uint8Array, closed: AbortSignal): Promise<void> {
    const f = s.files.get(name);
    if (!f || f.ended) throw new Error('That file of the export is no longer open.');
    if (f.waiting) throw new Error('A chunk of that file is already waiting.');
    s.pending++;
    this.touch(id, s);
    try {
      await new Promise<void>((resolve, reject) => {
        f.waiting = { chunk, taken: resolve, failed: reject };
        // Room in the download's queue: taken at once.
        if ((f.controller?.desiredSize ?? 0) > 0) {
          f.waiting = null;
          f.controller?.enqueue(chunk);
          resolve();
          return;
        }
        closed.addEventListener('abort', () => this.drop(id, 'The export stopped: the page went away.'), {
          once: true,
        });
      });
    } finally {
      s.pending--;
      if (this.sessions.has(id)) this.touch(id, s);
    }
  }
}
