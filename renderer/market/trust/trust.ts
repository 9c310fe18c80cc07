/**
 * One game's trust at one poll (TrustData): observes the poll (quote-age.ts), finds the stalled markets
 * (stalls.ts) and the outliers (outliers.ts), and lays it all out in the snapshot's cells. Plain functions
 * over plain state, so the worker, the tests and the benchmark drive the same code.
 */
import type { SnapshotData } from '../model/snapshot';
import { emptyAgeState, observePoll, type AgeState, type PollStat } from './quote-age';
import { findStalls, STALL_MAX_POLLS } from './stalls';
import { flagOutliers } from './outliers';
import { TRUST_FLAG, type MarketStall, type TrustData } from './types';

export type TrustSnapshot = Pick<
  SnapshotData,
  'game' | 'n' | 'names' | 'askMarkets' | 'bidMarkets' | 'ask' | 'listed' | 'bid' | 'bidListed'
>;

/** What is kept of a game between polls (and, the age state, between runs: trust-store.ts). */
export interface GameTrust {
  ages: AgeState;
  askStats: PollStat[];
  bidStats: PollStat[];
  stalls: MarketStall[];
}

export function emptyGameTrust(game: number): GameTrust {
  return { ages: emptyAgeState(game), askStats: [], bidStats: [], stalls: [] };
}

function push(stats: PollStat[], s: PollStat): void {
  stats.push(s);
  if (stats.length > STALL_MAX_POLLS) stats.splice(0, stats.length - STALL_MAX_POLLS);
}

/** Flags every cell of the stalled markets; returns per market 1 = its quotes count for the outlier median. */
function markStalled(
  markets: readonly string[],
  stalled: ReadonlySet<string>,
  n: number,
  flags: Uint8Array,
): Uint8Array {
  const m = markets.length;
  const used = new Uint8Array(m).fill(1);
  markets.forEach((slug, k) => {
    if (!stalled.has(slug)) return;
    used[k] = 0;
    for (let i = 0; i < n; i++) flags[i * m + k] = (flags[i * m + k] as number) | TRUST_FLAG.stalledMarket;
  });
  return used;
}

/**
 * Observes `snap` (polled at `at`) into `g` and returns its TrustData. A snapshot without bid markets (a
 * poll that asked for asks only) gets empty bid arrays; the bids' stalls found at the last poll with bids stand.
 */
export function trustOfPoll(g: GameTrust, snap: TrustSnapshot, at: number): TrustData {
  const ages = observePoll(g.ages, snap, at);
  push(g.askStats, ages.askStat);
  // A stalled market this poll did not ask for (another page's few markets) stays as it was.
  const notAsked = (side: 'ask' | 'bid', markets: readonly string[]) =>
    g.stalls.filter((s) => s.side === side && !markets.includes(s.market));
  const askStalls = [...findStalls(g.askStats, 'ask', g.stalls), ...notAsked('ask', snap.askMarkets)];
  let bidStalls = g.stalls.filter((s) => s.side === 'bid');
  if (ages.bidStat) {
    push(g.bidStats, ages.bidStat);
    bidStalls = [...findStalls(g.bidStats, 'bid', g.stalls), ...notAsked('bid', snap.bidMarkets)];
  }
  g.stalls = [...askStalls, ...bidStalls];
  const n = snap.n;
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const askFlags = new Uint8Array(n * m);
  const bidFlags = new Uint8Array(n * b);
  const askUsed = markStalled(snap.askMarkets, new Set(askStalls.map((s) => s.market)), n, askFlags);
  const bidUsed = markStalled(snap.bidMarkets, new Set(bidStalls.map((s) => s.market)), n, bidFlags);
  flagOutliers(snap.ask, snap.listed, n, m, askUsed, askFlags);
  if (b > 0) flagOutliers(snap.bid, snap.bidListed, n, b, bidUsed, bidFlags);
  return {
    game: snap.game,
    at,
    polls: g.ages.ask.polls,
    askChangedAt: ages.askChangedAt,
    askFirstSeenAt: ages.askFirstSeenAt,
    askLastQuotedAt: ages.askLastQuotedAt,
    bidChangedAt: ages.bidChangedAt,
    askFlags,
    bidFlags,
    stalls: g.stalls.filter((s) => (s.side === 'ask' ? snap.askMarkets : snap.bidMarkets).includes(s.market)),
  };
}

/** The typed arrays to transfer with a TrustData. */
export function trustTransferables(t: TrustData): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const a of [t.askChangedAt, t.askFirstSeenAt, t.askLastQuotedAt, t.bidChangedAt, t.askFlags, t.bidFlags]) {
    if (a.buffer instanceof ArrayBuffer) out.push(a.buffer);
  }
  return out;
}

const STALL_REASONS: ReadonlySet<unknown> = new Set(['frozen', 'count-fell']);

export function isStall(v: unknown): v is MarketStall {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.market === 'string' &&
    (s.side === 'ask' || s.side === 'bid') &&
    STALL_REASONS.has(s.reason) &&
    ['since', 'polls', 'changedShare', 'othersShare', 'itemCount', 'itemCountBefore'].every(
      (k) => typeof s[k] === 'number',
    )
  );
}

/** Structural check of a TrustData that crossed the worker boundary, against its snapshot's layout (n items, m ask and b bid markets). */
export function isTrustData(v: unknown, n: number, m: number, b: number): v is TrustData {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  if (typeof t.game !== 'number' || typeof t.at !== 'number' || typeof t.polls !== 'number') return false;
  const checks: Array<[unknown, new (...a: never[]) => unknown, number]> = [
    [t.askChangedAt, Float64Array, n * m],
    [t.askFirstSeenAt, Float64Array, n * m],
    [t.askLastQuotedAt, Float64Array, n * m],
    [t.bidChangedAt, Float64Array, n * b],
    [t.askFlags, Uint8Array, n * m],
    [t.bidFlags, Uint8Array, n * b],
  ];
  for (const [arr, Ctor, len] of checks)
    if (!(arr instanceof Ctor) || (arr as ArrayLike<number>).length !== len) return false;
  if (t.storeProblem !== undefined && typeof t.storeProblem !== 'string') return false;
  return Array.isArray(t.stalls) && t.stalls.every(isStall);
}

/** The snapshot's trust when it fits the snapshot's layout (a carried or stale one does not), else undefined. */
export function trustOf(snap: Pick<SnapshotData, 'n' | 'askMarkets' | 'bidMarkets' | 'trust'>): TrustData | undefined {
  return fitsLayout(snap.trust, snap.n, snap.askMarkets.length, snap.bidMarkets.length) ? snap.trust : undefined;
}

/** Whether a trust's cells are laid out for n items, m ask and b bid markets. */
export function fitsLayout(t: TrustData | undefined, n: number, m: number, b: number): t is TrustData {
  return t !== undefined && t.askFlags.length === n * m && t.bidFlags.length === n * b;
}

/**
 * The trust of a poll that asked for asks only (`asksOnly`), given the bids of `last` carried into it
 * (engine/carry-bids.ts): its own ask side, and the bid side of `last`'s trust moved to the new rows
 * (`newRow[j]` = the new row of last's row j, -1 none). undefined when either has no trust that fits.
 */
export function carryBidTrust(
  asksOnly: TrustData | undefined,
  lastTrust: TrustData | undefined,
  newRow: Int32Array,
  n: number,
  b: number,
): TrustData | undefined {
  if (!asksOnly || !lastTrust || lastTrust.bidFlags.length !== newRow.length * b) return asksOnly;
  const bidChangedAt = new Float64Array(n * b).fill(NaN);
  const bidFlags = new Uint8Array(n * b);
  for (let j = 0; j < newRow.length; j++) {
    const i = newRow[j] as number;
    if (i < 0) continue;
    bidChangedAt.set(lastTrust.bidChangedAt.subarray(j * b, j * b + b), i * b);
    bidFlags.set(lastTrust.bidFlags.subarray(j * b, j * b + b), i * b);
  }
  const bidStalls = lastTrust.stalls.filter((s) => s.side === 'bid');
  return {
    ...asksOnly,
    bidChangedAt,
    bidFlags,
    stalls: [...asksOnly.stalls.filter((s) => s.side === 'ask'), ...bidStalls],
  };
}
