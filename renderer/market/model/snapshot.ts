/**
 * The grid's snapshot: the whole catalog's prices in columnar form, built in the worker and transferred
 * (never copied) to the UI thread (the view's columns: ../grid-columns.ts). Cells are row-major: item i on
 * ask market k is at i * askMarkets.length + k (bids likewise). Every number is an integer (prices in
 * thousandths), Int32 with two sentinels: NONE (no value) and BIG (outside Int32, kept exactly in
 * `overflow`). Absurd values are shown as they are, never clipped and never turned into 0.
 */

import type { Derived } from './derived-columns';
import type { SearchIndex } from './search-index';
import type { TrustData } from '../trust/types';

export const NONE = -2147483648;
export const BIG = -2147483647;
/** Smallest value stored inline (BIG and NONE are reserved). */
const MIN_INLINE = -2147483646;
const MAX_INLINE = 2147483647;

export const NUM_FIELDS = ['ask', 'locked', 'offers', 'bid', 'bidOffers'] as const;
export type NumField = (typeof NUM_FIELDS)[number];

export interface DataNotes {
  /** Market slugs in the response that were not asked for (ignored). */
  unknownMarkets: string[];
  /** Rows dropped: array elements that were not an object with a text market_hash_name (left out). */
  skippedItems: number;
  /**
   * Values that could not be read and are shown as "—": a price or count that was null, missing or not a
   * safe integer, a locked price of the wrong type, an entry or entries list that was not one.
   */
  invalidValues: number;
  /** Item names seen more than once (each kept as its own row). */
  duplicateNames: number;
  /** The same market twice in one item: the better price was kept. */
  duplicateEntries: number;
}

export interface GridMeta {
  transport: 'graphql' | 'rest';
  /** Response body bytes (both operations). */
  bytes: number;
  /** ms since epoch when the last body byte arrived. */
  bytesDoneAt: number;
  /** ms spent in JSON.parse and in shaping (worker). */
  parseMs: number;
  shapeMs: number;
  /** ms since epoch when the result was ready to post. */
  readyAt: number;
}

/** What the worker posts: plain data, typed arrays transferred. */
export interface SnapshotData {
  game: number;
  askMarkets: string[];
  bidMarkets: string[];
  n: number;
  names: string[];
  /** normalizeText(name) per item, for filtering. */
  search: string[];
  /** analyzeName() bits per item. */
  flags: Uint32Array;
  /** Position of each item in name order, and the item at each name position. */
  nameRank: Int32Array;
  byName: Int32Array;
  ask: Int32Array;
  locked: Int32Array;
  offers: Int32Array;
  /** 1 where the market has an entry for the item (even with a null price). */
  listed: Uint8Array;
  bid: Int32Array;
  bidOffers: Int32Array;
  bidListed: Uint8Array;
  /** Values outside Int32: [field, cell, exact value]. */
  overflow: Array<[NumField, number, number]>;
  notes: DataNotes;
  meta: GridMeta;
  /** Per-row figures computed in the worker for the settings at request time (see derivedKey). */
  derived?: { key: string; data: Derived };
  /**
   * Per row, the mark as the price history records it (gross, trusted quotes, every market; NaN: none),
   * computed in the worker when `derived` is for other settings (history/poll-input.ts historyMark).
   */
  historyMark?: Float64Array;
  /** The filter's index of `search`, built in the worker (search-index.ts); absent: the filter scans. */
  searchIndex?: SearchIndex;
  /** When the bids were loaded, where that is before this answer (a poll that asked for asks only: engine/carry-bids.ts). */
  bidsAt?: number;
  /** How far each quote can be trusted, from this and earlier polls (../trust/types.ts); absent before it is computed. */
  trust?: TrustData;
}

/** SnapshotData plus lookups, as the UI uses it. */
export interface Snapshot extends SnapshotData {
  readonly big: Readonly<Record<NumField, ReadonlyMap<number, number>>>;
  readonly askIndex: ReadonlyMap<string, number>;
  readonly bidIndex: ReadonlyMap<string, number>;
  /** Item index by name (first occurrence). */
  readonly indexOfName: (name: string) => number;
}

export function toSnapshot(c: SnapshotData): Snapshot {
  const big: Record<NumField, Map<number, number>> = {
    ask: new Map(),
    locked: new Map(),
    offers: new Map(),
    bid: new Map(),
    bidOffers: new Map(),
  };
  for (const [field, cell, v] of c.overflow) big[field].set(cell, v);
  let byNameMap: Map<string, number> | null = null;
  return {
    ...c,
    big,
    askIndex: new Map(c.askMarkets.map((m, i) => [m, i])),
    bidIndex: new Map(c.bidMarkets.map((m, i) => [m, i])),
    indexOfName(name: string): number {
      if (!byNameMap) {
        byNameMap = new Map();
        for (let i = c.n - 1; i >= 0; i--) byNameMap.set(c.names[i] ?? '', i);
      }
      return byNameMap.get(name) ?? -1;
    },
  };
}

/** The value in one cell, or null for "no value". */
export function cellValue(s: Snapshot, field: NumField, cell: number): number | null {
  const v = s[field][cell];
  if (v === undefined || v === NONE) return null;
  if (v === BIG) return s.big[field].get(cell) ?? null;
  return v;
}

/** Stores v into arr[cell], spilling values outside Int32 to `overflow`. */
export function storeValue(
  arr: Int32Array,
  field: NumField,
  cell: number,
  v: number,
  overflow: Array<[NumField, number, number]>,
): void {
  if (v >= MIN_INLINE && v <= MAX_INLINE) arr[cell] = v;
  else {
    arr[cell] = BIG;
    overflow.push([field, cell, v]);
  }
}

export function emptyNotes(): DataNotes {
  return { unknownMarkets: [], skippedItems: 0, invalidValues: 0, duplicateNames: 0, duplicateEntries: 0 };
}
