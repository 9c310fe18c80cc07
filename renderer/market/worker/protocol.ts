/**
 * The one request channel between the UI thread and the data worker (market.worker.ts): each request has
 * an id (its answers and an abort carry it), progress comes back as messages, results with their buffers
 * transferred, and a failure as the ApiError the worker made (plain data, renderer/api/errors.ts), which
 * the UI passes on unchanged. Both directions are checked on arrival: the worker parses requests with
 * zod; the UI checks results structurally (typed array kinds and lengths, names are strings) rather than
 * zod-walking 37k names on the UI thread.
 */
import { z } from 'zod';
import type { RowReader } from '../../../shared/api/rows';
import { RECOMMENDATION_TYPES } from '../../../shared/api/schema';
import { PriceRecommendationRows, SteamAnalyticsRows } from '../../../shared/api/types';
import type { RecColumns } from '../recommendations/rec-columns';
import { NUM_FIELDS, type SnapshotData } from '../model/snapshot';
import { isDerived } from '../model/derived-columns';
import { isSearchIndex, type SearchIndex } from '../model/search-index';
import { isTrustData } from '../trust/trust';
import { isPackedStrings, type PackedStrings } from './packed-strings';
import { isStringArray } from '../../lib/guards';
import { isApiError, type ApiError } from '../../api/errors';

const slugs = z.array(z.string().min(1).max(200)).max(200);
const bps = z.number().int().min(0).max(10000);
/** Settings to compute the per-row figures with, in the worker (fees and net at request time). */
const DeriveSchema = z.object({
  fees: z.record(z.string(), z.object({ buyBps: bps, sellBps: bps, steamPublisherBps: bps.nullable().optional() })),
  net: z.boolean(),
  /** The bests from trusted quotes only (default) or all; stalled markets' quotes counted or not (trust-prefs.ts). */
  quotes: z.enum(['trusted', 'all']).optional(),
  includeStalled: z.boolean().optional(),
});
export type DeriveSettings = z.infer<typeof DeriveSchema>;

const GraphqlBody = z.object({
  query: z.string(),
  variables: z.record(z.string(), z.unknown()).optional(),
  operationName: z.string().optional(),
});

/**
 * Whole-game answers the detail panel picks one item from, by root field, with the reader of their rows
 * (the worker reads the answer with it; the UI checks the picked row with its lenient schema).
 */
export const LOOKUP_READERS = {
  getSteamAnalytics: SteamAnalyticsRows,
  getPriceRecommendations: PriceRecommendationRows,
} as const satisfies Record<string, RowReader<{ market_hash_name: string }>>;
export type LookupField = keyof typeof LOOKUP_READERS;
const LOOKUP_FIELDS = Object.keys(LOOKUP_READERS) as [LookupField, ...LookupField[]];

/** The most names a request may carry per list (a service's size limit, market discovery); null: no limit. */
const PerRequestSchema = z.object({ ask: z.number().int().min(1).nullable(), bid: z.number().int().min(1).nullable() });
/** One GraphQL request of a load cut into batches, with the names it carries. */
const GraphqlBatch = z.object({ body: GraphqlBody, askMarkets: slugs, bidMarkets: slugs });

export const MarketRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('graphql'),
    id: z.number().int(),
    url: z.string(),
    body: GraphqlBody,
    game: z.number().int(),
    askMarkets: slugs,
    bidMarkets: slugs,
    derive: DeriveSchema.optional(),
    /** Instead of `body`: these requests, whose answers are merged (a service that takes only so many names). */
    batches: z.array(GraphqlBatch).min(1).max(64).optional(),
  }),
  z.object({
    type: z.literal('rest'),
    id: z.number().int(),
    minPricesUrl: z.string(),
    maxOrdersUrl: z.string(),
    game: z.number().int(),
    askMarkets: slugs,
    bidMarkets: slugs,
    derive: DeriveSchema.optional(),
    perRequest: PerRequestSchema.optional(),
  }),
  z.object({ type: z.literal('abort'), id: z.number().int() }),
  /**
   * The recommendations list of this id is on screen: what only filters need (search text, flags, index)
   * may be built now. Until then the worker leaves both cores to the list's first frame.
   */
  z.object({ type: z.literal('recs-painted'), id: z.number().int() }),
  /** Get ready for a recommendations load before it is asked for (code compiled on a small sample). */
  z.object({ type: z.literal('warm') }),
  /** A whole game's price recommendations (GraphQL, or REST for the markets filter), as columns. */
  z.object({
    type: z.literal('recs'),
    id: z.number().int(),
    transport: z.enum(['graphql', 'rest']),
    url: z.string(),
    /** The GraphQL request, or the REST body ({ game_id, type, markets }). */
    body: z.record(z.string(), z.unknown()),
    game: z.number().int(),
    recType: z.enum(RECOMMENDATION_TYPES),
    markets: slugs.nullable(),
  }),
  z.object({
    type: z.literal('lookup'),
    id: z.number().int(),
    url: z.string(),
    /** A GraphQL document whose root field `field` answers the whole game. */
    body: GraphqlBody,
    field: z.enum(LOOKUP_FIELDS),
    /** The item to pick. */
    item: z.string(),
    /** The data source: answers of another source are dropped, never served. */
    source: z.string(),
    /** An answer fetched before this reload epoch is fetched again. */
    epoch: z.number().int().min(0),
  }),
  /**
   * Numbers of many items from a whole-game answer (the same kept answer as 'lookup'): for each item and
   * each dotted path of its row ("sales.avg_daily_volume"), the number there, NaN where none.
   */
  z.object({
    type: z.literal('lookup-values'),
    id: z.number().int(),
    url: z.string(),
    body: GraphqlBody,
    field: z.enum(LOOKUP_FIELDS),
    items: z.array(z.string()).max(100_000),
    paths: z
      .array(z.string().regex(/^[a-z_]\w*(\.[a-z_]\w*)*$/i))
      .min(1)
      .max(20),
    source: z.string(),
    epoch: z.number().int().min(0),
  }),
]);
export type MarketRequest = z.infer<typeof MarketRequestSchema>;

/**
 * SnapshotData as posted: names and search text packed (packed-strings.ts: transferred, not copied),
 * taken apart on the UI thread in separate short tasks.
 */
export type SnapshotWire = Omit<SnapshotData, 'names' | 'search'> & { names: PackedStrings; search: PackedStrings };

/**
 * RecColumns as posted: names packed (the UI reads the rows in sight from them first); no search text,
 * which follows in 'recs-search'.
 */
type RecColumnsWire = Omit<RecColumns, 'names' | 'search'> & { names: PackedStrings };

export type MarketResponse =
  | { type: 'progress'; id: number; bytes: number; total: number | null; phase: 'download' | 'parse' }
  | { type: 'result'; id: number; data: SnapshotWire }
  | { type: 'error'; id: number; error: ApiError }
  | { type: 'recs'; id: number; data: RecColumnsWire }
  /**
   * After a 'recs' result of the same id (which has no search text or flags): its search text (packed),
   * flags and search index, which the list's first paint does not wait for.
   */
  | { type: 'recs-search'; id: number; search: PackedStrings; flags: Uint32Array; index: SearchIndex }
  /** After a 'result' of the same id (which has no search index): the filter's index, built after it was posted. */
  | { type: 'grid-search'; id: number; index: SearchIndex }
  /** The picked row as the worker read it (checked by the UI against the field's row schema), or null. */
  | { type: 'lookup'; id: number; row: unknown; at?: number }
  /** 'lookup-values': one array per path, item-major order of the request (NaN: no number); `found` 1 where the answer has the item. */
  | { type: 'lookup-values'; id: number; values: Float64Array[]; found: Uint8Array; at: number };

/** Structural check of a worker message; returns it typed, or null when it is not one. */
export function checkResponse(msg: unknown): MarketResponse | null {
  if (typeof msg !== 'object' || msg === null) return null;
  const m = msg as Record<string, unknown>;
  if (typeof m.id !== 'number') return null;
  switch (m.type) {
    case 'progress':
      return typeof m.bytes === 'number' &&
        (m.total === null || typeof m.total === 'number') &&
        (m.phase === 'download' || m.phase === 'parse')
        ? (m as MarketResponse)
        : null;
    case 'error':
      return isApiError(m.error) ? { type: 'error', id: m.id, error: m.error } : null;
    case 'lookup':
      return 'row' in m && (m.row === null || typeof m.row === 'object')
        ? { type: 'lookup', id: m.id, row: m.row, ...(typeof m.at === 'number' ? { at: m.at } : {}) }
        : null;
    case 'lookup-values':
      return Array.isArray(m.values) &&
        m.values.every((v) => v instanceof Float64Array) &&
        m.found instanceof Uint8Array &&
        typeof m.at === 'number'
        ? { type: 'lookup-values', id: m.id, values: m.values as Float64Array[], found: m.found, at: m.at }
        : null;
    case 'recs-search':
      return m.flags instanceof Uint32Array && isPackedStrings(m.search, m.flags.length) && isSearchIndex(m.index)
        ? { type: 'recs-search', id: m.id, search: m.search, flags: m.flags, index: m.index }
        : null;
    case 'grid-search':
      return isSearchIndex(m.index) ? { type: 'grid-search', id: m.id, index: m.index } : null;
    case 'result':
    case 'recs': {
      const d = m.data as Record<string, unknown> | null;
      if (!d || typeof d !== 'object' || typeof d.n !== 'number') return null;
      if (!isPackedStrings(d.names, d.n) || (m.type === 'result' && !isPackedStrings(d.search, d.n))) return null;
      return m.type === 'result'
        ? { type: 'result', id: m.id, data: d as SnapshotWire }
        : { type: 'recs', id: m.id, data: d as RecColumnsWire };
    }
    default:
      return null;
  }
}

const NoteSchema = z.object({
  unknownMarkets: z.array(z.string()),
  skippedItems: z.number(),
  invalidValues: z.number(),
  duplicateNames: z.number(),
  duplicateEntries: z.number(),
});
const MetaSchema = z.object({
  transport: z.enum(['graphql', 'rest']),
  bytes: z.number(),
  bytesDoneAt: z.number(),
  parseMs: z.number(),
  shapeMs: z.number(),
  readyAt: z.number(),
});

/**
 * `textChecked`: the names and search text were checked as n packed strings where the message was read
 * (checkResponse), so their unpacked lists are not walked again (the search text may not be unpacked yet).
 */
export function isSnapshotData(v: unknown, textChecked = false): v is SnapshotData {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  const n = c.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return false;
  if (typeof c.game !== 'number') return false;
  if (!isStringArray(c.askMarkets, (c.askMarkets as unknown[] | undefined)?.length ?? -1)) return false;
  if (!isStringArray(c.bidMarkets, (c.bidMarkets as unknown[] | undefined)?.length ?? -1)) return false;
  const m = (c.askMarkets as string[]).length;
  const b = (c.bidMarkets as string[]).length;
  if (!textChecked && (!isStringArray(c.names, n) || !isStringArray(c.search, n))) return false;
  const typed: Array<[unknown, new (...a: never[]) => unknown, number]> = [
    [c.flags, Uint32Array, n],
    [c.nameRank, Int32Array, n],
    [c.byName, Int32Array, n],
    [c.ask, Int32Array, n * m],
    [c.locked, Int32Array, n * m],
    [c.offers, Int32Array, n * m],
    [c.listed, Uint8Array, n * m],
    [c.bid, Int32Array, n * b],
    [c.bidOffers, Int32Array, n * b],
    [c.bidListed, Uint8Array, n * b],
  ];
  for (const [arr, Ctor, len] of typed) {
    if (!(arr instanceof Ctor) || (arr as ArrayLike<number>).length !== len) return false;
  }
  // Ranks must be a permutation's inverse pair, or sorting would index out of range.
  const byName = c.byName as Int32Array;
  for (let r = 0; r < n; r++) {
    const i = byName[r] as number;
    if (i < 0 || i >= n || (c.nameRank as Int32Array)[i] !== r) return false;
  }
  if (!Array.isArray(c.overflow)) return false;
  for (const o of c.overflow as unknown[]) {
    if (!Array.isArray(o) || o.length !== 3) return false;
    if (!(NUM_FIELDS as readonly unknown[]).includes(o[0]) || typeof o[1] !== 'number' || typeof o[2] !== 'number')
      return false;
  }
  if (c.derived !== undefined) {
    const d = c.derived as { key?: unknown; data?: unknown } | null;
    if (!d || typeof d.key !== 'string' || !isDerived(d.data, n, m, b)) return false;
  }
  if (c.historyMark !== undefined && !(c.historyMark instanceof Float64Array && c.historyMark.length === n))
    return false;
  if (c.searchIndex !== undefined && !isSearchIndex(c.searchIndex)) return false;
  if (c.trust !== undefined && !isTrustData(c.trust, n, m, b)) return false;
  return NoteSchema.safeParse(c.notes).success && MetaSchema.safeParse(c.meta).success;
}
