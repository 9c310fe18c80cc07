/**
 * The data worker's work (market.worker.ts), as plain functions with injected fetch/post so unit tests can drive them:
 * fetch (streamed, with byte progress: api/http.ts), parse, validate + shape to columns, post with the
 * buffers transferred. Also the detail panel's look-ups: a whole game's answer (Steam analytics, price
 * recommendations) fetched once per document, variables and data source, kept here, one item picked per ask.
 */
import { errorFromGraphQL, invalidResponse, toApiError } from '../../api/errors';
import { isAbort, postAndParse, postAndStreamRows, type Answer, type FetchFn, type PostOptions } from '../../api/http';
import { RowStream } from '../../api/row-stream';
import { describeValue, readRows, type RowReader } from '../../../shared/api/rows';
import { findRejectedMarkets, loadHttpError } from '../model/rejected-markets';
import { toSnapshot, type SnapshotData } from '../model/snapshot';
import { derivedTransferables } from '../model/derived-columns';
import { computeDerived, derivedKey } from '../model/price-arithmetic';
import { isHistoryMarkKey } from '../history/poll-input';
import { buildSearchIndex, searchIndexTransferables } from '../model/search-index';
import { chunks, mergeAnswers } from '../api/batches';
import {
  MAX_MARKETS_PER_ANSWER,
  MalformedResponseError,
  mergeGrid,
  shapeBids,
  transferables,
  type BidPart,
} from '../model/shape';
import { AskShaper, shapeAsks } from '../model/shape-asks';
import { RecReader } from '../recommendations/rec-reader';
import { recSampleRows } from '../recommendations/rec-sample';
import { recTransferables } from '../recommendations/rec-wire';
import { DEFAULT_REC_SORT, sortRecs } from '../recommendations/view';
import {
  MarketRequestSchema,
  LOOKUP_READERS,
  type SnapshotWire,
  type MarketRequest,
  type MarketResponse,
} from './protocol';
import { packStrings, packedTransferables } from './packed-strings';
import { TrustBook } from '../trust/trust-book';
import { TrustStore } from '../trust/trust-store';
import { trustTransferables } from '../trust/trust';

export type Post = (msg: MarketResponse, transfer?: Transferable[]) => void;

const now = (): number => performance.timeOrigin + performance.now();
const PROGRESS_EVERY_MS = 80;

/** POST options of a load: a 400 names the requested market slugs the service rejected. */
function postOptions(
  signal: AbortSignal,
  doFetch: FetchFn,
  requested: readonly string[],
  onBytes: (bytes: number, total: number | null) => void,
): PostOptions {
  return {
    fetch: doFetch,
    signal,
    onBytes,
    httpError: (status, body, retryAfter) => loadHttpError(status, body, retryAfter, requested),
  };
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/**
 * One GraphQL batch's answer with its ask rows (the bulk of it) and then its bid rows (7 MB of the CS2
 * catalog's 39: parsed after the last byte, about 50-67 ms) read while it downloads (api/row-stream.ts), so
 * little is left to parse at the end; the rest (any errors) is parsed then. With `shaper` the ask rows are
 * shaped as they come too (`shaped` when they all went to it); the other rows are put back where they were:
 * the answer reads as one parsed whole.
 */
async function postAndStreamAsks(
  url: string,
  batch: { body: unknown; askMarkets: readonly string[]; bidMarkets: readonly string[] },
  options: PostOptions,
  shaper: AskShaper | null,
): Promise<Answer & { shaped: AskShaper | null }> {
  const rows: unknown[] = [];
  const bidRows: unknown[] = [];
  const field = batch.askMarkets.length > 0 ? 'aggregatedMinPrices' : null;
  const bids = batch.bidMarkets.length > 0 ? 'aggregatedMaxOrders' : null;
  const onAsks = (got: unknown[]) => {
    if (shaper) shaper.add(got);
    else for (const row of got) rows.push(row);
  };
  const onBids = (got: unknown[]) => {
    for (const row of got) bidRows.push(row);
  };
  const f = await postAndStreamRows(
    url,
    batch.body,
    options,
    field,
    onAsks,
    bids ? { field: bids, onRows: onBids } : undefined,
  );
  const data = f.streamed ? asRecord(asRecord(f.json)?.data) : null;
  if (data && !shaper) data.aggregatedMinPrices = rows;
  // Streamed bids left their array empty in the answer; unstreamed ones are there and none came here.
  if (data && bids && bidRows.length > 0) data.aggregatedMaxOrders = bidRows;
  return { ...f, shaped: f.streamed ? shaper : null };
}

/** A 200 GraphQL body -> its `data`, or the errors it carries as an ApiError. */
function graphqlData(json: unknown, requested: readonly string[]): Record<string, unknown> {
  const body = asRecord(json);
  if (!body) throw invalidResponse('GraphQL: the answer is not a JSON object');
  const errors = body.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const list = errors.map((e) => {
      const r = asRecord(e);
      return {
        message: typeof r?.message === 'string' ? r.message : '',
        extensions: (asRecord(r?.extensions) ?? null) as { code?: unknown } | null,
      };
    });
    throw errorFromGraphQL(list, findRejectedMarkets(json, requested));
  }
  const data = asRecord(body.data);
  if (!data) throw invalidResponse('GraphQL: the answer has no data');
  return data;
}

function shapeError(e: unknown): never {
  if (e instanceof MalformedResponseError) throw invalidResponse(`Malformed response at ${e.message}`);
  throw e;
}

type GridLoad = Extract<MarketRequest, { type: 'graphql' | 'rest' }>;

/** A grid load's answers, merged, with their sizes and timings. */
interface Fetched {
  minItems: unknown;
  /** The asks, shaped while they downloaded (one GraphQL batch); else shaped from minItems. */
  shapedAsks?: AskShaper | null;
  maxItems: unknown;
  bytes: number;
  bytesDoneAt: number;
  parseMs: number;
}

/**
 * The derived figures for the page's settings, so the UI's first render needs no pass over the whole
 * catalog; and the history's mark (gross, trusted, history/poll-input.ts) when those figures are for other
 * settings: both here, off the UI thread. Returns the buffers to transfer.
 */
function deriveInWorker(data: SnapshotData, derive: NonNullable<GridLoad['derive']>): ArrayBuffer[] {
  const snap = toSnapshot(data);
  const askCols = data.askMarkets.map((_, i) => i);
  const bidCols = data.bidMarkets.map((_, i) => i);
  const choice = { quotes: derive.quotes, includeStalled: derive.includeStalled };
  const d = computeDerived({ snap, askCols, bidCols, fees: derive.fees, net: derive.net, ...choice });
  data.derived = { key: derivedKey(snap, askCols, bidCols, derive.fees, derive.net, choice), data: d };
  const transfer = derivedTransferables(d);
  if (!isHistoryMarkKey(snap, data.derived.key)) {
    data.historyMark = computeDerived({ snap, askCols, bidCols, fees: {}, net: false }).mark;
    transfer.push(data.historyMark.buffer as ArrayBuffer);
  }
  return transfer;
}

/** The longest a list's search data waits for the page to say the list is on screen. */
const PAINT_WAIT_MS = 1000;

/** The data worker: its requests in, its answers (results, progress, errors) out. */
export class MarketWorker {
  private readonly inflight = new Map<number, AbortController>();
  /** Look-up answers of `catalogSource`, by document and variables: item name -> row. */
  private readonly catalogs = new Map<string, { epoch: number; rows: Promise<Map<string, unknown>> }>();
  private catalogSource: string | null = null;
  /** When each kept look-up answer was read (ms since epoch): a look-up tells which answer its row is from. */
  private readonly catalogAt = new WeakMap<Map<string, unknown>, number>();

  constructor(
    private readonly post: Post,
    private readonly doFetch: FetchFn = (input, init) => globalThis.fetch(input, init),
    /** Every polled game's quote ages, stalls and outliers (../trust), whatever page asked for the load. */
    private readonly trust: TrustBook = new TrustBook(new TrustStore()),
  ) {}

  handle(raw: unknown): void {
    const parsed = MarketRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const id = asRecord(raw)?.id;
      if (typeof id === 'number') {
        this.post({
          type: 'error',
          id,
          error: invalidResponse(`Bad request to the data worker: ${parsed.error.message}`),
        });
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
      case 'lookup-values':
        void this.lookupValues(req);
        return;
      case 'recs':
        void this.loadRecs(req);
        return;
      case 'warm':
        this.warmUp();
        return;
      case 'recs-painted':
        this.painted.get(req.id)?.();
        return;
    }
  }

  /** Lists posted whose page has not said they are on screen yet: their waits (untilPainted). */
  private readonly painted = new Map<number, () => void>();

  /**
   * Waits until the page says the list of `id` is on screen ('recs-painted'), or `maxMs` (a page that
   * never paints it: left, or hidden), or an abort. On two cores, work done here during the list's first
   * frame takes the core that frame's layout, paint and raster need.
   */
  private untilPainted(id: number, signal: AbortSignal, maxMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.painted.delete(id);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      signal.addEventListener('abort', done);
      this.painted.set(id, done);
    });
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

  /** The answers of a GraphQL load: one request, or one per batch (a service that takes only so many names), merged item by item. */
  private async fetchGraphql(
    req: GridLoad & { type: 'graphql' },
    ctx: (part: number) => PostOptions,
  ): Promise<Fetched> {
    const batches = req.batches ?? [{ body: req.body, askMarkets: req.askMarkets, bidMarkets: req.bidMarkets }];
    // One batch: its rows are shaped as they arrive. Several are merged item by item first (mergeAnswers).
    const shaper =
      batches.length === 1 && req.askMarkets.length > 0 && req.askMarkets.length <= MAX_MARKETS_PER_ANSWER
        ? new AskShaper(req.askMarkets, 'aggregatedMinPrices')
        : null;
    const got = await Promise.all(
      batches.map((b, i) => postAndStreamAsks(req.url, b, ctx(i), shaper).then((f) => ({ f, b }))),
    );
    const total = got.reduce((a, { f }) => a + f.bytes, 0);
    this.post({ type: 'progress', id: req.id, bytes: total, total, phase: 'parse' });
    const mins: unknown[] = [];
    const maxes: unknown[] = [];
    const out: Fetched = { minItems: null, maxItems: null, bytes: 0, bytesDoneAt: 0, parseMs: 0 };
    for (const { f, b } of got) {
      const data = graphqlData(f.json, [...b.askMarkets, ...b.bidMarkets]);
      mins.push(data.aggregatedMinPrices);
      if (b.bidMarkets.length > 0) maxes.push(data.aggregatedMaxOrders);
      out.bytes += f.bytes;
      out.bytesDoneAt = Math.max(out.bytesDoneAt, f.bytesDoneAt);
      out.parseMs += f.parseMs;
    }
    out.shapedAsks = got[0]?.f.shaped ?? null;
    out.minItems = out.shapedAsks ? null : mergeAnswers(mins, 'prices');
    if (req.bidMarkets.length > 0) out.maxItems = mergeAnswers(maxes, 'orders');
    return out;
  }

  /** The answers of a REST load: the asks' and bids' requests (in parts of perRequest markets), merged. */
  private async fetchRest(req: GridLoad & { type: 'rest' }, ctx: (part: number) => PostOptions): Promise<Fetched> {
    const askParts = chunks(req.askMarkets, req.perRequest?.ask ?? null);
    const bidParts = req.bidMarkets.length > 0 ? chunks(req.bidMarkets, req.perRequest?.bid ?? null) : [];
    const [fMin, fMax] = await Promise.all([
      Promise.all(askParts.map((markets, i) => postAndParse(req.minPricesUrl, { game_id: req.game, markets }, ctx(i)))),
      Promise.all(
        bidParts.map((markets, i) =>
          postAndParse(req.maxOrdersUrl, { game_id: req.game, markets }, ctx(askParts.length + i)),
        ),
      ),
    ]);
    const all = [...fMin, ...fMax];
    const bytes = all.reduce((a, f) => a + f.bytes, 0);
    this.post({ type: 'progress', id: req.id, bytes, total: null, phase: 'parse' });
    return {
      minItems: mergeAnswers(
        fMin.map((f) => f.json),
        'prices',
      ),
      maxItems:
        fMax.length > 0
          ? mergeAnswers(
              fMax.map((f) => f.json),
              'orders',
            )
          : null,
      bytes,
      bytesDoneAt: Math.max(...all.map((f) => f.bytesDoneAt)),
      parseMs: all.reduce((a, f) => a + f.parseMs, 0),
    };
  }

  async load(req: GridLoad): Promise<void> {
    const ac = new AbortController();
    this.inflight.set(req.id, ac);
    const requested = [...req.askMarkets, ...req.bidMarkets];
    const onBytes = this.progress(req.id);
    const ctx = (part: number): PostOptions => postOptions(ac.signal, this.doFetch, requested, onBytes(part));
    this.trust.prepare(req.game);
    try {
      const { minItems, shapedAsks, maxItems, bytes, bytesDoneAt, parseMs } =
        req.type === 'graphql' ? await this.fetchGraphql(req, ctx) : await this.fetchRest(req, ctx);
      if (ac.signal.aborted) return;
      const t0 = performance.now();
      let data: SnapshotData;
      try {
        const asks = shapedAsks ? shapedAsks.finish() : shapeAsks(minItems, req.askMarkets, 'aggregatedMinPrices');
        let bids: BidPart | null = null;
        if (req.bidMarkets.length > 0) bids = shapeBids(maxItems, req.bidMarkets, 'aggregatedMaxOrders');
        data = mergeGrid(asks, bids, {
          game: req.game,
          meta: { transport: req.type, bytes, bytesDoneAt, parseMs, shapeMs: 0, readyAt: 0 },
        });
      } catch (e) {
        shapeError(e);
      }
      let transfer = transferables(data);
      // Trust first: the figures derived below take the trusted quotes (model/price-arithmetic.ts).
      data.trust = await this.trust.observe(data, bytesDoneAt > 0 ? bytesDoneAt : now());
      transfer = [...transfer, ...trustTransferables(data.trust)];
      if (ac.signal.aborted) return;
      if (req.derive) transfer = [...transfer, ...deriveInWorker(data, req.derive)];
      data.meta.shapeMs = performance.now() - t0;
      data.meta.readyAt = now();
      if (ac.signal.aborted) return;
      const names = packStrings(data.names);
      const search = packStrings(data.search);
      const wire: SnapshotWire = { ...data, names, search };
      this.post({ type: 'result', id: req.id, data: wire }, [
        ...transfer,
        ...packedTransferables(names),
        ...packedTransferables(search),
      ]);
      // The filter's index (search-index.ts), off the UI thread, once per snapshot: after the columns, so
      // the first paint does not wait for it (until it comes, a filter reads every name: model/filter.ts).
      if (ac.signal.aborted) return;
      const index = buildSearchIndex(data.search);
      this.post({ type: 'grid-search', id: req.id, index }, searchIndexTransferables(index));
    } catch (e) {
      if (isAbort(e) || ac.signal.aborted) return;
      this.post({ type: 'error', id: req.id, error: toApiError(e) });
    } finally {
      this.inflight.delete(req.id);
    }
  }

  /**
   * Price recommendations: the GraphQL answer read row by row while it downloads (REST: parsed whole),
   * into columns (market/recommendations/rec-reader.ts), sorted in the page's first order and posted;
   * then, in a second message, what only filters need: the search text, its flags and index.
   */
  async loadRecs(req: Extract<MarketRequest, { type: 'recs' }>): Promise<void> {
    const ac = new AbortController();
    this.inflight.set(req.id, ac);
    const onBytes = this.progress(req.id)(0);
    try {
      const reader = new RecReader();
      const field = req.transport === 'graphql' ? 'getPriceRecommendations' : null;
      const fetching = postAndStreamRows(
        req.url,
        req.body,
        postOptions(ac.signal, this.doFetch, req.markets ?? [], onBytes),
        field,
        (rows) => reader.add(rows),
      );
      // The request is out; while its answer is on the way, warm the reading code up if nothing did yet.
      this.warmUp();
      const f = await fetching;
      this.post({ type: 'progress', id: req.id, bytes: f.bytes, total: f.bytes, phase: 'parse' });
      // Streamed: the rows are read, and this is the rest of the answer (its errors, if any).
      const root =
        req.transport === 'graphql' ? graphqlData(f.json, req.markets ?? []).getPriceRecommendations : f.json;
      if (!Array.isArray(root))
        throw invalidResponse(`getPriceRecommendations: expected an array of items, got ${describeValue(root)}`);
      if (ac.signal.aborted) return;
      if (!f.streamed) reader.add(root as unknown[]);
      const cols = reader.finish(
        { game: req.game, type: req.recType, markets: req.markets },
        { transport: req.transport, bytes: f.bytes, bytesDoneAt: f.bytesDoneAt, parseMs: f.parseMs },
        { lean: true },
      );
      // The page's first order, sorted here with warm code (the UI thread's would be cold).
      cols.presorted = { ...DEFAULT_REC_SORT, order: sortRecs(cols, null, DEFAULT_REC_SORT) };
      const names = reader.packedNames();
      const { names: _names, search: _search, ...rest } = cols;
      cols.meta.postedAt = now();
      this.post({ type: 'recs', id: req.id, data: { ...rest, names } }, [
        ...recTransferables(cols),
        ...packedTransferables(names),
      ]);
      await this.untilPainted(req.id, ac.signal, PAINT_WAIT_MS);
      if (ac.signal.aborted) return;
      const { search, flags } = reader.searchColumns();
      const index = buildSearchIndex(search);
      const packed = packStrings(search);
      if (ac.signal.aborted) return;
      this.post({ type: 'recs-search', id: req.id, search: packed, flags, index }, [
        flags.buffer as ArrayBuffer,
        ...packedTransferables(packed),
        ...searchIndexTransferables(index),
      ]);
    } catch (e) {
      if (isAbort(e) || ac.signal.aborted) return;
      this.post({ type: 'error', id: req.id, error: toApiError(e) });
    } finally {
      this.inflight.delete(req.id);
    }
  }

  private warmed = false;

  /**
   * Runs the recommendations reading (row cutting, rows, name order, sort, flags, index) on a small
   * made-up answer, once: the first real load then runs compiled code instead of starting cold.
   */
  warmUp(): void {
    if (this.warmed) return;
    this.warmed = true;
    const reader = new RecReader();
    const text = JSON.stringify({ data: { getPriceRecommendations: recSampleRows(2000) } });
    const stream = new RowStream('getPriceRecommendations', (rows) => reader.add(rows));
    for (let i = 0; i < text.length; i += 16_384) stream.push(text.slice(i, i + 16_384));
    stream.end();
    const cols = reader.finish(
      { game: 0, type: 'general', markets: null },
      { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
      { lean: true },
    );
    sortRecs(cols, null, DEFAULT_REC_SORT);
    buildSearchIndex(reader.searchColumns().search);
  }

  private catalog(req: Extract<MarketRequest, { type: 'lookup' | 'lookup-values' }>): Promise<Map<string, unknown>> {
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
      const f = await postAndParse(
        req.url,
        req.body,
        postOptions(ac.signal, this.doFetch, [], () => {}),
      );
      const root = graphqlData(f.json, [])[req.field];
      // Row by row: a bad row or value costs only itself (shown as "—"); only a non-array fails the look-up.
      const reader: RowReader<{ market_hash_name: string }> = LOOKUP_READERS[req.field];
      const read = readRows(root, reader);
      if (!read) throw invalidResponse(`${req.field}: expected an array of items, got ${describeValue(root)}`);
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

  async lookup(req: Extract<MarketRequest, { type: 'lookup' }>): Promise<void> {
    try {
      const map = await this.catalog(req);
      this.post({
        type: 'lookup',
        id: req.id,
        row: map.get(req.item) ?? null,
        at: this.catalogAt.get(map) ?? Date.now(),
      });
    } catch (e) {
      this.post({ type: 'error', id: req.id, error: toApiError(e) });
    }
  }

  /** Many items' numbers from the kept whole-game answer, in typed arrays (transferred, never copied). */
  async lookupValues(req: Extract<MarketRequest, { type: 'lookup-values' }>): Promise<void> {
    try {
      const map = await this.catalog(req);
      const r = pickValues(map, req.items, req.paths);
      this.post({ type: 'lookup-values', id: req.id, ...r, at: this.catalogAt.get(map) ?? Date.now() }, [
        ...r.values.map((v) => v.buffer),
        r.found.buffer,
      ]);
    } catch (e) {
      this.post({ type: 'error', id: req.id, error: toApiError(e) });
    }
  }
}

/** For each item and path, the finite number at that path of its row, NaN otherwise. */
export function pickValues(
  rows: ReadonlyMap<string, unknown>,
  items: readonly string[],
  paths: readonly string[],
): { values: Float64Array[]; found: Uint8Array } {
  const split = paths.map((p) => p.split('.'));
  const values = paths.map(() => new Float64Array(items.length).fill(NaN));
  const found = new Uint8Array(items.length);
  items.forEach((name, i) => {
    const row = rows.get(name);
    if (row === undefined) return;
    found[i] = 1;
    split.forEach((parts, p) => {
      let v: unknown = row;
      for (const k of parts) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined;
      if (typeof v === 'number' && Number.isFinite(v)) (values[p] as Float64Array)[i] = v;
    });
  });
  return { values, found };
}
