/**
 * One held item's unit sell-now and list-at-lowest values at the end of each of its own slots, straight
 * from its chunks of the asks' and bids' stream: the numbers sample() (sampling.ts) then unitValues()
 * (testing/portfolio-reference.ts) give, without sampling every series at every slot first. Chunks decode into
 * reused buffers, only the asked markets' points are kept, and a slot whose prices did not change since
 * the last one copies its values. Pure, so it is unit-tested against that path.
 */
import { decodeInto, isLegacy, PointBuffer, type Chunk } from './chunk-codec';
import { isDerived } from './tiers';
import { netBid } from '../model/price-arithmetic';

/** A market asked for, with the seller fee its prices are taken net of. */
export interface PortfolioMarket {
  slug: string;
  /** Seller fee code (price-arithmetic.ts FeeCode); 0 when net is off. */
  sellCode: number;
  /** False: net is on and this market's seller fee is unknown (its prices are left out). */
  known: boolean;
}

/** An item's values per own slot (NaN: none then); no slots without history in the range. */
export interface ItemValues {
  times: Float64Array;
  sell: Float64Array;
  list: Float64Array;
  /** First recorded point (ms), null without any. */
  first: number | null;
  /** Change points read (all series). */
  points: number;
}

const ASK = 1;
const BID = 2;

/** The game's series read for a request: per series index, its side (0: not used) and seller fee code. */
export interface MarketPlan {
  side: Uint8Array;
  code: Float64Array;
  /** Scratch for the reads: per series index its current value, and whether it was seen. */
  cur: Float64Array;
  seen: Uint8Array;
  buf: PointBuffer;
}

/** The plan of a request's markets over a game's series list; the markets whose fee is unknown are left out. */
export function marketPlan(
  series: readonly string[],
  asks: readonly PortfolioMarket[],
  bids: readonly PortfolioMarket[],
): MarketPlan {
  const n = series.length;
  const side = new Uint8Array(n);
  const code = new Float64Array(n);
  // Maps as unitValues builds them: a market named twice takes its last entry.
  const askOf = new Map(asks.map((m) => [`a:${m.slug}`, m]));
  const bidOf = new Map(bids.map((m) => [`b:${m.slug}`, m]));
  series.forEach((key, g) => {
    if (isDerived(key)) return;
    const a = askOf.get(key);
    const b = bidOf.get(key);
    if (a?.known) {
      side[g] = ASK;
      code[g] = a.sellCode;
    } else if (b?.known) {
      side[g] = BID;
      code[g] = b.sellCode;
    }
  });
  return { side, code, cur: new Float64Array(n), seen: new Uint8Array(n), buf: new PointBuffer() };
}

/** A chunk's first point time (ms), null when it has none. */
function firstAt(c: Chunk): number | null {
  if (isLegacy(c)) return c.t.length > 0 ? c.st + (c.t[0] as number) * 1000 : null;
  if (c.c === 0) return null;
  // The first varint: seconds from `st` to the first group.
  let x = 0;
  let mul = 1;
  for (let i = 0; i < c.d.length && i < 8; i++) {
    const b = c.d[i] as number;
    x += (b & 127) * mul;
    if (b < 128) return c.st + x * 1000;
    mul *= 128;
  }
  return null;
}

/**
 * The item's values over its own slots: [max(from, its first point), to] in `slots` steps, each the
 * prices as of its end (the points at or before it), as sample() reads them. `chunks` as
 * HistoryStore.chunksOf gives them (back to the baseline before `from`, in time order).
 */
export function itemValues(
  chunks: readonly Chunk[],
  plan: MarketPlan,
  from: number,
  to: number,
  slots: number,
): ItemValues {
  let first: number | null = null;
  let points = 0;
  for (const c of chunks) {
    const t0 = firstAt(c);
    if (t0 !== null && (first === null || t0 < first)) first = t0;
    points += isLegacy(c) ? c.t.length : c.c;
  }
  if (first === null) {
    // Still decoded, so a damaged chunk fails this read as it fails sample().
    for (const c of chunks) decodeInto(c, plan.buf);
    return { times: new Float64Array(0), sell: new Float64Array(0), list: new Float64Array(0), first, points };
  }
  const start = Math.max(from, Math.min(first, to));
  const count = Math.max(1, slots);
  const step = (to - start) / count;
  const times = new Float64Array(count);
  for (let j = 0; j < count; j++) times[j] = j === count - 1 ? to : start + step * (j + 1);
  const sell = new Float64Array(count);
  const list = new Float64Array(count);
  const { side, code, cur, seen, buf } = plan;
  cur.fill(NaN);
  seen.fill(0);
  // The markets in the order their series first appear: ties for the lowest ask go to the earlier one, as in unitValues.
  const order: number[] = [];
  let slot = 0;
  let changed = true;
  const settle = (until: number) => {
    while (slot < count && (times[slot] as number) < until) {
      if (!changed && slot > 0) {
        sell[slot] = sell[slot - 1] as number;
        list[slot] = list[slot - 1] as number;
        slot++;
        continue;
      }
      let top = NaN;
      let low = NaN;
      let lowCode = 0;
      for (const g of order) {
        const x = cur[g] as number;
        if (Number.isNaN(x)) continue;
        if (side[g] === BID) {
          const c = code[g] as number;
          const net = c === 0 ? x : netBid(x, c);
          if (Number.isNaN(top) || net > top) top = net;
        } else if (Number.isNaN(low) || x < low) {
          low = x;
          lowCode = code[g] as number;
        }
      }
      sell[slot] = top;
      list[slot] = !Number.isNaN(low) && lowCode !== 0 ? netBid(low, lowCode) : low;
      changed = false;
      slot++;
    }
  };
  const kinds = side.length;
  for (const c of chunks) {
    const n = decodeInto(c, buf);
    const { t, s, v } = buf;
    for (let p = 0; p < n; p++) {
      const at = t[p] as number;
      if (at > to) break;
      if (slot < count && (times[slot] as number) < at) settle(at);
      const g = s[p] as number;
      if (g >= kinds || side[g] === 0) continue;
      if (seen[g] === 0) {
        seen[g] = 1;
        order.push(g);
      }
      cur[g] = v[p] as number;
      changed = true;
    }
  }
  settle(Infinity);
  return { times, sell, list, first, points };
}
