/**
 * Parsed JSON of aggregatedMinPrices / aggregatedMaxOrders -> SnapshotData, validated while shaping in
 * one pass: a whole CS2 catalog is ~1M price entries, and zod-parsing 1M objects costs several times the
 * JSON.parse itself (measured: bench:model). Validation is per row and per field, so one bad value never
 * costs the other 37,000 rows; the rules: README.md, "Shaping an answer".
 */
import {
  NONE,
  emptyNotes,
  storeValue,
  type DataNotes,
  type SnapshotData,
  type GridMeta,
  type NumField,
} from './snapshot';
import { describeValue } from '../../../shared/api/rows';
import { isObject } from '../../lib/guards';
import { analyzeName, normalizeText } from './search';

export class MalformedResponseError extends Error {
  override readonly name = 'MalformedResponseError';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

export function fail(path: string, expected: string, got: unknown): never {
  throw new MalformedResponseError(path, `expected ${expected}, got ${describeValue(got)}`);
}

/** A safe integer, or NaN ("no value") for anything else. No closures: it runs a million times per CS2 load. */
export function intOrNaN(v: unknown): number {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : NaN;
}

/** New columns one answer may add (a service sending thousands of names is sending garbage). */
export const MAX_EXTRA_MARKETS = 64;
/**
 * Caps per answer, far above the real thing so no honest answer meets them: a whole CS2 catalog is about
 * 37,525 items (the reference service's catalog, from @ianlucas/cs2-lib) and the service about 40 markets
 * (shared/catalog/markets.ts). 150,000 items is 4x the catalog, 128
 * columns (asked for plus added by the answer) 3x the markets; at both caps the buffers of one answer stay
 * under about 250 MB, where an uncapped answer could ask for gigabytes and take the renderer down.
 */
export const MAX_ITEMS_PER_ANSWER = 150_000;
export const MAX_MARKETS_PER_ANSWER = 128;
const EXTRA_NAME = /^[\w.:@+-]{1,64}$/;

/** Entries of markets that were not asked for, kept aside while shaping (rare: the slow path). */
export class Extras {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  readonly rows: number[] = [];
  readonly cols: number[] = [];
  readonly a: number[] = [];
  readonly b: number[] = [];
  readonly c: number[] = [];
  constructor(private readonly base: number) {}
  /** The column of a new name, or -1 when it is not usable as one. */
  col(name: string): number {
    const k = this.index.get(name);
    if (k !== undefined) return k;
    if (
      !EXTRA_NAME.test(name) ||
      this.names.length >= MAX_EXTRA_MARKETS ||
      this.base + this.names.length >= MAX_MARKETS_PER_ANSWER
    )
      return -1;
    const col = this.base + this.names.length;
    this.names.push(name);
    this.index.set(name, col);
    return col;
  }
  add(row: number, col: number, a: number, b: number, c: number): void {
    this.rows.push(row);
    this.cols.push(col);
    this.a.push(a);
    this.b.push(b);
    this.c.push(c);
  }
}

/** Copies row-major cells of width `from` into a new array of width `to` (to > from), new cells `fill`. */
export function widen<T extends Int32Array | Uint8Array>(
  arr: T,
  rows: number,
  from: number,
  to: number,
  fill: number,
): T {
  const out = (arr instanceof Uint8Array ? new Uint8Array(rows * to) : new Int32Array(rows * to)) as T;
  if (fill !== 0) out.fill(fill);
  for (let i = 0; i < rows; i++) out.set(arr.subarray(i * from, i * from + from), i * to);
  return out;
}

export interface AskPart {
  /** The columns: the requested markets, then any the answer added. */
  markets: string[];
  n: number;
  names: string[];
  ask: Int32Array;
  locked: Int32Array;
  offers: Int32Array;
  listed: Uint8Array;
  overflow: Array<[NumField, number, number]>;
  notes: DataNotes;
  /** Each name's search text and flags (normalizeText, analyzeName), worked out as the rows came. */
  text?: { search: string[]; flags: Uint32Array };
}

export interface BidPart {
  markets: string[];
  n: number;
  names: string[];
  bid: Int32Array;
  bidOffers: Int32Array;
  bidListed: Uint8Array;
  overflow: Array<[NumField, number, number]>;
  notes: DataNotes;
}

/**
 * How many rows an answer will have (elements that are objects with a text name), counted before any
 * buffer is made: buffers are sized by these, never by the array's length, so a body of `[0,0,...]`
 * costs nothing. Past the caps: a clear error.
 */
export function rowsOf(items: readonly unknown[], markets: number, label: string): number {
  if (markets > MAX_MARKETS_PER_ANSWER) {
    throw new MalformedResponseError(
      label,
      `${markets} markets asked for, more than the ${MAX_MARKETS_PER_ANSWER} one answer may hold`,
    );
  }
  let rows = 0;
  for (let j = 0; j < items.length; j++) {
    const raw: unknown = items[j];
    if (isObject(raw) && typeof raw.market_hash_name === 'string') rows++;
  }
  if (rows > MAX_ITEMS_PER_ANSWER) {
    throw new MalformedResponseError(
      label,
      `${rows.toLocaleString('en-US')} items, more than the ${MAX_ITEMS_PER_ANSWER.toLocaleString('en-US')} one answer may hold`,
    );
  }
  return rows;
}

export function marketIndex(markets: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  markets.forEach((s, i) => {
    if (!m.has(s)) m.set(s, i);
  });
  return m;
}

/*
 * shapeAsks (shape-asks.ts) and shapeBids walk items the same way on purpose, as two closure-free loops: a shared walker
 * with a per-entry visitor measured 12-15% slower on the CS2 catalog (about 1M entries), on the path
 * between the last byte and the first grid paint.
 */

/** `items` is the value of aggregatedMaxOrders (GraphQL data field or the REST body). */
export function shapeBids(items: unknown, bidMarkets: readonly string[], label: string): BidPart {
  if (!Array.isArray(items)) fail(label, 'an array of items', items);
  const b = bidMarkets.length;
  const idx = marketIndex(bidMarkets);
  const cap = rowsOf(items, b, label);
  const names: string[] = [];
  const bid = new Int32Array(cap * b).fill(NONE);
  const bidOffers = new Int32Array(cap * b).fill(NONE);
  const bidListed = new Uint8Array(cap * b);
  const overflow: Array<[NumField, number, number]> = [];
  const notes = emptyNotes();
  const extras = new Extras(b);

  for (let j = 0; j < items.length; j++) {
    const raw: unknown = items[j];
    if (!isObject(raw)) {
      notes.skippedItems++;
      continue;
    }
    const name = raw.market_hash_name;
    if (typeof name !== 'string') {
      notes.skippedItems++;
      continue;
    }
    const orders = raw.orders;
    const i = names.length;
    names.push(name);
    if (!Array.isArray(orders)) {
      notes.invalidValues++;
      continue;
    }
    const base = i * b;
    for (let q = 0; q < orders.length; q++) {
      const e: unknown = orders[q];
      if (!isObject(e)) {
        notes.invalidValues++;
        continue;
      }
      const slug = e.market_name;
      if (typeof slug !== 'string') {
        notes.invalidValues++;
        continue;
      }
      const k = idx.get(slug);
      if (k === undefined) {
        const col = extras.col(slug);
        if (col < 0) notes.invalidValues++;
        else extras.add(i, col, intOrNaN(e.price), intOrNaN(e.offers), NaN);
        continue;
      }
      const price = intOrNaN(e.price);
      const offersV = intOrNaN(e.offers);
      if (price !== price) notes.invalidValues++;
      if (offersV !== offersV) notes.invalidValues++;
      const cell = base + k;
      if (bidListed[cell]) {
        notes.duplicateEntries++;
        const had = bid[cell] === NONE ? -Infinity : (bid[cell] as number);
        if ((price === price ? price : -Infinity) <= had) continue;
      }
      bidListed[cell] = 1;
      bid[cell] = NONE;
      bidOffers[cell] = NONE;
      if (price === price) storeValue(bid, 'bid', cell, price, overflow);
      if (offersV === offersV) storeValue(bidOffers, 'bidOffers', cell, offersV, overflow);
    }
  }
  const n = names.length;
  const part: BidPart = { markets: [...bidMarkets], n, names, bid, bidOffers, bidListed, overflow, notes };
  return extras.names.length > 0 ? addBidExtras(part, extras) : part;
}

function addBidExtras(part: BidPart, extras: Extras): BidPart {
  const b = part.markets.length;
  const w = b + extras.names.length;
  const n = part.n;
  const bid = widen(part.bid, n, b, w, NONE);
  const bidOffers = widen(part.bidOffers, n, b, w, NONE);
  const bidListed = widen(part.bidListed, n, b, w, 0);
  const overflow = part.overflow.map(([f, cell, v]): [NumField, number, number] => [
    f,
    Math.floor(cell / b) * w + (cell % b),
    v,
  ]);
  const notes = part.notes;
  for (let q = 0; q < extras.rows.length; q++) {
    const cell = (extras.rows[q] as number) * w + (extras.cols[q] as number);
    const price = extras.a[q] as number;
    const offersV = extras.b[q] as number;
    if (price !== price) notes.invalidValues++;
    if (offersV !== offersV) notes.invalidValues++;
    if (bidListed[cell]) {
      notes.duplicateEntries++;
      const had = bid[cell] === NONE ? -Infinity : (bid[cell] as number);
      if ((price === price ? price : -Infinity) <= had) continue;
    }
    bidListed[cell] = 1;
    bid[cell] = NONE;
    bidOffers[cell] = NONE;
    if (price === price) storeValue(bid, 'bid', cell, price, overflow);
    if (offersV === offersV) storeValue(bidOffers, 'bidOffers', cell, offersV, overflow);
  }
  notes.unknownMarkets = [...extras.names];
  return { ...part, markets: [...part.markets, ...extras.names], bid, bidOffers, bidListed, overflow, notes };
}

export function grow<T extends Int32Array | Uint8Array>(a: T, len: number, fill: number): T {
  if (a.length === len) return a;
  const out = (a instanceof Uint8Array ? new Uint8Array(len) : new Int32Array(len)) as T;
  out.set(a);
  if (fill !== 0) out.fill(fill, a.length);
  return out;
}

/** Item order by name (case- and accent-insensitive, then exact), for sorting and the default view. */
export function rankNames(
  search: readonly string[],
  names: readonly string[],
): { nameRank: Int32Array; byName: Int32Array } {
  const n = names.length;
  const order: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => {
    const sa = search[a] as string;
    const sb = search[b] as string;
    if (sa !== sb) return sa < sb ? -1 : 1;
    const na = names[a] as string;
    const nb = names[b] as string;
    if (na !== nb) return na < nb ? -1 : 1;
    return a - b;
  });
  const byName = Int32Array.from(order);
  const nameRank = new Int32Array(n);
  for (let r = 0; r < n; r++) nameRank[byName[r] as number] = r;
  return { nameRank, byName };
}

/**
 * Each bid row's row in the grid: the ask row of the same name (its first), else a new row, its name
 * appended to `names`. Returns the row count with those new rows.
 */
function placeBidRows(names: string[], askN: number, bids: BidPart, rowOfBid: Int32Array): number {
  let n = askN;
  // Fast path: same names in the same order (the usual case for one service snapshot).
  let same = bids.n === askN;
  for (let i = 0; same && i < n; i++) if (bids.names[i] !== names[i]) same = false;
  if (same) {
    for (let i = 0; i < bids.n; i++) rowOfBid[i] = i;
    return n;
  }
  const first = new Map<string, number>();
  for (let i = 0; i < askN; i++) {
    const nm = names[i] as string;
    if (!first.has(nm)) first.set(nm, i);
  }
  for (let j = 0; j < bids.n; j++) {
    const nm = bids.names[j] as string;
    let row = first.get(nm);
    if (row === undefined) {
      row = n++;
      names.push(nm);
      first.set(nm, row);
    }
    rowOfBid[j] = row;
  }
  return n;
}

function countDuplicateNames(names: readonly string[], n: number): number {
  let duplicates = 0;
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const nm = names[i] as string;
    if (seen.has(nm)) duplicates++;
    else seen.add(nm);
  }
  return duplicates;
}

type BidCells = Pick<BidPart, 'bid' | 'bidOffers' | 'bidListed'>;

/** The bids' cells laid out on the grid's `n` rows; their overflow values appended to `overflow`. */
function bidCells(
  bids: BidPart | null,
  n: number,
  rowOfBid: Int32Array,
  overflow: Array<[NumField, number, number]>,
): BidCells {
  if (!bids) return { bid: new Int32Array(0), bidOffers: new Int32Array(0), bidListed: new Uint8Array(0) };
  let identity = bids.n === n;
  for (let j = 0; identity && j < bids.n; j++) if (rowOfBid[j] !== j) identity = false;
  if (identity) {
    for (const o of bids.overflow) overflow.push(o);
    return { bid: bids.bid, bidOffers: bids.bidOffers, bidListed: bids.bidListed };
  }
  const b = bids.markets.length;
  const bid = new Int32Array(n * b).fill(NONE);
  const bidOffers = new Int32Array(n * b).fill(NONE);
  const bidListed = new Uint8Array(n * b);
  const move = new Map<number, number>();
  for (let j = 0; j < bids.n; j++) {
    const row = rowOfBid[j] as number;
    for (let k = 0; k < b; k++) {
      const from = j * b + k;
      if (!bids.bidListed[from]) continue;
      const to = row * b + k;
      // A name twice in the bids: keep the higher bid.
      if (bidListed[to] && (bids.bid[from] as number) <= (bid[to] as number)) continue;
      bid[to] = bids.bid[from] as number;
      bidOffers[to] = bids.bidOffers[from] as number;
      bidListed[to] = 1;
      move.set(from, to);
    }
  }
  for (const [field, cell, v] of bids.overflow) {
    const to = move.get(cell);
    if (to !== undefined) overflow.push([field, to, v]);
  }
  return { bid, bidOffers, bidListed };
}

function mergeNotes(asks: AskPart, bids: BidPart | null, duplicateNames: number): DataNotes {
  return {
    unknownMarkets: [...new Set([...asks.notes.unknownMarkets, ...(bids?.notes.unknownMarkets ?? [])])],
    skippedItems: asks.notes.skippedItems + (bids?.notes.skippedItems ?? 0),
    invalidValues: asks.notes.invalidValues + (bids?.notes.invalidValues ?? 0),
    duplicateNames,
    duplicateEntries: asks.notes.duplicateEntries + (bids?.notes.duplicateEntries ?? 0),
  };
}

/**
 * Asks and bids -> one row set: the asks' items in their order, then items that have only bids.
 * Also computes the search text, category flags and name order.
 */
export function mergeGrid(asks: AskPart, bids: BidPart | null, ctx: { game: number; meta: GridMeta }): SnapshotData {
  const m = asks.markets.length;
  const names = asks.names;
  const rowOfBid = new Int32Array(bids ? bids.n : 0);
  const n = bids ? placeBidRows(names, asks.n, bids, rowOfBid) : asks.n;
  const duplicateNames = countDuplicateNames(names, n);
  const overflow = asks.overflow.slice();
  const { bid, bidOffers, bidListed } = bidCells(bids, n, rowOfBid, overflow);
  // The asks' names came with their text (shape-asks.ts); the bids' own names are worked out here.
  const known = asks.text && asks.text.search.length === asks.n ? asks.text : null;
  const search = known ? known.search : new Array<string>(n);
  const flags = new Uint32Array(n);
  if (known) flags.set(known.flags);
  for (let i = known ? asks.n : 0; i < n; i++) {
    const s = normalizeText(names[i] as string);
    search[i] = s;
    flags[i] = analyzeName(s);
  }
  const { nameRank, byName } = rankNames(search, names);
  return {
    game: ctx.game,
    askMarkets: [...asks.markets],
    bidMarkets: bids ? [...bids.markets] : [],
    n,
    names,
    search,
    flags,
    nameRank,
    byName,
    ask: grow(asks.ask, n * m, NONE),
    locked: grow(asks.locked, n * m, NONE),
    offers: grow(asks.offers, n * m, NONE),
    listed: grow(asks.listed, n * m, 0),
    bid,
    bidOffers,
    bidListed,
    overflow,
    notes: mergeNotes(asks, bids, duplicateNames),
    meta: ctx.meta,
  };
}

/** The buffers to transfer with postMessage. */
export function transferables(c: SnapshotData): ArrayBuffer[] {
  const arrays = [c.flags, c.nameRank, c.byName, c.ask, c.locked, c.offers, c.listed, c.bid, c.bidOffers, c.bidListed];
  const seen = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer) seen.add(a.buffer);
  return [...seen];
}
