/** Money is integer thousandths of a currency unit from the wire to the export; format only at the edge. */
export type Thousandths = number;

export const MISSING = '—';

export interface MoneyFormat {
  decimals: 2 | 3;
  symbol: string;
}

export const DEFAULT_MONEY_FORMAT: MoneyFormat = { decimals: 2, symbol: '$' };

/** Exact decimal text of a thousandths value, e.g. 12345 -> "12.345" (used for CSV: no rounding). */
export function toDecimalString(v: Thousandths): string {
  const neg = v < 0;
  const a = Math.abs(Math.trunc(v));
  const units = Math.floor(a / 1000);
  const frac = String(a % 1000).padStart(3, '0');
  return `${neg ? '-' : ''}${units}.${frac}`;
}

/**
 * Display text, rounded half away from zero to 2 or 3 decimals, with thousands separators. A nonzero
 * amount that would round to zero at 2 decimals is shown with 3 (exact) instead: a price of 1 thousandth is
 * "$0.001", never "$0.00", and a tiny loss is never "-$0.00".
 */
export function formatMoney(v: Thousandths | null | undefined, fmt: MoneyFormat = DEFAULT_MONEY_FORMAT): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return MISSING;
  const neg = v < 0;
  let a = Math.abs(Math.round(v));
  if (fmt.decimals === 2) {
    const rounded = Math.floor((a + 5) / 10) * 10;
    if (rounded === 0 && a !== 0) return formatMoney(v, { ...fmt, decimals: 3 });
    a = rounded;
  }
  const units = Math.floor(a / 1000);
  const frac = String(a % 1000).padStart(3, '0').slice(0, fmt.decimals);
  const grouped = units.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${fmt.symbol}${grouped}.${frac}`;
}

/** Parses user text like "12.5" or "$1,234.567" into thousandths; null when it isn't a number. */
export function parseMoney(text: string): Thousandths | null {
  const t = text.replace(/[\s,$€£¥]/g, '');
  if (!/^-?\d+(\.\d{0,3})?$/.test(t)) return null;
  const neg = t.startsWith('-');
  const [u = '0', f = ''] = t.replace('-', '').split('.');
  const v = Number(u) * 1000 + Number(f.padEnd(3, '0'));
  return neg ? -v : v;
}

/** Exact text (3 decimals) for tooltips: what the wire said, whatever the display setting. */
export function formatMoneyExact(v: Thousandths | null | undefined, symbol: string): string {
  return formatMoney(v, { decimals: 3, symbol });
}

/**
 * Percent text with one decimal, or "—". A nonzero value that would show as "0.0%" (or "-0.0%") gets up
 * to three decimals, and below that "<0.001%": a change is never shown as none.
 */
export function formatPercent(p: number | null | undefined, decimals = 1): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return MISSING;
  if (p === 0) return `${(0).toFixed(decimals)}%`;
  for (let d = decimals; d <= 3; d += 1) {
    const text = p.toFixed(d);
    if (/[1-9]/.test(text)) return `${text}%`;
  }
  return `${p < 0 ? '-' : ''}<0.001%`;
}
