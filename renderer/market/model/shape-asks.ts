/**
 * aggregatedMinPrices -> the asks' columns (AskPart), validated while shaping (the rules: README.md,
 * "Shaping an answer"). AskShaper takes the rows in parts, as they are read while the answer downloads
 * (api/row-stream.ts), so little is left to shape after the last byte; shapeAsks takes a whole answer.
 */
import {
  MalformedResponseError,
  MAX_ITEMS_PER_ANSWER,
  Extras,
  fail,
  grow,
  intOrNaN,
  marketIndex,
  rowsOf,
  widen,
  type AskPart,
} from './shape';
import { analyzeName, normalizeText } from './search';
import { NONE, emptyNotes, storeValue, type DataNotes, type NumField } from './snapshot';
import { isObject } from '../../lib/guards';

/** `items` is the value of aggregatedMinPrices (GraphQL data field or the REST body). */
export function shapeAsks(items: unknown, askMarkets: readonly string[], label: string): AskPart {
  if (!Array.isArray(items)) fail(label, 'an array of items', items);
  // Buffers sized by the rows counted first (rowsOf: never by the array's length), so none grows.
  const shaper = new AskShaper(askMarkets, label, rowsOf(items, askMarkets.length, label));
  shaper.add(items);
  return shaper.finish();
}

/**
 * The asks shaped part by part. Its buffers start at `cap` rows and double when full; past
 * MAX_ITEMS_PER_ANSWER rows it stops, and finish() throws that error (the stream reading the answer goes on
 * to its end, so the answer's own errors are still reported first).
 */
export class AskShaper {
  private readonly m: number;
  private readonly idx: Map<string, number>;
  private cap: number;
  private readonly names: string[] = [];
  /** Each name's search text and flags, worked out as its row comes: not left for after the last byte. */
  private readonly search: string[] = [];
  private readonly flags: number[] = [];
  private ask: Int32Array;
  private locked: Int32Array;
  private offers: Int32Array;
  private listed: Uint8Array;
  private readonly overflow: Array<[NumField, number, number]> = [];
  private readonly notes: DataNotes = emptyNotes();
  private readonly extras: Extras;
  private failure: MalformedResponseError | null = null;

  constructor(
    private readonly askMarkets: readonly string[],
    private readonly label: string,
    cap = 1024,
  ) {
    // The markets' cap is checked before any buffer is made.
    rowsOf([], askMarkets.length, label);
    this.m = askMarkets.length;
    this.idx = marketIndex(askMarkets);
    this.cap = cap;
    this.ask = new Int32Array(this.cap * this.m).fill(NONE);
    this.locked = new Int32Array(this.cap * this.m).fill(NONE);
    this.offers = new Int32Array(this.cap * this.m).fill(NONE);
    this.listed = new Uint8Array(this.cap * this.m);
    this.extras = new Extras(this.m);
  }

  /** Room for `rows` rows: the buffers doubled (cell indexes stay: rows are row-major, m wide). */
  private reserve(rows: number): void {
    if (rows <= this.cap) return;
    if (rows > MAX_ITEMS_PER_ANSWER) {
      throw new MalformedResponseError(
        this.label,
        `${(MAX_ITEMS_PER_ANSWER + 1).toLocaleString('en-US')} items or more, more than the ${MAX_ITEMS_PER_ANSWER.toLocaleString('en-US')} one answer may hold`,
      );
    }
    this.cap = Math.min(MAX_ITEMS_PER_ANSWER, Math.max(rows, this.cap * 2));
    const len = this.cap * this.m;
    this.ask = grow(this.ask, len, NONE);
    this.locked = grow(this.locked, len, NONE);
    this.offers = grow(this.offers, len, NONE);
    this.listed = grow(this.listed, len, 0);
  }

  /** Shapes these rows after the ones before (rows that are not an item with a text name are skipped). */
  add(items: readonly unknown[]): void {
    if (this.failure) return;
    try {
      this.addRows(items);
    } catch (e) {
      if (!(e instanceof MalformedResponseError)) throw e;
      this.failure = e;
    }
  }

  /** The asks shaped so far, trimmed to their rows; throws what stopped the shaping. */
  finish(): AskPart {
    if (this.failure) throw this.failure;
    const n = this.names.length;
    const len = n * this.m;
    const trim = <T extends Int32Array | Uint8Array>(a: T): T => (a.length === len ? a : (a.slice(0, len) as T));
    const part: AskPart = {
      markets: [...this.askMarkets],
      n,
      names: this.names,
      ask: trim(this.ask),
      locked: trim(this.locked),
      offers: trim(this.offers),
      listed: trim(this.listed),
      overflow: this.overflow,
      notes: this.notes,
      text: { search: this.search, flags: Uint32Array.from(this.flags) },
    };
    return this.extras.names.length > 0 ? addAskExtras(part, this.extras) : part;
  }

  private addRows(items: readonly unknown[]): void {
    const { m, idx, names, overflow, notes, extras } = this;
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
      const prices = raw.prices;
      const i = names.length;
      if (i >= this.cap) this.reserve(i + 1);
      names.push(name);
      const text = normalizeText(name);
      this.search.push(text);
      this.flags.push(analyzeName(text));
      const { ask, locked, offers, listed } = this;
      if (!Array.isArray(prices)) {
        notes.invalidValues++;
        continue;
      }
      const base = i * m;
      for (let q = 0; q < prices.length; q++) {
        const e: unknown = prices[q];
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
          else
            extras.add(
              i,
              col,
              intOrNaN(e.price),
              intOrNaN(e.offers),
              e.price_locked === null || e.price_locked === undefined ? NaN : intOrNaN(e.price_locked),
            );
          continue;
        }
        const price = intOrNaN(e.price);
        const offersV = intOrNaN(e.offers);
        const lockedRaw = e.price_locked;
        const lockedV = intOrNaN(lockedRaw);
        if (price !== price) notes.invalidValues++;
        if (offersV !== offersV) notes.invalidValues++;
        if (lockedV !== lockedV && lockedRaw !== null && lockedRaw !== undefined) notes.invalidValues++;
        const cell = base + k;
        if (listed[cell]) {
          notes.duplicateEntries++;
          const had = ask[cell] === NONE ? Infinity : (ask[cell] as number);
          if ((price === price ? price : Infinity) >= had) continue;
        }
        listed[cell] = 1;
        ask[cell] = NONE;
        locked[cell] = NONE;
        offers[cell] = NONE;
        if (price === price) storeValue(ask, 'ask', cell, price, overflow);
        if (lockedV === lockedV) storeValue(locked, 'locked', cell, lockedV, overflow);
        if (offersV === offersV) storeValue(offers, 'offers', cell, offersV, overflow);
      }
    }
  }
}

/** The asks widened by the columns of markets that were not asked for. */
function addAskExtras(part: AskPart, extras: Extras): AskPart {
  const m = part.markets.length;
  const w = m + extras.names.length;
  const n = part.n;
  const ask = widen(part.ask, n, m, w, NONE);
  const locked = widen(part.locked, n, m, w, NONE);
  const offers = widen(part.offers, n, m, w, NONE);
  const listed = widen(part.listed, n, m, w, 0);
  const overflow = part.overflow.map(([f, cell, v]): [NumField, number, number] => [
    f,
    Math.floor(cell / m) * w + (cell % m),
    v,
  ]);
  const notes = part.notes;
  for (let q = 0; q < extras.rows.length; q++) {
    const cell = (extras.rows[q] as number) * w + (extras.cols[q] as number);
    const price = extras.a[q] as number;
    const offersV = extras.b[q] as number;
    const lockedV = extras.c[q] as number;
    if (price !== price) notes.invalidValues++;
    if (offersV !== offersV) notes.invalidValues++;
    if (listed[cell]) {
      notes.duplicateEntries++;
      const had = ask[cell] === NONE ? Infinity : (ask[cell] as number);
      if ((price === price ? price : Infinity) >= had) continue;
    }
    listed[cell] = 1;
    ask[cell] = NONE;
    locked[cell] = NONE;
    offers[cell] = NONE;
    if (price === price) storeValue(ask, 'ask', cell, price, overflow);
    if (lockedV === lockedV) storeValue(locked, 'locked', cell, lockedV, overflow);
    if (offersV === offersV) storeValue(offers, 'offers', cell, offersV, overflow);
  }
  notes.unknownMarkets = [...extras.names];
  return { ...part, markets: [...part.markets, ...extras.names], ask, locked, offers, listed, overflow, notes };
}
