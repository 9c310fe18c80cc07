/**
 * The grid worker's work, as plain functions with injected fetch/post so unit tests can drive them:
 * fetch (streamed, with byte progress), parse, validate + shape to columns, post with the buffers
 * transferred. Also the detail panel's look-ups: a whole game's answer (Steam analytics, price
 * recommendations) fetched once per document, variables and data source, kept here, one item picked per ask.
 */
import { errorFromGraphQL, invalidResponse, networkError } from '../../../api/errors';
import { describeValue, readRows, type RowReader } from '../../../../shared/api/rows';
import { errorToWire, findRejectedMarkets, httpErrorToWire, type GridErrorWire } from '../model/errors';
import { toSnapshot, type GridColumns } from '../model/columns';
import { computeDerived, derivedKey, derivedTransferables } from '../model/derive';
import { buildSearchIndex, searchIndexTransferables } from '../model/search-index';
import { MalformedResponseError, mergeGrid, shapeAsks, shapeBids, transferables, type BidPart } from '../model/shape';
import { NotJson, RowStream } from '../../analytics/worker/row-stream';
import { RecReader, recSampleRows, recTransferables } from '../../recommendations/model/rec-columns';
import { DEFAULT_REC_SORT, sortRecs } from '../../recommendations/model/view';
import { GridRequestSchema, LOOKUP_READERS, packStrings, type GridColumnsWire, type GridRequest, type GridResponse } from './protocol';

export type Post = (msg: GridResponse, transfer?: Transferable[]) => void;

export class WireError extends Error {
  constructor(readonly wire: GridErrorWire) {
    super(wire.detail || wire.kind);
  }
}

const now = (): number => performance.timeOrigin + performance.now();
const PROGRESS_EVERY_MS = 80;

interface Fetched {
  json: unknown;
  bytes: number;
  bytesDoneAt: number;
  parseMs: number;
}

interface FetchCtx {
  fetch: typeof fetch;
  signal: AbortSignal;
  /** Called with the bytes received so far by this body and its Content-Length. */
  onBytes(bytes: number, total: number | null): void;
  /** Market slugs the request names (to recognize them in a 400). */
  requested: readonly string[];
  /** Read as text and JSON.parse in JS (the fallback path; tests use it to check both). */
  textPath?: boolean;
}

function isAbort(e: unknown): boolean {
  return (e instanceof DOMException || e instanceof Error) && e.name === 'AbortError';
}

/** POST JSON; the response and its Content-Length. */
async function postJson(url: string, body: unknown, ctx: FetchCtx): Promise<{ res: Response; total: number | null }> {
  let res: Response;
  try {
    res = await ctx.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: ctx.signal,
    });
  } catch (e) {
    if (isAbort(e)) throw e;
    throw new WireError(errorToWire(networkError(e)));
  }
  const lengthHeader = res.headers.get('content-length');
  const total = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  return { res, total };
}

/** POST JSON, stream the body (decoding as it arrives), then JSON.parse once. */
export async function postAndParse(url: string, body: unknown, ctx: FetchCtx): Promise<Fetched> {
  const { res, total } = await postJson(url, body, ctx);
  if (res.ok && res.body && typeof res.body.tee === 'function' && !ctx.textPath) return parseStreaming(url, res.body, total, ctx);
  return parseText(url, res, total, ctx);
}

/** How long the rows reader works before letting the body's next bytes in. */
const SLICE_MS = 4;

/** Lets the worker's other tasks run (the body's next bytes), without setTimeout's clamping. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(0);
  });
}

/**
 * POST JSON and read a GraphQL answer `{"data":{"<field>":[…]}}` while it downloads: complete rows are cut
 * out of the text (RowStream) and handed to onRows in batches, so by the last byte nearly all of them are
 * read. The body is drained as fast as it comes, and the rows are read in short slices between its
 * chunks: reading never holds the download back (a reader that kept up only chunk by chunk filled the
 * pipe and slowed the service's sending on a busy machine). Any other answer (an error status, errors
 * first, `field` null for a bare REST list) is read whole, as postAndParse does.
 */
export async function postAndStreamRows(url: string, body: unknown, ctx: FetchCtx, field: string | null, onRows: (rows: unknown[]) => void): Promise<Fetched & { streamed: boolean }> {
  if (field === null || ctx.textPath) return { ...(await postAndParse(url, body, ctx)), streamed: false };
  const { res, total } = await postJson(url, body, ctx);
  if (!res.ok || !res.body) return { ...(await parseText(url, res, total, ctx)), streamed: false };
  const reader = res.body.getReader();
  const pending: Uint8Array[] = [];
  let bytes = 0;
  let bytesDoneAt = 0;
  let finished = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const draining = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        ctx.onBytes(bytes, total);
        pending.push(value);
        wake?.();
      }
      bytesDoneAt = now();
      ctx.onBytes(bytes, total);
    } catch (e) {
      failure = { error: e };
    } finally {
      finished = true;
      wake?.();
    }
  })();
  const stream = new RowStream(field, onRows);
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const t0 = performance.now();
      while (pending.length > 0 && performance.now() - t0 < SLICE_MS) stream.push(decoder.decode(pending.shift(), { stream: true }));
      if (pending.length > 0) await nextTask();
      else if (finished) break;
      else {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    }
    const failed = failure as { error: unknown } | null;
    if (failed) throw failed.error;
    stream.push(decoder.decode());
    const end = stream.end();
    return { json: end.value, bytes, bytesDoneAt, parseMs: now() - bytesDoneAt, streamed: end.streamed };
  } catch (e) {
    if (!finished) await reader.cancel().catch(() => {});
    await draining;
    if (isAbort(e)) throw e;
    if (e instanceof NotJson) throw new WireError(errorToWire(invalidResponse(`${url}: the answer is not valid JSON (${bytes} bytes)`)));
    throw new WireError(errorToWire(networkError(e)));
  }
}

/**
 * The fast path for a big 200: the body is teed; one branch only counts bytes (progress), the other
 * goes to the platform's own Response.json(), which decodes as the bytes arrive and parses once at the
 * end, with no JS-side joining of a tens-of-MB string.
 */
async function parseStreaming(url: string, body: ReadableStream<Uint8Array>, total: number | null, ctx: FetchCtx): Promise<Fetched> {
  const [forCount, forParse] = body.tee();
  let bytes = 0;
  let bytesDoneAt = 0;
  const counting = (async () => {
    const reader = forCount.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      ctx.onBytes(bytes, total);
    }
    bytesDoneAt = now();
    ctx.onBytes(bytes, total);
  })();
  const parsing = new Response(forParse).json() as Promise<unknown>;
  let json: unknown;
  try {
    [json] = await Promise.all([parsing, counting]);
  } catch (e) {
    // Settle both (the other branch may still be reading) before reporting.
    await Promise.allSettled([parsing, counting]);
    if (isAbort(e)) throw e;
    if (e instanceof SyntaxError) throw new WireError(errorToWire(invalidResponse(`${url}: the answer is not valid JSON (${bytes} bytes): ${e.message}`)));
    throw new WireError(errorToWire(networkError(e)));
  }
  return { json, bytes, bytesDoneAt, parseMs: now() - bytesDoneAt };
}

/** Small or error bodies: read as text, then parse (the text is kept for the error message). */
async function parseText(url: string, res: Response, total: number | null, ctx: FetchCtx): Promise<Fetched> {
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
        ctx.onBytes(bytes, total);
      }
    }
    pieces.push(decoder.decode());
  } catch (e) {
    if (isAbort(e)) throw e;
    throw new WireError(errorToWire(networkError(e)));
  }
  const bytesDoneAt = now();
  ctx.onBytes(bytes, total);
  const text = pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
  pieces.length = 0;
  const t0 = performance.now();
  let json: unknown;
  let isJson = true;
  try {
    json = JSON.parse(text);
  } catch {
    isJson = false;
    json = text.length > 2000 ? text.slice(0, 2000) : text;
  }
  const parseMs = performance.now() - t0;
  if (!res.ok) throw new WireError(httpErrorToWire(res.status, json, res.headers.get('retry-after'), ctx.requested));
  if (!isJson) throw new WireError(errorToWire(invalidResponse(`${url}: the answer is not JSON (${bytes} bytes)`)));
  return { json, bytes, bytesDoneAt, parseMs };
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A 200 GraphQL body -> its `data`, or the errors it carries as a WireError. */
export function graphqlData(json: unknown, requested: readonly string[]): Record<string, unknown> {
  const body = asRecord(json);
  if (!body) throw new WireError(errorToWire(invalidResponse('GraphQL: the answer is not a JSON object')));
  const errors = body.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const list = errors.map((e) => {
      const r = asRecord(e);
      return {
        message: typeof r?.message === 'string' ? r.message : '',
        extensions: (asRecord(r?.extensions) ?? null) as { code?: unknown } | null,
      };
    });
    throw new WireError(errorToWire(errorFromGraphQL(list), findRejectedMarkets(json, requested)));
  }
  const data = asRecord(body.data);
  if (!data) throw new WireError(errorToWire(invalidResponse('GraphQL: the answer has no data')));
  return data;
}

function shapeError(e: unknown): never {
  if (e instanceof MalformedResponseError) throw new WireError(errorToWire(invalidResponse(`Malformed response at ${e.message}`)));
  throw e;
}

export class GridEngine {
  private readonly inflight = new Map<number, AbortController>();
  /** Look-up answers of `catalogSource`, by document and variables: item name -> row. */
  private readonly catalogs = new Map<string, { epoch: number; rows: Promise<Map<string, unknown>> }>();
  private catalogSource: string | null = null;
  /** When each kept look-up answer was read (ms since epoch): a look-up tells which answer its row is from. */
  private readonly catalogAt = new WeakMap<Map<string, unknown>, number>();

  constructor(
    private readonly post: Post,
    private readonly doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
  ) {}

  handle(raw: unknown): void {
    const parsed = GridRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const id = asRecord(raw)?.id;
      if (typeof id === 'number') {
        this.post({ type: 'error', id, error: errorToWire(new Error(`Bad request to the grid worker: ${parsed.error.message}`)) });
      }
      return;
    }
    const req = parsed.data;
    switch (req.type) {
      case 'abort':
        this.inflight.get(req.id)?.abort();
        this.inflight.delete(req.id);
        return;
      case 'graphql':
      case 'rest':
        void this.load(req);
        return;
      case 'lookup':
        void this.lookup(req);
        return;
      case 'recs':
        void this.loadRecs(req);
        return;
      case 'warm':
        this.warmUp();
        return;
    }
  }

  private progress(id: number) {
    let last = 0;
    const seen = new Map<number, { bytes: number; total: number | null }>();
    return (part: number) => (bytes: number, total: number | null) => {
      seen.set(part, { bytes, total });
      const t = performance.now();
      if (t - last < PROGRESS_EVERY_MS && !(total !== null && bytes >= total)) return;
      last = t;
      let sum = 0;
      let sumTotal: number | null = 0;
      for (const s of seen.values()) {
        sum += s.bytes;
        sumTotal = sumTotal === null || s.total === null ? null : sumTotal + s.total;
      }
      this.post({ type: 'progress', id, bytes: sum, total: sumTotal, phase: 'download' });
    };
  }

  async load(req: Extract<GridRequest, { type: 'graphql' | 'rest' }>): Promise<void> {
    const ac = new AbortController();
    this.inflight.set(req.id, ac);
    const requested = [...req.askMarkets, ...req.bidMarkets];
    const onBytes = this.progress(req.id);
    const ctx = (part: number): FetchCtx => ({ fetch: this.doFetch, signal: ac.signal, onBytes: onBytes(part), requested });
    try {
      let minItems: unknown;
      let maxItems: unknown = null;
      let bytes = 0;
      let bytesDoneAt = 0;
      let parseMs = 0;
      if (req.type === 'graphql') {
        const f = await postAndParse(req.url, req.body, ctx(0));
        this.post({ type: 'progress', id: req.id, bytes: f.bytes, total: f.bytes, phase: 'parse' });
        const data = graphqlData(f.json, requested);
        minItems = data.aggregatedMinPrices;
        if (req.bidMarkets.length > 0) maxItems = data.aggregatedMaxOrders;
        ({ bytes, bytesDoneAt, parseMs } = f);
      } else {
        const [fMin, fMax] = await Promise.all([
          postAndParse(req.minPricesUrl, { game_id: req.game, markets: req.askMarkets }, ctx(0)),
          req.bidMarkets.length > 0
            ? postAndParse(req.maxOrdersUrl, { game_id: req.game, markets: req.bidMarkets }, ctx(1))
            : Promise.resolve(null),
        ]);
        this.post({ type: 'progress', id: req.id, bytes: fMin.bytes + (fMax?.bytes ?? 0), total: null, phase: 'parse' });
        minItems = fMin.json;
        maxItems = fMax?.json ?? null;
        bytes = fMin.bytes + (fMax?.bytes ?? 0);
        bytesDoneAt = Math.max(fMin.bytesDoneAt, fMax?.bytesDoneAt ?? 0);
        parseMs = fMin.parseMs + (fMax?.parseMs ?? 0);
      }
      if (ac.signal.aborted) return;
      const t0 = performance.now();
      let data: GridColumns;
      try {
        const asks = shapeAsks(minItems, req.askMarkets, 'aggregatedMinPrices');
        let bids: BidPart | null = null;
        if (req.bidMarkets.length > 0) bids = shapeBids(maxItems, req.bidMarkets, 'aggregatedMaxOrders');
        data = mergeGrid(asks, bids, {
          game: req.game,
          askMarkets: req.askMarkets,
          bidMarkets: req.bidMarkets,
          meta: { transport: req.type, bytes, bytesDoneAt, parseMs, shapeMs: 0, readyAt: 0 },
        });
      } catch (e) {
        shapeError(e);
      }
      let transfer = transferables(data);
      if (req.derive) {
        // The UI's first render then needs no pass over the whole catalog.
        const snap = toSnapshot(data);
        const askCols = req.askMarkets.map((_, i) => i);
        const bidCols = data.bidMarkets.map((_, i) => i);
        const d = computeDerived({ snap, askCols, bidCols, fees: req.derive.fees, net: req.derive.net });
        data.derived = { key: derivedKey(snap, askCols, bidCols, req.derive.fees, req.derive.net), data: d };
        transfer = [...transfer, ...derivedTransferables(d)];
      }
      // The filter's index (search-index.ts): built here, off the UI thread, once per snapshot.
      data.searchIndex = buildSearchIndex(data.search);
      transfer = [...transfer, ...searchIndexTransferables(data.searchIndex)];
      data.meta.shapeMs = performance.now() - t0;
      data.meta.readyAt = now();
      if (ac.signal.aborted) return;
      const wire: GridColumnsWire = { ...data, names: packStrings(data.names), search: packStrings(data.search) };
      this.post({ type: 'result', id: req.id, data: wire }, transfer);
    } catch (e) {
      if (isAbort(e) || ac.signal.aborted) return;
      this.post({ type: 'error', id: req.id, error: e instanceof WireError ? e.wire : errorToWire(e) });
    } finally {
      this.inflight.delete(req.id);
    }
  }

  /**
   * Price recommendations: the GraphQL answer read row by row while it downloads (REST: parsed whole),
   * into columns (recommendations/model/rec-columns.ts), sorted in the page's first order and posted;
   * then, in a second message, what only filters need: the search text, its flags and index.
   */
  async loadRecs(req: Extract<GridRequest, { type: 'recs' }>): Promise<void> {
    const ac = new AbortController();
    this.inflight.set(req.id, ac);
    const onBytes = this.progress(req.id)(0);
    try {
      const reader = new RecReader();
      const field = req.transport === 'graphql' ? 'getPriceRecommendations' : null;
      const fetching = postAndStreamRows(req.url, req.body, { fetch: this.doFetch, signal: ac.signal, onBytes, requested: req.markets ?? [] }, field, (rows) => reader.add(rows));
      // The request is out; while its answer is on the way, warm the reading code up if nothing did yet.
      this.warmUp();
      const f = await fetching;
      this.post({ type: 'progress', id: req.id, bytes: f.bytes, total: f.bytes, phase: 'parse' });
      // Streamed: the rows are read, and this is the rest of the answer (its errors, if any).
      const root = req.transport === 'graphql' ? graphqlData(f.json, req.markets ?? []).getPriceRecommendations : f.json;
      if (!Array.isArray(root)) throw new WireError(errorToWire(invalidResponse(`getPriceRecommendations: expected an array of items, got ${describeValue(root)}`)));
      if (ac.signal.aborted) return;
      if (!f.streamed) reader.add(root as unknown[]);
      const cols = reader.finish(
        { game: req.game, type: req.recType, markets: req.markets },
        { transport: req.transport, bytes: f.bytes, bytesDoneAt: f.bytesDoneAt, parseMs: f.parseMs },
        { lean: true },
      );
      // The page's first order, sorted here with warm code (the UI thread's would be cold).
      cols.presorted = { ...DEFAULT_REC_SORT, order: sortRecs(cols, null, DEFAULT_REC_SORT) };
      this.post({ type: 'recs', id: req.id, data: { ...cols, names: packStrings(cols.names), search: [] } }, recTransferables(cols));
      const { search, flags } = reader.searchColumns();
      const index = buildSearchIndex(search);
      if (ac.signal.aborted) return;
      this.post({ type: 'recs-search', id: req.id, search: packStrings(search), flags, index }, [flags.buffer as ArrayBuffer, ...searchIndexTransferables(index)]);
    } catch (e) {
      if (isAbort(e) || ac.signal.aborted) return;
      this.post({ type: 'error', id: req.id, error: e instanceof WireError ? e.wire : errorToWire(e) });
    } finally {
      this.inflight.delete(req.id);
    }
  }

  private warmed = false;

  /**
   * Runs the recommendations reading (rows, name order, flags, index) on a small made-up answer, once:
   * the first real load then runs compiled code instead of starting cold.
   */
  warmUp(): void {
    if (this.warmed) return;
    this.warmed = true;
    const reader = new RecReader();
    reader.add(JSON.parse(JSON.stringify(recSampleRows(2000))) as unknown[]);
    const cols = reader.finish({ game: 0, type: 'general', markets: null }, { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 }, { lean: true });
    sortRecs(cols, null, DEFAULT_REC_SORT);
    buildSearchIndex(reader.searchColumns().search);
  }

  private catalog(req: Extract<GridRequest, { type: 'lookup' }>): Promise<Map<string, unknown>> {
    // One data source at a time: a switch drops what the other one answered (it must never be shown as this one's).
    if (req.source !== this.catalogSource) {
      this.catalogs.clear();
      this.catalogSource = req.source;
    }
    const key = `${req.body.query}\n${JSON.stringify(req.body.variables ?? {})}`;
    const cached = this.catalogs.get(key);
    if (cached && cached.epoch >= req.epoch) return cached.rows;
    const rows = (async () => {
      // Not aborted with the look-up that started it: every look-up of this game waits on the same answer.
      const ac = new AbortController();
      const f = await postAndParse(req.url, req.body, { fetch: this.doFetch, signal: ac.signal, onBytes: () => {}, requested: [] });
      const root = graphqlData(f.json, [])[req.field];
      // Row by row: a bad row or value costs only itself (shown as "—"); only a non-array fails the look-up.
      const reader: RowReader<{ market_hash_name: string }> = LOOKUP_READERS[req.field];
      const read = readRows(root, reader);
      if (!read) throw new WireError(errorToWire(invalidResponse(`${req.field}: expected an array of items, got ${describeValue(root)}`)));
      const map = new Map<string, unknown>();
      for (const item of read.rows) if (!map.has(item.market_hash_name)) map.set(item.market_hash_name, item);
      this.catalogAt.set(map, Date.now());
      return map;
    })();
    const entry = { epoch: req.epoch, rows };
    this.catalogs.set(key, entry);
    // A failed fetch is not kept: the next look-up tries again.
    rows.catch(() => {
      if (this.catalogs.get(key) === entry) this.catalogs.delete(key);
    });
    return rows;
  }

  async lookup(req: Extract<GridRequest, { type: 'lookup' }>): Promise<void> {
    try {
      const map = await this.catalog(req);
      this.post({ type: 'lookup', id: req.id, row: map.get(req.item) ?? null, at: this.catalogAt.get(map) ?? Date.now() });
    } catch (e) {
      this.post({ type: 'error', id: req.id, error: e instanceof WireError ? e.wire : errorToWire(e) });
    }
  }
}
