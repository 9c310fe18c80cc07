/**
 * A made-up grid answer for the benches (their catalogs of random prices): the given cells under the
 * names in catalog order, as the grid's worker would hand them over, with no search flags and no timings.
 */
import { emptyNotes, type SnapshotData } from '../../renderer/market/model/snapshot';

export type BenchCells = Pick<
  SnapshotData,
  | 'game'
  | 'askMarkets'
  | 'bidMarkets'
  | 'names'
  | 'ask'
  | 'locked'
  | 'offers'
  | 'listed'
  | 'bid'
  | 'bidOffers'
  | 'bidListed'
  | 'trust'
>;

export function benchSnapshotData(cells: BenchCells): SnapshotData {
  const n = cells.names.length;
  const order = Int32Array.from({ length: n }, (_, i) => i);
  return {
    ...cells,
    n,
    search: cells.names.map((s) => s.toLowerCase()),
    flags: new Uint32Array(n),
    nameRank: order,
    byName: order.slice(),
    overflow: [],
    notes: emptyNotes(),
    meta: { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0, shapeMs: 0, readyAt: 0 },
  };
}
