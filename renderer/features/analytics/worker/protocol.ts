/**
 * Messages between the UI thread and the analytics worker. Requests are checked with zod in the worker;
 * results are small (a summary of a few hundred points, or up to five items), checked on arrival.
 */
import { z } from 'zod';
import type { MarketOrderAnalyticsRow, SteamAnalyticsRow } from '../../../../shared/api/types';
import type { ApiError } from '../../../api/errors';
import type { MarketSummary } from '../model/market-summary';
import type { ValuesInput } from '../../../market/history/recorder';

const CatalogKindSchema = z.enum(['steam', 'market']);
export type CatalogKind = z.infer<typeof CatalogKindSchema>;

export const AnalyticsRequestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('load'),
    id: z.number().int(),
    /** Identity of the catalog (source, game, market): later `items` requests name it. */
    key: z.string().max(400),
    kind: CatalogKindSchema,
    url: z.string().max(200),
    body: z.object({
      query: z.string().max(20_000),
      variables: z.record(z.string(), z.unknown()).optional(),
      operationName: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal('items'),
    id: z.number().int(),
    key: z.string().max(400),
    names: z.array(z.string().max(1000)).max(5),
  }),
  z.object({ type: z.literal('abort'), id: z.number().int() }),
  /** The Steam medians of a kept Steam catalog, for the price history (history/steam.ts). */
  z.object({
    type: z.literal('steam-medians'),
    id: z.number().int(),
    key: z.string().max(400),
    game: z.number().int(),
    at: z.number(),
  }),
]);
export type AnalyticsRequest = z.infer<typeof AnalyticsRequestSchema>;

export interface LoadedCatalog {
  key: string;
  kind: CatalogKind;
  summary: MarketSummary;
  /** All item names, sorted, for the item picker. */
  names: string[];
  droppedRows: number;
  invalidValues: number;
  bytes: number;
  /** ms since epoch when the answer was read (provenance of every chart). */
  fetchedAt: number;
  /**
   * Where the worker's time went, ms: the request until the answer's last byte was in, reading what was
   * left of the rows after it (most are read while it downloads), the summary and the item names.
   * arrivedAt is that last byte, ms since epoch, for timing the view from it (bench:analytics).
   */
  timing: { download: number; read: number; summarize: number; arrivedAt: number };
}

export type CatalogRow = SteamAnalyticsRow | MarketOrderAnalyticsRow;

export type AnalyticsResponse =
  | { type: 'loaded'; id: number; catalog: LoadedCatalog }
  | { type: 'items'; id: number; rows: (CatalogRow | null)[] }
  /** null: the catalog is no longer kept. */
  | { type: 'steam-medians'; id: number; values: ValuesInput | null }
  | { type: 'error'; id: number; error: ApiError };
