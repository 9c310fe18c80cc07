/** Best-ask sparklines of the rendered rows by item name, when the 24 h column is shown (read after paint). */
import { useSparklines } from './Sparkline';
import type { GridColumn } from '../grid-columns';
import type { Snapshot } from '../../../market/model/snapshot';
import type { SlotRow } from '../../../lib/row-slots';

export function useRowSparks(
  snap: Snapshot,
  rows: readonly SlotRow[],
  columns: readonly GridColumn[],
): ReadonlyMap<string, Float64Array | null> | null {
  const on = columns.some((c) => c.kind === 'spark');
  return useSparklines(snap.game, on ? rows.map((r) => snap.names[r.item] ?? '') : [], snap.askMarkets, on);
}
