/**
 * What changed between two refreshes, so the grid can flash it: per ask cell and per row (best ask,
 * best bid). Rows are matched by name and markets by slug, so a reordered or resized response still
 * compares right.
 */
import { cellValue, type Snapshot } from './snapshot';
import type { Derived } from './derived-columns';

export const UP = 1;
export const DOWN = 2;
/** Appeared or disappeared. */
export const CHANGED = 3;

export interface Changes {
  /** Per ask cell of the new snapshot: 0, UP, DOWN or CHANGED. */
  cells: Uint8Array;
  /** Per row of the new snapshot: best ask (low 2 bits) and best bid (next 2 bits). */
  rows: Uint8Array;
  /** Number of changed cells. */
  count: number;
}

function direction(before: number | null, after: number | null): number {
  if (before === after) return 0;
  if (before === null || after === null) return CHANGED;
  return after > before ? UP : DOWN;
}

function num(v: number): number | null {
  return Number.isNaN(v) ? null : v;
}

export function diffSnapshots(prev: Snapshot, prevD: Derived, next: Snapshot, nextD: Derived): Changes {
  const n = next.n;
  const m = next.askMarkets.length;
  const pm = prev.askMarkets.length;
  const cells = new Uint8Array(n * m);
  const rows = new Uint8Array(n);
  let same = prev.n === n;
  for (let i = 0; same && i < n; i++) if (prev.names[i] !== next.names[i]) same = false;
  const colMap = next.askMarkets.map((s) => prev.askIndex.get(s) ?? -1);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const p = same ? i : prev.indexOfName(next.names[i] ?? '');
    if (p < 0) continue;
    for (let k = 0; k < m; k++) {
      const pk = colMap[k] as number;
      if (pk < 0) continue;
      const dir = direction(cellValue(prev, 'ask', p * pm + pk), cellValue(next, 'ask', i * m + k));
      if (dir) {
        cells[i * m + k] = dir;
        count++;
      }
    }
    if (p < prevD.n) {
      rows[i] =
        direction(num(prevD.bestAsk[p] as number), num(nextD.bestAsk[i] as number)) |
        (direction(num(prevD.bestBid[p] as number), num(nextD.bestBid[i] as number)) << 2);
    }
  }
  return { cells, rows, count };
}
