/**
 * Reading one field of an import as a trader writes it: money, quantities, days, lock ends and markets.
 * Pure; every reader answers a value or a sentence saying why not (never a throw, never a guess).
 *
 * Money is read digit by digit into integer thousandths: "12,34" and "12.34" are never turned into a float.
 */
import { MARKETS } from '../../../../../shared/catalog/markets';
import { MAX_QUANTITY, type Place } from '../types';

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const bad = <T>(error: string): Read<T> => ({ ok: false, error });

/** What a comma is in a file's money: the decimal mark ("12,34"), a thousands separator ("1,234.50"), or not known. */
export type CommaRole = 'decimal' | 'grouping' | 'unknown';

/** What a dot is in a file's money when the file shows no comma: the decimal mark, or not known. */
export type DotRole = 'decimal' | 'unknown';

/** Spaces a spreadsheet puts in numbers: space, no-break space, narrow no-break space, thin space, apostrophe (CH). */
const GROUP_SPACES = /[\s\u00a0\u202f\u2009']/g;
const CURRENCY = /^(?:[$€£¥₽]|usd|eur|gbp|cny|rub)\s*|\s*(?:[$€£¥₽]|usd|eur|gbp|cny|rub)$/i;

function stripMoney(text: string): string {
  return text.trim().replace(CURRENCY, '').replace(CURRENCY, '').replace(GROUP_SPACES, '');
}

/**
 * How a money text uses the comma, when it tells: "12,34" / "1.234,50" (decimal), "1,234.50" / "1,234,567"
 * (grouping). "1,234" alone could be either: 'unknown'.
 */
export function commaRoleOf(text: string): CommaRole {
  const t = stripMoney(text);
  const commas = (t.match(/,/g) ?? []).length;
  const dots = (t.match(/\./g) ?? []).length;
  if (commas === 0) return 'unknown';
  if (dots > 0) return t.lastIndexOf(',') > t.lastIndexOf('.') ? 'decimal' : 'grouping';
  if (commas > 1) return 'grouping';
  const after = t.length - t.indexOf(',') - 1;
  return after === 3 ? 'unknown' : 'decimal';
}

/**
 * Money text to thousandths: "12.34", "12,34", "$12.34", "1 234,50", "1,234.50", "€5". The comma's role
 * comes from the text itself or, when the text alone cannot tell ("1,234"), from the rest of the file
 * (`comma`); if nothing tells, the error names the ambiguity. More than 3 decimals is refused (the app keeps
 * thousandths exactly), and so is a negative amount.
 *
 * "1.500" is the same question for the dot: in a file whose decimal mark nothing shows (`dot` 'unknown':
 * a ;- or tab-separated file, as comma-decimal locales write them), it could be 1500 or 1.5, and the error
 * names the ambiguity (";" is also the list separator of some dot-decimal locales, de-CH). A comma-separated
 * file's dot is its decimal mark: Excel never saves with its decimal mark as the list separator (when both
 * are ",", it uses ";": https://www.mail-archive.com/dev@sc.openoffice.org/msg01565.html), so there "1.500"
 * is 1.5, as the app's own export writes it.
 */
export function readMoney(text: string, comma: CommaRole = 'unknown', dot: DotRole = 'decimal'): Read<number> {
  const raw = text.trim();
  let t = stripMoney(raw);
  if (t.startsWith('-') || t.startsWith('(')) return bad(`'${raw}' is negative`);
  if (t.startsWith('+')) t = t.slice(1);
  if (!/^[\d.,]+$/.test(t) || !/\d/.test(t)) return bad(`'${raw}' is not an amount`);
  if (!t.includes(',') && comma === 'decimal' && /^\d{1,3}(?:\.\d{3})+$/.test(t)) {
    // A file that writes "12,34" writes thousands as "1.234".
    return ok(Number(t.replace(/\./g, '')) * 1000);
  }
  if (!t.includes(',') && comma === 'unknown' && dot === 'unknown' && /^\d{1,3}\.\d{3}$/.test(t)) {
    return bad(
      `'${raw}' is ambiguous: ${t} could mean ${t.replace('.', '')} or ${Number(t)} (write ${t.replace('.', '')} or ${Number(t).toFixed(2)})`,
    );
  }
  let role = commaRoleOf(t);
  if (role === 'unknown' && t.includes(',')) {
    if (comma === 'unknown')
      return bad(`'${raw}' is ambiguous: 1,234 could mean 1234 or 1.234 (write 1234 or 1234.00)`);
    role = comma;
  }
  let decimalMark: '.' | ',' = '.';
  if (role === 'decimal') decimalMark = ',';
  const groupMark = decimalMark === '.' ? ',' : '.';
  const parts = t.split(decimalMark);
  if (parts.length > 2) return bad(`'${raw}' has more than one decimal mark`);
  const [whole = '', frac = ''] = parts;
  const groups = whole.split(groupMark);
  // Grouping must be in threes after the first group ("1,234,567"), or it is a typo, not a number.
  if (groups.length > 1 && (groups.slice(1).some((g) => g.length !== 3) || groups[0] === ''))
    return bad(`'${raw}' is not an amount`);
  const units = groups.join('');
  if (!/^\d*$/.test(units) || !/^\d*$/.test(frac)) return bad(`'${raw}' is not an amount`);
  if (frac.length > 3) return bad(`'${raw}' has more than 3 decimals`);
  if (units.length > 9) return bad(`'${raw}' is too large`);
  const value = Number(units || '0') * 1000 + Number(frac.padEnd(3, '0') || '0');
  return ok(value);
}

/** A whole count of items: "3", "1 000", "1,000". */
export function readQuantity(text: string): Read<number> {
  const raw = text.trim();
  const t = raw.replace(GROUP_SPACES, '').replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^\d+$/.test(t)) return bad(`'${raw}' is not a whole number`);
  const n = Number(t);
  if (n < 1) return bad(`'${raw}' is less than 1`);
  if (n > MAX_QUANTITY) return bad(`'${raw}' is more than ${MAX_QUANTITY.toLocaleString('en-US')}`);
  return ok(n);
}

/** Which way a file writes slashed days (03/04/2026): day first, month first, or not known yet. */
export type SlashOrder = 'dmy' | 'mdy' | 'unknown';

const pad = (n: number): string => String(n).padStart(2, '0');

function dayText(y: number, m: number, d: number, raw: string): Read<string> {
  const s = `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
  const date = new Date(`${s}T00:00:00Z`);
  if (y < 1970 || y > 2200 || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== s)
    return bad(`'${raw}' is not a calendar day`);
  return ok(s);
}

/** Whether a slashed day tells its order by itself (31/01 is day first, 01/31 month first). */
export function slashOrderOf(text: string): SlashOrder {
  const m = /^(\d{1,2})\/(\d{1,2})\/\d{4}/.exec(text.trim());
  if (!m) return 'unknown';
  const a = Number(m[1]);
  const b = Number(m[2]);
  if (a > 12 && b <= 12) return 'dmy';
  if (b > 12 && a <= 12) return 'mdy';
  return 'unknown';
}

const DAY_FORMS = 'YYYY-MM-DD, DD.MM.YYYY or MM/DD/YYYY';

/**
 * A calendar day as 'YYYY-MM-DD': "2026-03-04" (also with / or a time after it), "04.03.2026",
 * "03/04/2026" when the text or the rest of the file (`order`) says which number is the month.
 */
export function readDay(text: string, order: SlashOrder = 'unknown'): Read<string> {
  const raw = text.trim();
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(raw);
  if (m) return dayText(Number(m[1]), Number(m[2]), Number(m[3]), raw);
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
  if (m) return dayText(Number(m[3]), Number(m[2]), Number(m[1]), raw);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    const own = slashOrderOf(raw);
    const use = own !== 'unknown' ? own : a === b ? 'mdy' : order;
    if (use === 'unknown') {
      return bad(
        `'${raw}' is ambiguous: it could be ${pad(a)} ${monthName(b)} or ${monthName(a)} ${pad(b)} (write ${y}-${pad(b)}-${pad(a)} or ${y}-${pad(a)}-${pad(b)})`,
      );
    }
    return use === 'dmy' ? dayText(y, b, a, raw) : dayText(y, a, b, raw);
  }
  return bad(`'${raw}' is not a day (write ${DAY_FORMS})`);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function monthName(m: number): string {
  return MONTHS[m - 1] ?? `month ${m}`;
}

/**
 * The end of a trade lock as ms: a day (the lock ends at its start, UTC, as Steam's lock dates are given
 * in GMT) or an ISO time with a zone ("2026-12-01T07:00:00Z").
 */
export function readLockEnd(text: string, order: SlashOrder = 'unknown'): Read<number> {
  const raw = text.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(raw)) {
    const t = Date.parse(raw);
    return Number.isNaN(t) ? bad(`'${raw}' is not a time`) : ok(t);
  }
  const day = readDay(raw, order);
  if (!day.ok) return day;
  return ok(Date.parse(`${day.value}T00:00:00Z`));
}

/** Lower-case letters and digits only: how names of columns and markets are compared. */
export function squash(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}

const MARKET_BY_KEY = new Map<string, string>();
for (const m of MARKETS) {
  MARKET_BY_KEY.set(squash(m.slug), m.slug);
  MARKET_BY_KEY.set(squash(m.name), m.slug);
}
// What traders call Steam's own market.
for (const alias of ['steam', 'steam market', 'scm', 'community market'])
  MARKET_BY_KEY.set(squash(alias), 'steamcommunity');

/** A market of the catalog by its slug or display name ("buff163", "Buff163", "CS.MONEY"); else the text as written. */
export function readPlace(text: string): Place | null {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return null;
  const slug = MARKET_BY_KEY.get(squash(t));
  if (slug) return { kind: 'market', slug };
  return { kind: 'text', text: t.slice(0, 200) };
}

/** Cuts a source line for the preview. */
export function shorten(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
