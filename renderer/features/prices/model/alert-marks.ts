/**
 * Which rows of the price grid have price alerts, as a per-row mask (one byte per item of the snapshot):
 * the low four bits count the item's alerts that are on, the high four bits those that are off (each
 * capped at 15). 0: no alert. The grid draws a bell for a row with an alert on, a muted one for a row
 * whose alerts are all off.
 */
import type { Snapshot } from '../../../market/model/snapshot';

/** What a mark needs of an alert (the Alerts page's records have it). */
export interface AlertOnItem {
  game: number;
  item: string;
  enabled: boolean;
}

const MAX = 15;
const count = (n: number) => (n >= MAX ? `${MAX}+` : String(n));
const alertCount = (n: number) => `${count(n)} alert${n === 1 ? '' : 's'}`;

/** The mask for `snap`'s rows from the alerts (those of other games, or of items not in it, left out). */
export function alertMarks(snap: Snapshot | null, alerts: readonly AlertOnItem[]): Uint8Array {
  const marks = new Uint8Array(snap?.n ?? 0);
  if (!snap) return marks;
  for (const a of alerts) {
    if (a.game !== snap.game) continue;
    const i = snap.indexOfName(a.item);
    if (i < 0) continue;
    const m = marks[i] as number;
    const on = m & 0x0f;
    const off = m >> 4;
    marks[i] = a.enabled ? (off << 4) | Math.min(MAX, on + 1) : (Math.min(MAX, off + 1) << 4) | on;
  }
  return marks;
}

/** At least one of the row's alerts is on. */
export function hasAlertOn(mark: number): boolean {
  return (mark & 0x0f) > 0;
}

/** What a mark says: "2 alerts", "2 alerts, 1 off", "1 alert, off"; null for no alert. */
export function alertMarkText(mark: number): string | null {
  const on = mark & 0x0f;
  const off = mark >> 4;
  if (on === 0) return off === 0 ? null : `${alertCount(off)}, off`;
  return off === 0 ? alertCount(on) : `${alertCount(on)}, ${count(off)} off`;
}
