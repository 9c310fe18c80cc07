/** Number text for the grid, the detail panel and the recommendations list: signs, counts, "—" for none. */
import { formatMoney, formatPercent, MISSING, type MoneyFormat } from '../../shared/money/money';

export function num(v: number): number | null {
  return Number.isNaN(v) ? null : v;
}

export function signedMoney(v: number | null, fmt: MoneyFormat): string {
  if (v === null) return MISSING;
  const s = formatMoney(v, fmt);
  return v > 0 ? `+${s}` : s;
}

export function signedPercent(v: number | null): string {
  if (v === null) return MISSING;
  const s = formatPercent(v);
  return v > 0 ? `+${s}` : s;
}

export function formatCount(v: number | null): string {
  if (v === null) return MISSING;
  if (!Number.isSafeInteger(v)) return v.toLocaleString('en-US');
  const s = String(Math.abs(v));
  const grouped = s.length > 3 ? s.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : s;
  return v < 0 ? `-${grouped}` : grouped;
}

/** "1 order", "3 orders", "— orders". */
export function countOf(v: number | null, noun: string): string {
  return `${formatCount(v)} ${noun}${v === 1 ? '' : 's'}`;
}
