/**
 * Parsing: the rows of a getPriceRecommendations answer read into columns (rec-columns.ts), a batch at a
 * time while it downloads, with the rules of shared/api/rows.ts (a row without a text name is dropped; a
 * value that is not its spec type becomes "missing" and is counted), by hand rather than through zod:
 * 37,000 rows in one pass with no intermediate objects. rec-reader.test.ts checks it against readRows.
 */
import { analyzeName, normalizeText } from '../model/search';
import { rankNames } from '../model/shape';
import { isObject } from '../../lib/guards';
import { StringPacker, type PackedStrings } from '../worker/packed-strings';
import {
  REASON_BIT,
  UNKNOWN_REASON_BIT,
  UNREADABLE_REASONS_BIT,
  type RecColumns,
  type RecMeta,
  type RecRequestKey,
} from './rec-columns';

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
export function shapeRecs(
  value: unknown,
  key: RecRequestKey,
  meta: Omit<RecMeta, 'shapeMs' | 'readyAt' | 'postedAt'>,
): RecColumns | null {
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
  finish(
    key: RecRequestKey,
    meta: Omit<RecMeta, 'shapeMs' | 'readyAt' | 'postedAt'>,
    { lean = false }: { lean?: boolean } = {},
  ): RecColumns {
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
    return { search: this.search, flags: searchFlags(this.search) };
  }
}

/** The search flags (analyzeName bits) of each search text. */
export function searchFlags(search: readonly string[]): Uint32Array {
  const flags = new Uint32Array(search.length);
  for (let i = 0; i < search.length; i++) flags[i] = analyzeName(search[i] as string);
  return flags;
}
