/** Money is integer thousandths of a currency unit from the wire to the export; format only at the edge. */
export type Thousandths = number;

export const MISSING = '—';

/**
 * Shown in another currency than the service quotes in. The stored value stays thousandths of the service
 * currency; only the text converts: thousandths x rate, rounded HALF AWAY FROM ZERO to the target currency's
 * own minor units (`digits`, from Intl.NumberFormat: JPY and KRW 0, KWD 3).
 */
export interface MoneyConversion {
  /** ISO 4217 code of the display currency, and the symbol shown before amounts. */
  code: string;
  symbol: string;
  /** The service currency (converted from). */
  from: string;
  /** Units of the display currency per one unit of the service currency. */
  rate: number;
  /** The rate's date (YYYY-MM-DD) and where it comes from ("ECB", "manual"). */
  date: string;
  source: string;
  /** The display currency's minor units. */
  digits: number;
  /** Where the rate comes from, e.g. "CNY at 7.2345 per USD, ECB 2026-11-26" (with "stale" when it is). */
  note: string;
  stale: boolean;
  /** A dated figure older than every rate kept: the oldest rate was used (the note says so). */
  beforeKept?: boolean;
}

export interface MoneyFormat {
  decimals: 2 | 3;
  symbol: string;
  /** Absent or null: shown in the service currency, unconverted. */
  conversion?: MoneyConversion | null;
}

const DEFAULT_MONEY_FORMAT: MoneyFormat = { decimals: 2, symbol: '$' };

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
  if (fmt.conversion) return formatConverted(v, fmt.conversion);
  const neg = v < 0;
  let a = Math.abs(Math.round(v));
  if (fmt.decimals === 2) {
    const rounded = Math.floor((a + 5) / 10) * 10;
    if (rounded === 0 && a !== 0) return formatMoney(v, { ...fmt, decimals: 3 });
    a = rounded;
  }
  const units = Math.floor(a / 1000);
  const frac = String(a % 1000)
    .padStart(3, '0')
    .slice(0, fmt.decimals);
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

/**
 * Exact text (3 decimals) for tooltips: what the wire said, whatever the display setting. Given a format
 * that converts, the converted figure first, then the service value and the rate with its date.
 */
export function formatMoneyExact(v: Thousandths | null | undefined, fmt: string | MoneyFormat): string {
  if (typeof fmt === 'string') return formatMoney(v, { decimals: 3, symbol: fmt });
  const exact = formatMoney(v, { decimals: 3, symbol: fmt.symbol });
  if (!fmt.conversion || v === null || v === undefined || !Number.isFinite(v)) return exact;
  return `${formatConverted(v, fmt.conversion)} (${exact}; ${fmt.conversion.note})`;
}

/**
 * Thousandths of the service currency x rate, as an integer of the target's minor units (10^-digits), rounded
 * half away from zero. The product is first cut to 15 significant digits so float noise (x.4999999999)
 * never decides a half.
 */
export function convertToMinor(v: Thousandths, rate: number, digits: number): number {
  const x = (v * rate * 10 ** digits) / 1000;
  const a = Math.round(Number(Math.abs(x).toPrecision(15)));
  return x < 0 && a !== 0 ? -a : a;
}

function minorText(minor: number, digits: number, group: boolean): string {
  const a = Math.abs(minor);
  const scale = 10 ** digits;
  const units = Math.floor(a / scale);
  const unitsText = group ? units.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(units);
  return digits === 0 ? unitsText : `${unitsText}.${String(a % scale).padStart(digits, '0')}`;
}

/** The converted amount's digits: a nonzero amount that rounds to zero gets up to 3 more decimals. */
function convertedDigits(v: Thousandths, c: MoneyConversion): { minor: number; digits: number } {
  let digits = c.digits;
  let minor = convertToMinor(v, c.rate, digits);
  while (minor === 0 && v !== 0 && digits < c.digits + 3) {
    digits += 1;
    minor = convertToMinor(v, c.rate, digits);
  }
  return { minor, digits };
}

/** Display text in the conversion's currency, e.g. "CN¥1,234.56", "¥1,556", "KWD 3.076". */
function formatConverted(v: Thousandths, c: MoneyConversion): string {
  const { minor, digits } = convertedDigits(v, c);
  const symbol = /[A-Za-z]$/.test(c.symbol) ? `${c.symbol} ` : c.symbol;
  return `${minor < 0 ? '-' : ''}${symbol}${minorText(minor, digits, true)}`;
}

/** Plain decimal text of the converted amount for exports ("1234.56", "1556"): no symbol, no grouping. */
export function convertedDecimalString(v: Thousandths, c: MoneyConversion): string {
  const minor = convertToMinor(v, c.rate, c.digits);
  return `${minor < 0 ? '-' : ''}${minorText(minor, c.digits, false)}`;
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
