/**
 * Dirty data (fault injection `dirtyDataRate`, off by default): what a real service sends now and then and the
 * spec does not allow (nulls, wrong types, unlisted enum values, rows without a usable market_hash_name).
 * Which items and how is a pure function of (fault seed, operation, item name), `dirtyKind`, so it is the same
 * on GraphQL and REST and tests can compute it. Only the fast executor applies it (graphql-js's reference
 * executor cannot write values its schema forbids). More: README.md here.
 */

/** Pre-encoded JSON written in place of a value: lets a fault send what the typed writers refuse. */
export class RawJson {
  constructor(readonly json: string) {}
}

export type DirtyOperation =
  'minPrices' | 'maxOrders' | 'steamAnalytics' | 'marketOrderAnalytics' | 'priceRecommendations';

/**
 * - `drop`: the row is unusable (market_hash_name null or a number, or the element not an object): a client
 *   must leave it out;
 * - `null`: nulls in fields the spec types as Integer / Float / list;
 * - `invalid`: values of the wrong type (a price as text, a count with a fraction);
 * - `unknown`: an extra entry for a market slug nobody asked for, or an UnstableReason the spec does not
 *   list (analytics have no enums: they get `null` instead).
 */
export type DirtyKind = 'drop' | 'null' | 'invalid' | 'unknown';

export interface DirtySpec {
  /** Share (0..1) of items served dirty. */
  rate: number;
  seed: number;
}

/** The slug of a marketplace the spec does not list. */
export const UNKNOWN_MARKET = 'newmarket-beta';
/** An UnstableReason the spec does not list. */
export const UNKNOWN_REASON = 'PRICE_FREEZE';

const OP_SALT: Record<DirtyOperation, number> = {
  minPrices: 0x1b56c4e9,
  maxOrders: 0x2f7a3b11,
  steamAnalytics: 0x5c2d8e73,
  marketOrderAnalytics: 0x6e1f9a25,
  priceRecommendations: 0x7a4b0d37,
};

function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a over UTF-16 code units, seeded. */
function hashName(name: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return mix(h);
}

/** How item `name` is served by operation `op`; null: as the spec says. Also the variant (0..2) within the kind. */
export function dirtyChoice(
  spec: DirtySpec,
  op: DirtyOperation,
  name: string,
): { kind: DirtyKind; variant: number } | null {
  const h = hashName(name, spec.seed);
  if (h / 4294967296 >= spec.rate) return null;
  const k = mix(h ^ OP_SALT[op]);
  const u = (k & 0xffff) / 65536;
  const variant = (k >>> 16) % 3;
  const analytics = op === 'steamAnalytics' || op === 'marketOrderAnalytics';
  // drop 20%, null 35%, invalid 25%, unknown 20% (null instead for analytics).
  const kind: DirtyKind = u < 0.2 ? 'drop' : u < 0.55 ? 'null' : u < 0.8 ? 'invalid' : analytics ? 'null' : 'unknown';
  return { kind, variant };
}

export function dirtyKind(spec: DirtySpec, op: DirtyOperation, name: string): DirtyKind | null {
  return dirtyChoice(spec, op, name)?.kind ?? null;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof RawJson);
}

/** A price as text, the way a sloppy serializer would send it. */
function priceText(v: unknown): RawJson {
  return new RawJson(JSON.stringify(typeof v === 'number' ? (v / 1000).toFixed(2) : '?'));
}

function withFraction(v: unknown): RawJson {
  return new RawJson(`${typeof v === 'number' ? v : 0}.5`);
}

function set(o: unknown, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: unknown = o;
  for (let i = 0; i < parts.length - 1; i++) cur = isObj(cur) ? cur[parts[i]!] : undefined;
  if (isObj(cur)) cur[parts[parts.length - 1]!] = value;
}

function get(o: unknown, path: string): unknown {
  let cur: unknown = o;
  for (const p of path.split('.')) cur = isObj(cur) ? cur[p] : undefined;
  return cur;
}

/** A deep copy of plain data (the simulated market's cached objects must stay clean). */
function copy<T>(v: T): T {
  return structuredClone(v);
}

function dirtyEntries(item: Obj, list: 'prices' | 'orders', kind: DirtyKind): void {
  const entries = item[list];
  if (!Array.isArray(entries) || entries.length === 0) {
    // Nothing to spoil inside: the list itself.
    if (kind === 'null') item[list] = null;
    else if (kind === 'invalid') item[list] = new RawJson('{}');
    else if (kind === 'unknown') item[list] = [unknownEntry(list, 1000)];
    return;
  }
  const first = entries[0] as Obj;
  const last = entries[entries.length - 1] as Obj;
  switch (kind) {
    case 'null':
      first.price = null;
      if (entries.length > 1) last.offers = null;
      return;
    case 'invalid':
      first.price = priceText(first.price);
      if (entries.length > 1) last.offers = withFraction(last.offers);
      return;
    case 'unknown':
      entries.push(unknownEntry(list, typeof first.price === 'number' ? first.price : 1000));
      return;
    case 'drop':
      return;
  }
}

function unknownEntry(list: 'prices' | 'orders', price: number): Obj {
  return list === 'prices'
    ? { market_name: UNKNOWN_MARKET, offers: 1, price, price_locked: null }
    : { market_name: UNKNOWN_MARKET, offers: 1, price };
}

const NULL_FIELDS: Record<DirtyOperation, readonly string[]> = {
  minPrices: [],
  maxOrders: [],
  steamAnalytics: [
    'sales.median_price_90d',
    'sales.average_price_90d',
    'listings.min_sell_order_price',
    'buyOrders.max_buy_order_price',
  ],
  marketOrderAnalytics: [
    'listings.min_sell_order_price',
    'buyOrders.max_buy_order_price',
    'buyOrders.median_buy_price_90d',
  ],
  priceRecommendations: ['suggested_price', 'price_difference', 'price_change_percentage'],
};

/**
 * Item `item` (a plain object with every field, as REST sends it) served dirty: a modified copy, or a
 * RawJson for an element that is not an object at all. The writers pass RawJson through unchecked.
 */
export function dirtyItem(op: DirtyOperation, item: unknown, choice: { kind: DirtyKind; variant: number }): unknown {
  const { kind, variant } = choice;
  if (kind === 'drop') {
    if (variant === 2) return new RawJson('"unreadable row"');
    const o = copy(item) as Obj;
    o.market_hash_name = variant === 0 ? null : new RawJson('404');
    return o;
  }
  const o = copy(item) as Obj;
  if (op === 'minPrices' || op === 'maxOrders') {
    dirtyEntries(o, op === 'minPrices' ? 'prices' : 'orders', kind);
    return o;
  }
  if (kind === 'null') {
    for (const f of NULL_FIELDS[op]) set(o, f, null);
    return o;
  }
  if (kind === 'unknown') {
    // Only recommendations have an enum to extend (analytics never get this kind).
    const reasons = o.unstable_reasons;
    o.unstable_reasons = [...(Array.isArray(reasons) ? reasons : []), UNKNOWN_REASON];
    return o;
  }
  // invalid
  if (op === 'priceRecommendations') {
    o.total_sales = new RawJson('"many"');
    o.liquidity_score = withFraction(o.liquidity_score);
  } else {
    set(o, 'listings.max_sell_order_price', withFraction(get(o, 'listings.max_sell_order_price')));
    set(o, 'buyOrders.min_buy_order_price', priceText(get(o, 'buyOrders.min_buy_order_price')));
    if (op === 'steamAnalytics') set(o, 'sales.avg_daily_volume', new RawJson('"n/a"'));
  }
  return o;
}
