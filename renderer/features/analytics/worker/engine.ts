/**
 * The analytics worker's logic: POST a whole-catalog document to the gateway, read the answer row by row
 * as it downloads, keep the rows for item lookups, and answer with the market summary only (the UI thread
 * never gets the tens of MB). Plain class with an injected fetch and post, tested in Node.
 */
import { readRows, type RowReader } from '../../../../shared/api/rows';
import { MarketOrderAnalyticsRows, SteamAnalyticsRows } from '../../../../shared/api/types';
import { errorFromGraphQL, invalidResponse, toApiError } from '../../../api/errors';
import { postAndStreamRows, type FetchFn } from '../../../api/http';
import { marketSummarizer, steamSummarizer, type CatalogSummarizer } from '../model/market-summary';
import { AnalyticsRequestSchema, type AnalyticsResponse, type CatalogRow } from './protocol';
import { steamMedians } from '../../../market/history/steam';

/** Catalogs kept for item lookups: a few games / marketplaces, the oldest dropped first. */
const KEEP = 4;
const FIELD: Record<'steam' | 'market', string> = { steam: 'getSteamAnalytics', market: 'getMarketOrderAnalytics' };

export type Post = (message: AnalyticsResponse) => void;

export class AnalyticsEngine {
  private readonly catalogs = new Map<string, Map<string, CatalogRow>>();
  private readonly inFlight = new Map<number, AbortController>();

  constructor(
    private readonly post: Post,
    private readonly fetchFn: FetchFn = (input, init) => fetch(input, init),
  ) {}

  async handle(raw: unknown): Promise<void> {
    const parsed = AnalyticsRequestSchema.safeParse(raw);
    if (!parsed.success) return;
    const req = parsed.data;
    if (req.type === 'abort') {
      this.inFlight.get(req.id)?.abort();
      return;
    }
    if (req.type === 'items') {
      const rows = this.catalogs.get(req.key);
      this.post({ type: 'items', id: req.id, rows: req.names.map((n) => rows?.get(n) ?? null) });
      return;
    }
    if (req.type === 'steam-medians') {
      const rows = this.catalogs.get(req.key);
      this.post({
        type: 'steam-medians',
        id: req.id,
        values: rows ? steamMedians(req.game, req.at, rows.values()) : null,
      });
      return;
    }
    const ac = new AbortController();
    this.inFlight.set(req.id, ac);
    try {
      const field = FIELD[req.kind];
      const catalog =
        req.kind === 'steam'
          ? new CatalogBuilder(SteamAnalyticsRows, steamSummarizer())
          : new CatalogBuilder(MarketOrderAnalyticsRows, marketSummarizer());
      const t0 = performance.now();
      // Rows are read and summarized as the answer comes in (api/row-stream.ts); another answer is read whole.
      const answer = await postAndStreamRows(
        req.url,
        req.body,
        { fetch: this.fetchFn, signal: ac.signal },
        field,
        (rows) => catalog.add(rows),
      );
      const rows = graphqlField(answer.json, field);
      if (!answer.streamed) catalog.addAll(rows, field);
      else if (!Array.isArray(rows)) throw invalidResponse(`data.${field} is not a list`);
      const t2 = performance.now();
      this.catalogs.delete(req.key);
      this.catalogs.set(req.key, catalog.byName);
      while (this.catalogs.size > KEEP) this.catalogs.delete(this.catalogs.keys().next().value!);
      const summary = catalog.summary.finish();
      const names = [...catalog.byName.keys()].sort((a, b) => a.localeCompare(b));
      const t3 = performance.now();
      // "Data arrived" is the answer's last byte (bench:analytics times the view from it): the network's
      // own time for it when the browser has one, else when the last chunk was read here.
      const t1 = Math.min(t2, await lastByteAt(req.url, t0));
      const timing = { download: t1 - t0, read: t2 - t1, summarize: t3 - t2, arrivedAt: performance.timeOrigin + t1 };
      this.post({
        type: 'loaded',
        id: req.id,
        catalog: {
          key: req.key,
          kind: req.kind,
          summary,
          names,
          droppedRows: catalog.droppedRows,
          invalidValues: catalog.invalidValues,
          bytes: answer.bytes,
          fetchedAt: Date.now(),
          timing,
        },
      });
    } catch (e) {
      if (!ac.signal.aborted) this.post({ type: 'error', id: req.id, error: toApiError(e) });
    } finally {
      this.inFlight.delete(req.id);
    }
  }
}

/** A catalog read in batches of rows: rows by name for item lookups, counts, and its summary. */
class CatalogBuilder<Row extends CatalogRow> {
  readonly byName = new Map<string, CatalogRow>();
  droppedRows = 0;
  invalidValues = 0;

  constructor(
    private readonly reader: RowReader<Row>,
    readonly summary: CatalogSummarizer<Row>,
  ) {}

  add(elements: unknown[]): void {
    const read = readRows(elements, this.reader)!;
    this.droppedRows += read.droppedRows;
    this.invalidValues += read.invalidValues;
    for (const r of read.rows) this.byName.set(r.market_hash_name, r);
    this.summary.add(read.rows);
  }

  /** The whole rows array at once (an answer that could not be streamed). */
  addAll(data: unknown, field: string): void {
    if (!Array.isArray(data)) throw invalidResponse(`data.${field} is not a list`);
    this.add(data);
  }
}

/** When the browser got the last byte of the fetch of url started at t0, if it tells (Resource Timing). */
async function lastByteAt(url: string, t0: number): Promise<number> {
  if (typeof performance.getEntriesByType !== 'function' || typeof location === 'undefined') return Infinity;
  const name = new URL(url, location.href).href;
  const find = () =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.name === name && e.startTime >= t0 - 1 && e.responseEnd > 0)
      .sort((a, b) => a.startTime - b.startTime)[0];
  // The browser files the entry a task after the body was read.
  const entry = find() ?? (await new Promise<void>((r) => setTimeout(r, 0)).then(find));
  return entry ? entry.responseEnd : Infinity;
}

/** data[field] of a GraphQL answer; its errors as an ApiError. */
function graphqlField(json: unknown, field: string): unknown {
  if (typeof json !== 'object' || json === null) throw invalidResponse('The answer is not a JSON object.');
  const o = json as {
    data?: Record<string, unknown> | null;
    errors?: { message?: string; extensions?: { code?: unknown } }[];
  };
  if (Array.isArray(o.errors) && o.errors.length > 0 && !o.data?.[field]) throw errorFromGraphQL(o.errors);
  return o.data?.[field];
}
