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
import { UNSTABLE_REASONS, type RecommendationType, type UnstableReason } from '../../../shared/api/schema';
import { analyzeName, normalizeText } from '../model/search';
import { rankNames } from '../model/shape';
import type { SearchIndex } from '../model/search-index';
import type { RecSort } from './rec-sort';
import { isObject, isStringArray } from '../../lib/guards';
import { StringPacker, stringAt, unpackStrings, type PackedStrings } from '../worker/packed-strings';

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
  /** ms since epoch when the worker posted them, sorted and packed (0: not posted). */
  postedAt: number;
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
  /**
   * normalizeText(name), for the grid's text search; with `flags`, analyzeName() bits for its
   * abbreviations (fn, st, knife…). The worker sends both just after the list (the first paint does not
   * need them): until then they are empty. Read them through recSearch().
   */
  search: string[];
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
  /** The items in one sort's order, sorted by the worker (view.ts sortedRecs). */
  presorted?: RecSort & { order: Int32Array };
}

/** A list of no items (the list's frame while the real one loads). */
export function emptyRecColumns(key: RecRequestKey): RecColumns {
  const cols = shapeRecs([], key, { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 });
  if (!cols) throw new Error('An empty list is a list');
  return cols;
}


/**
 * The rows of a getPriceRecommendations answer as columns; null when the answer is not a list.
 * Integer fields must be safe integers (counts not negative, liquidity 0..10000); the Float fields any
 * finite number, as the spec types them.
 */
export function shapeRecs(value: unknown, key: RecRequestKey, meta: Omit<RecMeta, 'shapeMs' | 'readyAt' | 'postedAt'>): RecColumns | null {
  if (!Array.isArray(value)) return null;
  const reader = new RecReader();
  reader.add(value as unknown[]);
  return reader.finish(key, meta);
}

/**
 * Reading rows into columns, a batch at a time (add) or all at once: names, numbers, reasons and the
 * search text (the name order needs it); finish() orders the names. The worker posts the list with
 * finish(…, { lean: true }) and the search text and flags after it (searchColumns()).
 */
export class RecReader {
  private cap = 0;
  /** Rows kept so far. */
  n = 0;
  readonly names: string[] = [];
  /** The names packed as they are read (posted with the list; packing them then would cost ~15 ms). */
  private readonly namePacker = new StringPacker();
  readonly search: string[] = [];
  private suggested = new Float64Array(0);
  private sales = new Float64Array(0);
  private diff = new Float64Array(0);
  private changePct = new Float64Array(0);
  private liquidity = new Float64Array(0);
  private reasons = new Uint16Array(0);
  private readonly unknownReasons: Array<[number, string[]]> = [];
  private dropped = 0;
  private invalid = 0;
  private busyMs = 0;

  /** Room for `more` rows (capacity doubles, so the copies cost O(n) in all). */
  private reserve(more: number): void {
    const need = this.n + more;
    if (need <= this.cap) return;
    const cap = Math.max(need, this.cap * 2, 1024);
    const grow = <T extends Float64Array | Uint16Array>(a: T, make: (len: number) => T): T => {
      const b = make(cap);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.suggested = grow(this.suggested, (l) => new Float64Array(l));
    this.sales = grow(this.sales, (l) => new Float64Array(l));
    this.diff = grow(this.diff, (l) => new Float64Array(l));
    this.changePct = grow(this.changePct, (l) => new Float64Array(l));
    this.liquidity = grow(this.liquidity, (l) => new Float64Array(l));
    this.reasons = grow(this.reasons, (l) => new Uint16Array(l));
    this.cap = cap;
  }

  /** Reads a batch of elements of the answer's list (in order). */
  add(list: readonly unknown[]): void {
    const t0 = performance.now();
    this.reserve(list.length);
    const { names, search, suggested, sales, diff, changePct, liquidity, reasons, unknownReasons } = this;
    const namesBefore = names.length;
    let n = this.n;
    let dropped = 0;
    let invalid = 0;
    for (const el of list) {
      if (!isObject(el) || typeof el.market_hash_name !== 'string') {
        dropped++;
        continue;
      }
      const i = n++;
      const name = el.market_hash_name;
      names.push(name);
      search.push(normalizeText(name));
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
    this.namePacker.addAll(names, namesBefore);
    this.n = n;
    this.dropped += dropped;
    this.invalid += invalid;
    this.busyMs += performance.now() - t0;
  }

  /** The columns of every row added; `lean`: without the search text and flags (see searchColumns). */
  finish(key: RecRequestKey, meta: Omit<RecMeta, 'shapeMs' | 'readyAt' | 'postedAt'>, { lean = false }: { lean?: boolean } = {}): RecColumns {
    const t0 = performance.now();
    const n = this.n;
    const { nameRank, byName } = rankNames(this.search, this.names);
    const text = lean ? { search: [], flags: new Uint32Array(0) } : this.searchColumns();
    const shapeMs = this.busyMs + performance.now() - t0;
    return {
      ...key,
      n,
      names: this.names,
      ...text,
      nameRank,
      byName,
      suggested: this.suggested.slice(0, n),
      sales: this.sales.slice(0, n),
      diff: this.diff.slice(0, n),
      changePct: this.changePct.slice(0, n),
      liquidity: this.liquidity.slice(0, n),
      reasons: this.reasons.slice(0, n),
      unknownReasons: this.unknownReasons,
      droppedRows: this.dropped,
      invalidValues: this.invalid,
      meta: { ...meta, shapeMs, readyAt: performance.timeOrigin + performance.now(), postedAt: 0 },
    };
  }

  /** The names of the rows added, packed. */
  packedNames(): PackedStrings {
    return this.namePacker.finish();
  }

  /** The search text and flags of the rows added. */
  searchColumns(): { search: string[]; flags: Uint32Array } {
    return { search: this.search, flags: flagsOf(this.search) };
  }
}

function flagsOf(search: readonly string[]): Uint32Array {
  const flags = new Uint32Array(search.length);
  for (let i = 0; i < search.length; i++) flags[i] = analyzeName(search[i] as string);
  return flags;
}

/** What the worker sends after a list: its search text (read when first needed), flags and index. */
export interface RecSearchParts {
  search: () => string[];
  flags: Uint32Array;
  index: SearchIndex;
}

/** Lists' search parts, until recSearch() takes them into the columns (the index stays here). */
const searchParts = new WeakMap<RecColumns, RecSearchParts>();

/** Who waits for a list's search parts (whenRecSearch). */
const searchWaiters = new WeakMap<RecColumns, Set<() => void>>();

export function attachRecSearch(c: RecColumns, parts: RecSearchParts): void {
  if (parts.flags.length !== c.n) return;
  searchParts.set(c, parts);
  const waiting = searchWaiters.get(c);
  searchWaiters.delete(c);
  for (const fn of waiting ?? []) fn();
}

/**
 * Calls `fn` once the list's search text is at hand without computing it here: the worker's parts came
 * (or were taken in already), else after `maxWaitMs` (a list kept offline has none coming). Returns a cancel.
 */
export function whenRecSearch(c: RecColumns, fn: () => void, maxWaitMs: number): () => void {
  if (searchParts.has(c) || (c.search.length === c.n && c.flags.length === c.n)) {
    fn();
    return () => {};
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    searchWaiters.get(c)?.delete(once);
    fn();
  };
  const timer = setTimeout(once, maxWaitMs);
  const set = searchWaiters.get(c) ?? new Set<() => void>();
  set.add(once);
  searchWaiters.set(c, set);
  return () => {
    done = true;
    clearTimeout(timer);
    set.delete(once);
  };
}

/**
 * A list's search text and flags: as the worker sent them, or (a filter typed before they came, a list
 * kept offline without them) computed here from the names, once.
 */
export function recSearch(c: RecColumns): { search: string[]; flags: Uint32Array } {
  if (c.search.length !== c.n || c.flags.length !== c.n) {
    const parts = searchParts.get(c);
    const search = parts?.search();
    if (parts && search?.length === c.n) {
      c.search = search;
      c.flags = parts.flags;
    } else {
      c.search = c.names.map(normalizeText);
      c.flags = flagsOf(c.search);
    }
  }
  return c;
}

/** Lists whose names came packed from the worker, until their `names` is first read. */
const packedNames = new WeakMap<object, { packed: PackedStrings; list: string[] | null }>();

/**
 * The columns of a list as the worker posted it: `names` is taken apart when first read (a getter; the
 * join, search and export need them all, after the first paint), and recName() reads one name before
 * that: the first paint needs only the rows in sight. No search text yet ('recs-search' brings it).
 */
export function withPackedNames<W extends { names: PackedStrings }>(wire: W): Omit<W, 'names'> & { names: string[]; search: string[] } {
  const { names: packed, ...rest } = wire;
  const entry: { packed: PackedStrings; list: string[] | null } = { packed, list: null };
  const cols = { ...rest, search: [] as string[] };
  Object.defineProperty(cols, 'names', { enumerable: true, configurable: true, get: () => (entry.list ??= unpackStrings(packed)) });
  packedNames.set(cols, entry);
  return cols as Omit<W, 'names'> & { names: string[]; search: string[] };
}

/** Item i's name (undefined out of range), without taking a packed list apart. */
export function recName(c: RecColumns, i: number): string | undefined {
  const p = packedNames.get(c);
  if (!p || p.list) return c.names[i];
  return Number.isInteger(i) && i >= 0 && i < p.packed.ends.length ? stringAt(p.packed, i) : undefined;
}

/** The list's search index (market/model/search-index.ts), once the worker sent it; filters scan all names before. */
export function recSearchIndex(c: RecColumns): SearchIndex | null {
  return searchParts.get(c)?.index ?? null;
}

/** The buffers to transfer (never copy) to the UI thread. */
export function recTransferables(c: RecColumns): ArrayBuffer[] {
  const arrays = [c.flags, c.nameRank, c.byName, c.suggested, c.sales, c.diff, c.changePct, c.liquidity, c.reasons];
  if (c.presorted) arrays.push(c.presorted.order);
  return arrays.map((a) => a.buffer as ArrayBuffer);
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
  // Names still packed were checked as they came (protocol.ts); reading them here would take them apart.
  const packed = packedNames.get(v);
  if (packed ? packed.packed.ends.length !== n : !isStringArray(v.names, n)) return false;
  // The search text and flags: both there, or both still to come (empty).
  const search = v.search;
  const flags = v.flags;
  if (!(flags instanceof Uint32Array) || (flags.length !== n && flags.length !== 0) || !isStringArray(search, flags.length)) return false;
  const typed: Array<[string, new (...a: never[]) => ArrayLike<number>]> = [
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
  const pre = v.presorted;
  if (pre !== undefined && !(isObject(pre) && typeof pre.key === 'string' && (pre.dir === 'asc' || pre.dir === 'desc') && pre.order instanceof Int32Array && pre.order.length === n)) return false;
  return typeof v.droppedRows === 'number' && typeof v.invalidValues === 'number' && isObject(v.meta);
}

/**
 * A made-up getPriceRecommendations list of `n` rows shaped like the service's (the same fields in the
 * same order, the kinds of names the search flags tell apart), to warm the reading code up before a load.
 */
export function recSampleRows(n: number): unknown[] {
  const names = [
    'AK-47 | Redline (Field-Tested)',
    'StatTrak\u2122 M4A1-S | Hyper Beast (Minimal Wear)',
    '\u2605 Karambit | Fade (Factory New)',
    '\u2605 Sport Gloves | Vice (Well-Worn)',
    'Sticker | Crown (Foil)',
    'Souvenir AWP | Dragon Lore (Battle-Scarred)',
    'Recoil Case',
    "'Medium Rare' Crasswater | Guerrilla Warfare",
    'Sealed Graffiti | Quick Peek (Tiger Orange)',
    'Music Kit | Daniel Sadowski, Crystal Dragon',
  ];
  const rows: unknown[] = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      market_hash_name: `${names[i % names.length] as string} ${i}`,
      suggested_price: 1000 + ((i * 7919) % 100_000),
      unstable_reasons: i % 3 === 0 ? [] : [UNSTABLE_REASONS[i % UNSTABLE_REASONS.length] as string],
      total_sales: (i * 31) % 5000,
      price_difference: ((i % 200) - 100) * 1.5,
      price_change_percentage: ((i % 50) - 25) / 4,
      liquidity_score: (i * 13) % 10001,
    });
  }
  return rows;
}
