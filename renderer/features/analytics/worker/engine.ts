/**
 * The analytics worker's logic: POST a whole-catalog document to the gateway, read the answer row by row,
 * keep the rows for item lookups, and answer with the market summary only (the UI thread never gets the
 * tens of MB). Plain class with an injected fetch and post, tested in Node.
 */
import { readRows, type Rows } from '../../../../shared/api/rows';
import { MarketOrderAnalyticsRows, SteamAnalyticsRows, type MarketOrderAnalyticsRow, type SteamAnalyticsRow } from '../../../../shared/api/types';
import { ApiError, errorFromGraphQL, errorFromHttp, invalidResponse, networkError, toApiError } from '../../../api/errors';
import { summarizeMarket, summarizeSteam } from '../model/market-summary';
import { AnalyticsRequestSchema, type AnalyticsResponse, type CatalogRow, type ErrorWire } from './protocol';

/** Catalogs kept for item lookups: a few games / marketplaces, the oldest dropped first. */
const KEEP = 4;
const FIELD: Record<'steam' | 'market', string> = { steam: 'getSteamAnalytics', market: 'getMarketOrderAnalytics' };

export type Post = (message: AnalyticsResponse) => void;
export type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

export function errorToWire(e: unknown): ErrorWire {
  const a = toApiError(e);
  return { kind: a.kind, status: a.status, code: a.code, detail: a.detail };
}

export function errorFromWire(w: ErrorWire): ApiError {
  return new ApiError(w.kind, w.status, w.code, w.detail);
}

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
    const ac = new AbortController();
    this.inFlight.set(req.id, ac);
    try {
      const t0 = performance.now();
      const { value, bytes } = await this.fetchJson(req.url, req.body, ac.signal);
      const t1 = performance.now();
      const data = graphqlField(value, FIELD[req.kind]);
      const read = (req.kind === 'steam' ? readRows(data, SteamAnalyticsRows) : readRows(data, MarketOrderAnalyticsRows)) as Rows<CatalogRow> | null;
      if (!read) throw invalidResponse(`data.${FIELD[req.kind]} is not a list`);
      const byName = new Map<string, CatalogRow>();
      for (const r of read.rows) byName.set(r.market_hash_name, r);
      this.catalogs.delete(req.key);
      this.catalogs.set(req.key, byName);
      while (this.catalogs.size > KEEP) this.catalogs.delete(this.catalogs.keys().next().value!);
      const t2 = performance.now();
      const summary = req.kind === 'steam' ? summarizeSteam(read.rows as SteamAnalyticsRow[]) : summarizeMarket(read.rows as MarketOrderAnalyticsRow[]);
      const timing = { download: t1 - t0, read: t2 - t1, summarize: performance.now() - t2 };
      this.post({
        type: 'loaded',
        id: req.id,
        catalog: { key: req.key, kind: req.kind, summary, names: [...byName.keys()].sort((a, b) => a.localeCompare(b)), droppedRows: read.droppedRows, invalidValues: read.invalidValues, bytes, fetchedAt: Date.now(), timing },
      });
    } catch (e) {
      if (!ac.signal.aborted) this.post({ type: 'error', id: req.id, error: errorToWire(e) });
    } finally {
      this.inFlight.delete(req.id);
    }
  }

  private async fetchJson(url: string, body: unknown, signal: AbortSignal): Promise<{ value: unknown; bytes: number }> {
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
        signal,
      });
    } catch (e) {
      throw networkError(e);
    }
    const text = await res.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (!res.ok) throw errorFromHttp(res.status, text, res.headers.get('retry-after'));
      throw invalidResponse('The answer is not JSON.');
    }
    if (!res.ok) throw errorFromHttp(res.status, value, res.headers.get('retry-after'));
    return { value, bytes: text.length };
  }
}

/** data[field] of a GraphQL answer; its errors as an ApiError. */
function graphqlField(json: unknown, field: string): unknown {
  if (typeof json !== 'object' || json === null) throw invalidResponse('The answer is not a JSON object.');
  const o = json as { data?: Record<string, unknown> | null; errors?: { message?: string; extensions?: { code?: unknown } }[] };
  if (Array.isArray(o.errors) && o.errors.length > 0 && !o.data?.[field]) throw errorFromGraphQL(o.errors);
  return o.data?.[field];
}
