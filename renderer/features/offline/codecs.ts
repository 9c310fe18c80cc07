/**
 * How each view's data is kept offline: the plain columns (typed arrays and all, as the worker posted them),
 * without the lookups the UI rebuilds (toSnapshot). A payload read back is checked for the shape of this
 * format before use; anything else reads as "nothing saved".
 */
import { toSnapshot, type SnapshotData, type Snapshot } from '../grid/model/snapshot';
import type { RecColumns } from '../recommendations/model/rec-columns';
import type { OfflineKind } from './store';

export interface OfflineCodec<T> {
  kind: OfflineKind;
  /** Bump when the layout of the payload changes: older records are then ignored. */
  format: number;
  encode(data: T): unknown;
  decode(payload: unknown): T | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isStrings = (v: unknown, n: number): v is string[] => Array.isArray(v) && v.length === n && v.every((s) => typeof s === 'string');
const isArrayOf = <A>(v: unknown, type: new (n: number) => A & { length: number }, n: number): v is A => v instanceof type && (v as { length: number }).length === n;

export function snapshotDataOf(s: Snapshot): SnapshotData {
  return {
    game: s.game,
    askMarkets: s.askMarkets,
    bidMarkets: s.bidMarkets,
    n: s.n,
    names: s.names,
    search: s.search,
    flags: s.flags,
    nameRank: s.nameRank,
    byName: s.byName,
    ask: s.ask,
    locked: s.locked,
    offers: s.offers,
    listed: s.listed,
    bid: s.bid,
    bidOffers: s.bidOffers,
    bidListed: s.bidListed,
    overflow: s.overflow,
    notes: s.notes,
    meta: s.meta,
    derived: s.derived,
  };
}

export function isSnapshotData(v: unknown): v is SnapshotData {
  if (!isObject(v) || typeof v.n !== 'number' || !Number.isInteger(v.n) || v.n < 0 || typeof v.game !== 'number') return false;
  const { n } = v;
  if (!isStrings(v.askMarkets, (v.askMarkets as unknown[] | undefined)?.length ?? -1) || !isStrings(v.bidMarkets, (v.bidMarkets as unknown[] | undefined)?.length ?? -1)) return false;
  const a = n * v.askMarkets.length;
  const b = n * v.bidMarkets.length;
  return (
    isStrings(v.names, n) &&
    isStrings(v.search, n) &&
    isArrayOf(v.flags, Uint32Array, n) &&
    isArrayOf(v.nameRank, Int32Array, n) &&
    isArrayOf(v.byName, Int32Array, n) &&
    isArrayOf(v.ask, Int32Array, a) &&
    isArrayOf(v.locked, Int32Array, a) &&
    isArrayOf(v.offers, Int32Array, a) &&
    isArrayOf(v.listed, Uint8Array, a) &&
    isArrayOf(v.bid, Int32Array, b) &&
    isArrayOf(v.bidOffers, Int32Array, b) &&
    isArrayOf(v.bidListed, Uint8Array, b) &&
    Array.isArray(v.overflow) &&
    isObject(v.notes) &&
    isObject(v.meta)
  );
}

export const gridCodec: OfflineCodec<Snapshot> = {
  kind: 'grid',
  format: 1,
  encode: snapshotDataOf,
  decode: (payload) => (isSnapshotData(payload) ? toSnapshot(payload) : null),
};

export function isRecColumns(v: unknown): v is RecColumns {
  if (!isObject(v) || typeof v.n !== 'number' || !Number.isInteger(v.n) || v.n < 0 || typeof v.game !== 'number' || typeof v.type !== 'string') return false;
  const { n } = v;
  return (
    (v.markets === null || isStrings(v.markets, (v.markets as unknown[] | undefined)?.length ?? -1)) &&
    isStrings(v.names, n) &&
    isStrings(v.search, n) &&
    isArrayOf(v.flags, Uint32Array, n) &&
    isArrayOf(v.nameRank, Int32Array, n) &&
    isArrayOf(v.byName, Int32Array, n) &&
    isArrayOf(v.suggested, Float64Array, n) &&
    isArrayOf(v.sales, Float64Array, n) &&
    isArrayOf(v.diff, Float64Array, n) &&
    isArrayOf(v.changePct, Float64Array, n) &&
    isArrayOf(v.liquidity, Float64Array, n) &&
    isArrayOf(v.reasons, Uint16Array, n) &&
    Array.isArray(v.unknownReasons) &&
    isObject(v.meta)
  );
}

export const recsCodec: OfflineCodec<RecColumns> = {
  kind: 'recs',
  format: 1,
  // Plain data already (no lookups): kept as it is.
  encode: (r) => r,
  decode: (payload) => (isRecColumns(payload) ? payload : null),
};
