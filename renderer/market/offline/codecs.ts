/**
 * How each view's data is kept offline: the plain columns (typed arrays and all, as the worker posted them),
 * without the lookups the UI rebuilds (toSnapshot). A payload read back is checked for the shape of this
 * format before use; anything else reads as "nothing saved".
 */
import { toSnapshot, type SnapshotData, type Snapshot } from '../model/snapshot';
import { isSnapshotData } from '../worker/protocol';
import type { RecColumns } from '../recommendations/rec-columns';
import { isRecColumns } from '../recommendations/rec-guard';
import type { OfflineKind } from './store';

export interface OfflineCodec<T> {
  kind: OfflineKind;
  /** Bump when the layout of the payload changes: older records are then ignored. */
  format: number;
  encode(data: T): unknown;
  decode(payload: unknown): T | null;
}

function snapshotDataOf(s: Snapshot): SnapshotData {
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

export const gridCodec: OfflineCodec<Snapshot> = {
  kind: 'grid',
  format: 1,
  encode: snapshotDataOf,
  decode: (payload) => (isSnapshotData(payload) ? toSnapshot(payload) : null),
};

export const recsCodec: OfflineCodec<RecColumns> = {
  kind: 'recs',
  format: 1,
  // Plain data already (no lookups): kept as it is.
  encode: (r) => r,
  decode: (payload) => (isRecColumns(payload) ? payload : null),
};
