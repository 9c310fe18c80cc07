/**
 * What a game's price recommendations are on the page: one row per item, one typed array per field (built
 * by the reader, rec-reader.ts, in the data worker and transferred to the UI thread, the same path as the
 * grid's prices), and the bits the `reasons` column packs an item's unstable reasons into.
 *
 * Missing numbers are NaN (shown "—", never 0). Reasons are bits; codes the spec does not list are kept
 * as text beside them, and a list that could not be read is its own bit (such an item is never "stable").
 */
import { UNSTABLE_REASONS, type RecommendationType, type UnstableReason } from '../../../shared/api/schema';
import type { RecSort } from './rec-sort';

export const REASON_BIT = Object.fromEntries(UNSTABLE_REASONS.map((r, i) => [r, 1 << i])) as Record<
  UnstableReason,
  number
>;
/** The item has a reason code the spec does not list (kept in `unknownReasons`). */
export const UNKNOWN_REASON_BIT = 1 << 8;
/** The item's unstable_reasons was not a list: nothing is known about its stability. */
export const UNREADABLE_REASONS_BIT = 1 << 9;
export const ALL_KNOWN_REASONS = UNSTABLE_REASONS.reduce((m, r) => m | REASON_BIT[r], 0);

export interface RecMeta {
  transport: 'graphql' | 'rest';
  /** Response body bytes. */
  bytes: number;
  /** ms since epoch when the last body byte arrived. */
  bytesDoneAt: number;
  parseMs: number;
  shapeMs: number;
  /** ms since epoch when the columns were ready to post. */
  readyAt: number;
  /** ms since epoch when the worker posted them, sorted and packed (0: not posted). */
  postedAt: number;
}

/** Which list: the request's identity, shown in provenance and exports. */
export interface RecRequestKey {
  game: number;
  type: RecommendationType;
  /** The REST markets filter; null = none (GraphQL). */
  markets: string[] | null;
}

export interface RecColumns extends RecRequestKey {
  n: number;
  names: string[];
  /**
   * normalizeText(name), for the grid's text search; with `flags`, analyzeName() bits for its
   * abbreviations (fn, st, knife…). The worker sends both just after the list (the first paint does not
   * need them): until then they are empty. Read them through recSearch().
   */
  search: string[];
  flags: Uint32Array;
  nameRank: Int32Array;
  byName: Int32Array;
  /** Thousandths. */
  suggested: Float64Array;
  sales: Float64Array;
  /** Current minus suggested price, thousandths (a Float in the spec). */
  diff: Float64Array;
  changePct: Float64Array;
  /** 0..10000. */
  liquidity: Float64Array;
  reasons: Uint16Array;
  /** [item, codes] for items with codes the spec does not list. */
  unknownReasons: Array<[number, string[]]>;
  droppedRows: number;
  invalidValues: number;
  meta: RecMeta;
  /** The items in one sort's order, sorted by the worker (view.ts sortedRecs). */
  presorted?: RecSort & { order: Int32Array };
}

/** The codes of one item: known ones in the spec's order, then unknown ones as they came. */
export function reasonCodes(
  c: Pick<RecColumns, 'reasons'>,
  unknownOf: ReadonlyMap<number, string[]>,
  i: number,
): string[] {
  const bits = c.reasons[i] ?? 0;
  const out: string[] = UNSTABLE_REASONS.filter((r) => bits & REASON_BIT[r]);
  if (bits & UNKNOWN_REASON_BIT) out.push(...(unknownOf.get(i) ?? []));
  return out;
}
