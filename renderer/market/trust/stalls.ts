/**
 * Markets that stall, judged per game and side from the last polls' change counts (quote-age.ts PollStat).
 * Frozen: no quote changed over the last w polls while the other markets' changes make "none at all" far
 * from chance (at least STALL_EXPECTED_CHANGES expected: for independent changes a chance of at most e^-5,
 * under 1 %). Count fell: the market quotes far fewer items than it did while the others held. A marked
 * market stays so until its own quotes change or its count is back.
 * The rules: README.md, "Stalled markets (stalls.ts)".
 */
import type { MarketStall } from './types';
import type { PollStat } from './quote-age';

export const STALL_MAX_POLLS = 5;
const STALL_EXPECTED_CHANGES = 5;
const COUNT_FELL_SHARE = 0.5;
const COUNT_FELL_MIN = 10;
const COUNT_HELD_SHARE = 0.8;

function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 === 1 ? (s[h] as number) : ((s[h - 1] as number) + (s[h] as number)) / 2;
}

/** Sums of one market's counts over the newest `w` stats (markets matched by slug). */
function sums(stats: readonly PollStat[], slug: string, w: number): { comparable: number; changed: number } {
  let comparable = 0;
  let changed = 0;
  for (let j = stats.length - 1; j >= 0 && j >= stats.length - w; j--) {
    const s = stats[j] as PollStat;
    const k = s.markets.indexOf(slug);
    if (k < 0) continue;
    comparable += s.comparable[k] as number;
    changed += s.changed[k] as number;
  }
  return { comparable, changed };
}

/** The median, over the markets other than `slug` that compared any quote, of their share of changed quotes over the newest `w` stats. */
function othersShareOver(stats: readonly PollStat[], markets: readonly string[], slug: string, w: number): number {
  const shares: number[] = [];
  for (const other of markets) {
    if (other === slug) continue;
    const o = sums(stats, other, w);
    if (o.comparable > 0) shares.push(o.changed / o.comparable);
  }
  return median(shares);
}

/**
 * The markets of the newest stat that look stalled. `stats` oldest first (only the last STALL_MAX_POLLS
 * are read); `previous` the stalls found at the poll before, whose `since` is kept while the reason holds.
 */
export function findStalls(
  stats: readonly PollStat[],
  side: 'ask' | 'bid',
  previous: readonly MarketStall[],
): MarketStall[] {
  const now = stats[stats.length - 1];
  if (!now) return [];
  const recent = stats.slice(-STALL_MAX_POLLS);
  const out: MarketStall[] = [];
  const most = (slug: string): number => {
    let best = 0;
    for (const s of recent) {
      const k = s.markets.indexOf(slug);
      if (k >= 0) best = Math.max(best, s.quoted[k] as number);
    }
    return best;
  };
  const countNow = now.markets.map((_, k) => now.quoted[k] as number);
  const countMost = now.markets.map(most);
  const since = (slug: string, reason: MarketStall['reason']): number =>
    previous.find((p) => p.market === slug && p.side === side && p.reason === reason)?.since ?? now.at;

  now.markets.forEach((slug, k) => {
    // Frozen: the fewest polls (1..5) over which the others' rate expects enough changes.
    for (let w = 1; w <= recent.length; w++) {
      const own = sums(recent, slug, w);
      if (own.changed > 0) break;
      const othersShare = othersShareOver(recent, now.markets, slug, w);
      if (!(othersShare > 0) || own.comparable === 0) continue;
      if (othersShare * own.comparable >= STALL_EXPECTED_CHANGES) {
        out.push({
          market: slug,
          side,
          reason: 'frozen',
          since: since(slug, 'frozen'),
          polls: w,
          changedShare: 0,
          othersShare,
          itemCount: countNow[k] as number,
          itemCountBefore: countMost[k] as number,
        });
        return;
      }
    }
    // Once marked, a market stays so until its own quotes move (or its count comes back): polls at which
    // nothing moves anywhere (between a service's repricings) say nothing either way.
    const kept = previous.find((p) => p.market === slug && p.side === side);
    const newest = sums(recent, slug, 1);
    if (kept?.reason === 'frozen' && newest.changed === 0) {
      out.push({ ...kept, itemCount: countNow[k] as number });
      return;
    }
    // Count fell, while the others' held.
    const c = countNow[k] as number;
    if (kept?.reason === 'count-fell' && c < COUNT_FELL_SHARE * kept.itemCountBefore) {
      out.push({ ...kept, itemCount: c });
      return;
    }
    const top = countMost[k] as number;
    if (top - c >= COUNT_FELL_MIN && c < COUNT_FELL_SHARE * top) {
      const held = median(
        now.markets.flatMap((o, j) =>
          o !== slug && (countMost[j] as number) > 0 ? [(countNow[j] as number) / (countMost[j] as number)] : [],
        ),
      );
      if (held >= COUNT_HELD_SHARE) {
        const own = sums(recent, slug, recent.length);
        out.push({
          market: slug,
          side,
          reason: 'count-fell',
          since: since(slug, 'count-fell'),
          polls: recent.length,
          changedShare: own.comparable > 0 ? own.changed / own.comparable : 0,
          othersShare: othersShareOver(recent, now.markets, slug, recent.length) || 0,
          itemCount: c,
          itemCountBefore: top,
        });
      }
    }
  });
  return out;
}
