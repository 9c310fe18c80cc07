/**
 * A whole game's price recommendations as columns: one row per item, one typed array per field, built in
 * the grid worker and transferred to the UI thread (the same path as the grid's prices).
 *
 * The answer is read row by row with the rules of shared/api/rows.ts (a row without a text name is dropped;
 * a value that is not its spec type becomes "missing" and is counted), by hand rather than through zod:
 * 37,000 rows in one pass with no intermediate objects. rec-columns.test.ts checks it against readRows.
 *
 * Missing numbers are NaN (shown "—", never 0). Reasons are bits; codes the spec does not list are kept
 * as text beside them, and a list that could not be read is its own bit (such an item is never "stable").
 */
import { UNSTABLE_REASONS, type RecommendationType, type UnstableReason } from '../../../../shared/api/schema';
import { analyzeName, normalizeText } from '../../grid/model/search';
import { rankNames } from '../../grid/model/shape';

export const REASON_BIT = Object.fromEntries(UNSTABLE_REASONS.map((r, i) => [r, 1 << i])) as Record<UnstableReason, number>;
/** The item has a reason code the spec does not list (kept in `unknownReasons`). */
export const UNKNOWN_REASON_BIT = 1 << 8;
/** The item's unstable_reasons was not a list: nothing is known about its stability. */
export const UNREADABLE_REASONS_BIT = 1 << 9;
export const ALL_KNOWN_REASONS = UNSTABLE_REASONS.reduce((m, r) => m | REASON_BIT[r], 0);

export interface RecMeta {
  transport: 'graphql' | 'rest';
  /** Response body bytes. */
  bytes: number;
  /** ms since epoch when the last body byte arrived. */
  bytesDoneAt: number;
  parseMs: number;
  shapeMs: number;
  /** ms since epoch when the columns were ready to post. */
  readyAt: number;
}

/** Which list: the request's identity, shown in provenance and exports. */
export interface RecRequestKey {
  game: number;
  type: RecommendationType;
  /** The REST markets filter; null = none (GraphQL). */
  markets: string[] | null;
}

export interface RecColumns extends RecRequestKey {
  n: number;
  names: string[];
  /** normalizeText(name), for the grid's text search. */
  search: string[];
  /** analyzeName() bits, for the grid's search abbreviations (fn, st, knife…). */
  flags: Uint32Array;
  nameRank: Int32Array;
  byName: Int32Array;
  /** Thousandths. */
  suggested: Float64Array;
  sales: Float64Array;
  /** Current minus suggested price, thousandths (a Float in the spec). */
  diff: Float64Array;
  changePct: Float64Array;
  /** 0..10000. */
  liquidity: Float64Array;
  reasons: Uint16Array;
  /** [item, codes] for items with codes the spec does not list. */
  unknownReasons: Array<[number, string[]]>;
  droppedRows: number;
  invalidValues: number;
  meta: RecMeta;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The rows of a getPriceRecommendations answer as columns; null when the answer is not a list.
 * Integer fields must be safe integers (counts not negative, liquidity 0..10000); the Float fields any
 * finite number, as the spec types them.
 */
export function shapeRecs(value: unknown, key: RecRequestKey, meta: Omit<RecMeta, 'shapeMs' | 'readyAt'>): RecColumns | null {
  if (!Array.isArray(value)) return null;
  const t0 = performance.now();
  const list = value as unknown[];
  const cap = list.length;
  const names: string[] = [];
  const suggested = new Float64Array(cap);
  const sales = new Float64Array(cap);
  const diff = new Float64Array(cap);
  const changePct = new Float64Array(cap);
  const liquidity = new Float64Array(cap);
  const reasons = new Uint16Array(cap);
  const unknownReasons: Array<[number, string[]]> = [];
  let dropped = 0;
  let invalid = 0;
  let n = 0;
  for (const el of list) {
    if (!isObject(el) || typeof el.market_hash_name !== 'string') {
      dropped++;
      continue;
    }
    const i = n++;
    names.push(el.market_hash_name);
    // Each value: its spec type, or NaN ("—") and counted.
    const sp = el.suggested_price;
    const ts = el.total_sales;
    const pd = el.price_difference;
    const pc = el.price_change_percentage;
    const ls = el.liquidity_score;
    const okSp = Number.isSafeInteger(sp);
    const okTs = Number.isSafeInteger(ts) && (ts as number) >= 0;
    const okPd = typeof pd === 'number' && Number.isFinite(pd);
    const okPc = typeof pc === 'number' && Number.isFinite(pc);
    const okLs = Number.isInteger(ls) && (ls as number) >= 0 && (ls as number) <= 10000;
    suggested[i] = okSp ? (sp as number) : NaN;
    sales[i] = okTs ? (ts as number) : NaN;
    diff[i] = okPd ? pd : NaN;
    changePct[i] = okPc ? pc : NaN;
    liquidity[i] = okLs ? (ls as number) : NaN;
    invalid += (okSp ? 0 : 1) + (okTs ? 0 : 1) + (okPd ? 0 : 1) + (okPc ? 0 : 1) + (okLs ? 0 : 1);
    const ur = el.unstable_reasons;
    if (!Array.isArray(ur)) {
      reasons[i] = UNREADABLE_REASONS_BIT;
      invalid++;
      continue;
    }
    let bits = 0;
    let unknown: string[] | null = null;
    for (const code of ur as unknown[]) {
      if (typeof code !== 'string') {
        invalid++;
        continue;
      }
      const bit = (REASON_BIT as Record<string, number | undefined>)[code];
      if (bit !== undefined) bits |= bit;
      else if (!(unknown ??= []).includes(code)) unknown.push(code);
    }
    if (unknown) {
      bits |= UNKNOWN_REASON_BIT;
      unknownReasons.push([i, unknown]);
    }
    reasons[i] = bits;
  }
  const search = names.map(normalizeText);
  const flags = new Uint32Array(n);
  for (let i = 0; i < n; i++) flags[i] = analyzeName(search[i] as string);
  const { nameRank, byName } = rankNames(search, names);
  const now = performance.timeOrigin + performance.now();
  return {
    ...key,
    n,
    names,
    search,
    flags,
    nameRank,
    byName,
    suggested: suggested.slice(0, n),
    sales: sales.slice(0, n),
    diff: diff.slice(0, n),
    changePct: changePct.slice(0, n),
    liquidity: liquidity.slice(0, n),
    reasons: reasons.slice(0, n),
    unknownReasons,
    droppedRows: dropped,
    invalidValues: invalid,
    meta: { ...meta, shapeMs: performance.now() - t0, readyAt: now },
  };
}

/** The buffers to transfer (never copy) to the UI thread. */
export function recTransferables(c: RecColumns): ArrayBuffer[] {
  return [c.flags, c.nameRank, c.byName, c.suggested, c.sales, c.diff, c.changePct, c.liquidity, c.reasons].map((a) => a.buffer as ArrayBuffer);
}

/** The codes of one item: known ones in the spec's order, then unknown ones as they came. */
export function reasonCodes(c: Pick<RecColumns, 'reasons'>, unknownOf: ReadonlyMap<number, string[]>, i: number): string[] {
  const bits = c.reasons[i] ?? 0;
  const out: string[] = UNSTABLE_REASONS.filter((r) => bits & REASON_BIT[r]);
  if (bits & UNKNOWN_REASON_BIT) out.push(...(unknownOf.get(i) ?? []));
  return out;
}

/** Structural check of columns that crossed from the worker (lengths and kinds, not every value). */
export function isRecColumns(v: unknown): v is RecColumns {
  if (!isObject(v)) return false;
  const n = v.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return false;
  if (typeof v.game !== 'number' || (v.type !== 'general' && v.type !== 'p2p')) return false;
  if (v.markets !== null && !(Array.isArray(v.markets) && v.markets.every((m) => typeof m === 'string'))) return false;
  if (!Array.isArray(v.names) || v.names.length !== n || !Array.isArray(v.search) || v.search.length !== n) return false;
  const typed: Array<[string, new (...a: never[]) => ArrayLike<number>]> = [
    ['flags', Uint32Array],
    ['nameRank', Int32Array],
    ['byName', Int32Array],
    ['suggested', Float64Array],
    ['sales', Float64Array],
    ['diff', Float64Array],
    ['changePct', Float64Array],
    ['liquidity', Float64Array],
    ['reasons', Uint16Array],
  ];
  for (const [k, T] of typed) {
    const a = v[k];
    if (!(a instanceof T) || a.length !== n) return false;
  }
  if (!Array.isArray(v.unknownReasons)) return false;
  for (const e of v.unknownReasons as unknown[]) {
    if (!Array.isArray(e) || typeof e[0] !== 'number' || e[0] < 0 || e[0] >= n || !Array.isArray(e[1])) return false;
  }
  return typeof v.droppedRows === 'number' && typeof v.invalidValues === 'number' && isObject(v.meta);
}
