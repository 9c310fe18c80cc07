/**
 * The one POST client of the page and its workers (no DOM needed): POST JSON to the same-origin gateway (which
 * adds the token), read the answer with byte progress, and turn failures into an ApiError (errors.ts); an abort
 * stays an AbortError. postJson: a small answer (rest.ts); postAndParse: a whole answer with progress, parsed
 * once; postAndStreamRows: a GraphQL list read row by row as it downloads. The page's GraphQL documents go
 * through urql (client.ts); whole-catalog answers through a worker, which reads them here.
 */
import { describeValue, readRows, type RowReader, type Rows } from '../../shared/api/rows';
import { errorFromHttp, invalidResponse, networkError } from './errors';
import { NotJson, RowStream, type NextRows } from './row-stream';
import { nextTask } from '../lib/next-task';

export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Injectable for tests. */
  fetch?: FetchFn;
}

interface ReadOptions {
  /** The bytes of the body received so far and its Content-Length (null without one): as they come, and at the end. */
  onBytes?(bytes: number, total: number | null): void;
  /**
   * What to throw for an error status (body: the parsed JSON, else the text's first 2,000 characters);
   * by default errorFromHttp's ApiError.
   */
  httpError?(status: number, body: unknown, retryAfter: string | null): unknown;
  /** Read a success as text and JSON.parse it in JS (tests use it to check both paths). */
  textPath?: boolean;
}

export type PostOptions = RequestOptions & ReadOptions;

/** A parsed answer and when it came. */
export interface Answer {
  json: unknown;
  /** Bytes of the body. */
  bytes: number;
  /** When its last byte was read (ms since the epoch). */
  bytesDoneAt: number;
  /** Parse time after the last byte (ms). */
  parseMs: number;
}

/** The error text kept of an answer that is not JSON (errors.ts clips it further for display). */
const KEEP_TEXT = 2000;

const now = (): number => performance.timeOrigin + performance.now();

export function isAbort(e: unknown): boolean {
  return (e instanceof DOMException || e instanceof Error) && e.name === 'AbortError';
}

/** A failure while talking to the gateway as an ApiError; an abort as itself. */
function failed(e: unknown): unknown {
  return isAbort(e) ? e : networkError(e);
}

/** POSTs JSON; the response once its headers are in. */
export async function post(url: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
  const doFetch: FetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  try {
    return await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (e) {
    throw failed(e);
  }
}

/** A response's Content-Length, when it has a usable one. */
function contentLength(res: Response): number | null {
  const header = res.headers.get('content-length');
  return header !== null && /^\d+$/.test(header) ? Number(header) : null;
}

/**
 * Reads the answer whole as text, then parses it (the text is kept for the error). An error status throws
 * `httpError` (default: errorFromHttp); a success that is not JSON an 'invalid-response' ApiError.
 */
async function readAnswer(url: string, res: Response, options: ReadOptions = {}): Promise<Answer> {
  const total = contentLength(res);
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let bytes = 0;
  try {
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        pieces.push(decoder.decode(value, { stream: true }));
        options.onBytes?.(bytes, total);
      }
    }
    pieces.push(decoder.decode());
  } catch (e) {
    throw failed(e);
  }
  const bytesDoneAt = now();
  options.onBytes?.(bytes, total);
  const text = pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
  pieces.length = 0;
  const t0 = performance.now();
  let json: unknown;
  let isJson = true;
  try {
    json = JSON.parse(text);
  } catch {
    isJson = false;
    json = text.length > KEEP_TEXT ? text.slice(0, KEEP_TEXT) : text;
  }
  const parseMs = performance.now() - t0;
  if (!res.ok) {
    const retryAfter = res.headers.get('retry-after');
    throw options.httpError
      ? options.httpError(res.status, json, retryAfter)
      : errorFromHttp(res.status, json, retryAfter);
  }
  if (!isJson) throw invalidResponse(`${url}: the answer is not JSON (${bytes} bytes)`);
  return { json, bytes, bytesDoneAt, parseMs };
}

/**
 * The fast path for a big success: the body is teed; one branch only counts bytes (progress), the other goes
 * to the platform's own Response.json(), which decodes as the bytes arrive and parses once at the end, with
 * no JS-side joining of a tens-of-MB string.
 */
async function readAnswerNatively(
  url: string,
  body: ReadableStream<Uint8Array>,
  total: number | null,
  options: ReadOptions,
): Promise<Answer> {
  const [forCount, forParse] = body.tee();
  let bytes = 0;
  let bytesDoneAt = 0;
  const counting = (async () => {
    const reader = forCount.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      options.onBytes?.(bytes, total);
    }
    bytesDoneAt = now();
    options.onBytes?.(bytes, total);
  })();
  const parsing = new Response(forParse).json() as Promise<unknown>;
  let json: unknown;
  try {
    [json] = await Promise.all([parsing, counting]);
  } catch (e) {
    // Settle both (the other branch may still be reading) before reporting.
    await Promise.allSettled([parsing, counting]);
    if (e instanceof SyntaxError)
      throw invalidResponse(`${url}: the answer is not valid JSON (${bytes} bytes): ${e.message}`);
    throw failed(e);
  }
  return { json, bytes, bytesDoneAt, parseMs: now() - bytesDoneAt };
}

/** POSTs JSON and reads the whole answer with progress, parsing it once (natively where it can). */
export async function postAndParse(url: string, body: unknown, options: PostOptions = {}): Promise<Answer> {
  const res = await post(url, body, options);
  if (res.ok && res.body && typeof res.body.tee === 'function' && !options.textPath) {
    return readAnswerNatively(url, res.body, contentLength(res), options);
  }
  return readAnswer(url, res, options);
}

/** How long the rows reader works before letting the body's next bytes in. */
const SLICE_MS = 4;

/**
 * POSTs JSON and reads a GraphQL answer `{"data":{"<field>":[…]}}` while it downloads: complete rows are cut
 * out of the text (RowStream) and handed to onRows in batches, so by the last byte nearly all of them are
 * read. The body is drained as fast as it comes, and the rows are read in short slices between its chunks:
 * reading never holds the download back (a reader that kept up only chunk by chunk filled the pipe and
 * slowed the service's sending on a busy machine). Any other answer (an error status, errors first, `field`
 * null for a bare REST list) is read whole, as postAndParse does. `streamed`: the rows went to onRows, and
 * `json` is the rest of the answer (the rows array emptied; `next`'s too when it followed: RowStream).
 */
export async function postAndStreamRows(
  url: string,
  body: unknown,
  options: PostOptions,
  field: string | null,
  onRows: (rows: unknown[]) => void,
  next?: NextRows,
): Promise<Answer & { streamed: boolean }> {
  if (field === null || options.textPath) return { ...(await postAndParse(url, body, options)), streamed: false };
  const res = await post(url, body, options);
  if (!res.ok || !res.body) return { ...(await readAnswer(url, res, options)), streamed: false };
  const total = contentLength(res);
  const reader = res.body.getReader();
  const pending: Uint8Array[] = [];
  let bytes = 0;
  let bytesDoneAt = 0;
  let finished = false;
  let failure: { error: unknown } | null = null;
  // The reader's wait for more bytes (set while it waits).
  const waiting: { wake: (() => void) | null } = { wake: null };
  const draining = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        options.onBytes?.(bytes, total);
        pending.push(value);
        waiting.wake?.();
      }
      bytesDoneAt = now();
      options.onBytes?.(bytes, total);
    } catch (e) {
      failure = { error: e };
    } finally {
      finished = true;
      waiting.wake?.();
    }
  })();
  const stream = new RowStream(field, onRows, next);
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const t0 = performance.now();
      while (pending.length > 0 && performance.now() - t0 < SLICE_MS)
        stream.push(decoder.decode(pending.shift(), { stream: true }));
      if (pending.length > 0) await nextTask();
      else if (finished) break;
      else {
        await new Promise<void>((resolve) => (waiting.wake = resolve));
        waiting.wake = null;
      }
    }
    const broke = failure as { error: unknown } | null;
    if (broke) throw broke.error;
    stream.push(decoder.decode());
    const end = stream.end();
    return { json: end.value, bytes, bytesDoneAt, parseMs: now() - bytesDoneAt, streamed: end.streamed };
  } catch (e) {
    if (!finished) await reader.cancel().catch(() => {});
    await draining;
    if (e instanceof NotJson) throw invalidResponse(`${url}: the answer is not valid JSON (${bytes} bytes)`);
    throw failed(e);
  }
}

/**
 * An array answer read row by row (shared/api/rows.ts): a bad row or value costs only itself. Only an answer
 * that is not an array at all is an 'invalid-response' ApiError, naming `what`.
 */
export function readResponseRows<T>(reader: RowReader<T>, value: unknown, what: string): Rows<T> {
  const rows = readRows(value, reader);
  if (!rows) throw invalidResponse(`${what}: expected an array of items, got ${describeValue(value)}`);
  return rows;
}

/** POSTs JSON and returns the parsed JSON body, or throws an ApiError (AbortError passes through). */
export async function postJson(path: string, body: unknown, options: RequestOptions = {}): Promise<unknown> {
  const res = await post(path, body, options);
  return (await readAnswer(path, res)).json;
}

/** A REST call: POST body, the array result read row by row (spec 4.2: the array, no `data` wrapper). */
export async function restPost<T>(
  path: string,
  body: unknown,
  reader: RowReader<T>,
  options: RequestOptions = {},
): Promise<Rows<T>> {
  const json = await postJson(path, body, options);
  // A 200 that still carries one of the documented error bodies.
  if (json && typeof json === 'object' && !Array.isArray(json) && ('error' in json || 'errors' in json)) {
    throw errorFromHttp(200, json);
  }
  return readResponseRows(reader, json, path);
}
