/**
 * The request planner: how often each feed (a game's asks, or bids) may be polled so the app keeps within the
 * service's known request limits, and one sentence saying why when that is less often than the user asked.
 * Pure: the caller gives the time, the limits, the usage so far and the demand. The order in which it gives
 * things up (bids first, then stretching, then skipping feeds no page shows): README.md here. A month is 30 days.
 */
import { TOKEN_LIFETIME_SECONDS } from '../api/schema';
import type { StatedLimit } from './limit-headers';

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
const MONTH_MS = 30 * DAY_MS;
/** Share of each limit left unplanned, for manual refreshes, discovery probes and clock drift. */
const HEADROOM = 0.1;
/** One token request per token lifetime (2 hours: spec section 8) while the app polls. */
export const TOKENS_PER_DAY = Math.ceil(DAY_MS / (TOKEN_LIFETIME_SECONDS * 1000));
/** How far all feeds are stretched before the ones no page shows are dropped (the longest refresh choice). */
const STRETCH_BEFORE_SKIP_MS = 15 * MINUTE_MS;
/** Bids may go this many times slower than asks by default. */
const DEFAULT_MAX_BIDS_FACTOR = 4;

/**
 * One request per poll: a game's asks (min prices), its bids (max orders), or both in one request
 * ('asks+bids': today's CS2 GraphQL grid query, one request with or without bids), or a whole-game list a
 * page shows ('list': the recommendations), polled with the asks.
 */
type FeedKind = 'asks' | 'bids' | 'asks+bids' | 'list';

export interface Feed {
  readonly game: number;
  readonly kind: FeedKind;
  /** 'view': a page on screen shows it; 'background': only alerts, the portfolio or the history need it. */
  readonly need: 'view' | 'background';
}

export interface PlanLimits {
  /** The plan's requests per minute, as the user entered it (null: unknown). */
  readonly perMinute: number | null;
  /** The plan's requests per month (30 days), as the user entered it (null: unknown). */
  readonly perMonth: number | null;
  /** What the service's headers said (limit-headers.ts). */
  readonly stated: readonly StatedLimit[];
}

interface PlanUsage {
  /** Requests sent to the service in the last 30 days (back-end count). */
  readonly last30Days: number;
}

export interface PlanInput {
  readonly nowMs: number;
  /** The user's refresh interval; null: manual only (nothing is polled). */
  readonly intervalMs: number | null;
  readonly feeds: readonly Feed[];
  readonly limits: PlanLimits;
  readonly usage: PlanUsage;
  /** How many times slower than asks bids may go (1: never slower). Default DEFAULT_MAX_BIDS_FACTOR. */
  readonly maxBidsFactor?: number;
}

export interface FeedPlan extends Feed {
  /** ms between polls; null: not polled (manual only, skipped, or the limit is spent). */
  readonly intervalMs: number | null;
}

export interface Plan {
  readonly feeds: readonly FeedPlan[];
  /** The slowest interval of a polled asks feed (what the status bar shows), or null when none is polled. */
  readonly asksIntervalMs: number | null;
  /** Bids are asked for with every Nth poll of the asks (1: every poll); a bids feed's interval is N times its asks'. */
  readonly bidsEvery: number;
  /** True when any feed is polled less often than the user asked, or skipped. */
  readonly stretched: boolean;
  /** Which limit decided, in words ("your plan's 10,000 requests a month"); null when none binds. */
  readonly limitedBy: string | null;
  /** For the status bar: why the app refreshes less often than asked; null when it does as asked. */
  readonly sentence: string | null;
  /** Requests a month at the planned intervals, token renewals included. */
  readonly monthlyForecast: number;
}

interface Allowance {
  /** Requests per ms available for polling. */
  readonly rate: number;
  readonly words: string;
}

/** The requests a month the given feeds cost at these intervals (null interval: not polled). */
export function monthlyRequests(feeds: readonly Pick<FeedPlan, 'intervalMs'>[]): number {
  let polls = 0;
  for (const f of feeds) if (f.intervalMs !== null && f.intervalMs > 0) polls += MONTH_MS / f.intervalMs;
  return polls === 0 ? 0 : Math.ceil(polls + TOKENS_PER_DAY * 30);
}

/** The plan for the feeds: see the top of this file. */
export function planRequests(input: PlanInput): Plan {
  const maxBidsFactor = Math.max(1, Math.floor(input.maxBidsFactor ?? DEFAULT_MAX_BIDS_FACTOR));
  const base = input.intervalMs;
  if (base === null || base <= 0 || input.feeds.length === 0) {
    return finish(
      input.feeds.map((f) => ({ ...f, intervalMs: null })),
      false,
      null,
      null,
      1,
    );
  }
  const allowance = tightestAllowance(input);
  const asIs = input.feeds.map((f) => ({ ...f, intervalMs: base }));
  if (!allowance || costRate(input.feeds, base, 1) <= allowance.rate) return finish(asIs, false, null, null, 1);
  if (allowance.rate <= 0) {
    const paused = input.feeds.map((f) => ({ ...f, intervalMs: null }));
    return finish(
      paused,
      true,
      allowance.words,
      `Not refreshing: ${allowance.words} are spent. Refresh by hand, or raise the limit in Settings.`,
      1,
    );
  }

  let feeds = input.feeds;
  let { asks, factor } = fit(feeds, base, maxBidsFactor, allowance.rate);
  let skipped: Feed[] = [];
  if (
    asks > STRETCH_BEFORE_SKIP_MS &&
    feeds.some((f) => f.need === 'background') &&
    feeds.some((f) => f.need === 'view')
  ) {
    skipped = feeds.filter((f) => f.need === 'background');
    feeds = feeds.filter((f) => f.need === 'view');
    ({ asks, factor } = fit(feeds, base, maxBidsFactor, allowance.rate));
  }
  const planned: FeedPlan[] = input.feeds.map((f) => {
    if (!feeds.includes(f)) return { ...f, intervalMs: null };
    return { ...f, intervalMs: f.kind === 'bids' ? asks * factor : asks };
  });
  const slowBids = factor > 1 && feeds.some((f) => f.kind === 'bids');
  const parts = [`Refreshing every ${formatInterval(asks)}`];
  if (slowBids) parts.push(`, bids every ${factor} polls`);
  parts.push(` (not every ${formatInterval(base)}) to stay within ${allowance.words}`);
  const skippedGames = new Set(skipped.map((f) => f.game)).size;
  if (skippedGames > 0)
    parts.push(
      `; ${skippedGames} game${skippedGames === 1 ? '' : 's'} no open page shows ${skippedGames === 1 ? 'is' : 'are'} not refreshed`,
    );
  return finish(planned, true, allowance.words, `${parts.join('')}.`, slowBids ? factor : 1);
}

/**
 * Asks interval and bids factor (a whole number of asks polls) that fit `rate`: bids slowed first, then
 * everything stretched.
 */
function fit(feeds: readonly Feed[], base: number, maxFactor: number, rate: number): { asks: number; factor: number } {
  const fast = feeds.filter((f) => f.kind !== 'bids').length;
  const bids = feeds.length - fast;
  if (costRate(feeds, base, 1) <= rate) return { asks: base, factor: 1 };
  // Asks at the user's interval, bids as much slower as needed (at most maxFactor).
  if (bids > 0 && maxFactor > 1 && fast / base < rate) {
    const factor = Math.ceil(bids / (base * (rate - fast / base)) - 1e-9);
    if (factor <= maxFactor) return { asks: base, factor };
  }
  const factor = bids > 0 ? maxFactor : 1;
  return { asks: roundUpToSecond(Math.max(base, (fast + bids / factor) / rate)), factor };
}

/** Requests per ms the feeds cost with asks every `asks` ms and bids `factor` times slower. */
function costRate(feeds: readonly Feed[], asks: number, factor: number): number {
  let rate = 0;
  for (const f of feeds) rate += f.kind === 'bids' ? 1 / (asks * factor) : 1 / asks;
  return rate;
}

/** The smallest polling rate any known limit allows, less headroom and token renewals; null when none is known. */
function tightestAllowance(input: PlanInput): Allowance | null {
  const { limits, usage, nowMs } = input;
  const tokenRate = TOKENS_PER_DAY / DAY_MS;
  const found: Allowance[] = [];
  const add = (rate: number, words: string) => found.push({ rate: Math.max(0, rate - tokenRate), words });
  if (limits.perMonth !== null && limits.perMonth > 0) {
    const m = limits.perMonth;
    // The month's pace, and never more in the next day than what the last 30 days have left.
    add(
      Math.min((m * (1 - HEADROOM)) / MONTH_MS, Math.max(0, m * (1 - HEADROOM) - usage.last30Days) / DAY_MS),
      `your plan\u2019s ${formatCount(m)} requests a month`,
    );
  }
  if (limits.perMinute !== null && limits.perMinute > 0) {
    add(
      (limits.perMinute * (1 - HEADROOM)) / MINUTE_MS,
      `your plan\u2019s ${formatCount(limits.perMinute)} requests a minute`,
    );
  }
  for (const s of limits.stated) {
    const words = `the service\u2019s limit of ${formatCount(s.quota)} requests${s.windowSeconds ? ` per ${formatInterval(s.windowSeconds * 1000)}` : ''}`;
    if (s.windowSeconds !== null) add((s.quota * (1 - HEADROOM)) / (s.windowSeconds * 1000), words);
    // What is left of a long window (a day or more; a short one is waited out at a 429) until it resets.
    if (s.remaining !== null && s.resetAt !== null && s.resetAt - nowMs >= DAY_MS)
      add(s.remaining / (s.resetAt - nowMs), words);
  }
  if (found.length === 0) return null;
  return found.reduce((a, b) => (b.rate < a.rate ? b : a));
}

function finish(
  feeds: FeedPlan[],
  stretched: boolean,
  limitedBy: string | null,
  sentence: string | null,
  bidsEvery: number,
): Plan {
  const asks = feeds.filter((f) => f.kind !== 'bids' && f.intervalMs !== null).map((f) => f.intervalMs!);
  return {
    feeds,
    asksIntervalMs: asks.length > 0 ? Math.max(...asks) : null,
    bidsEvery,
    stretched,
    limitedBy,
    sentence,
    monthlyForecast: monthlyRequests(feeds),
  };
}

function roundUpToSecond(ms: number): number {
  return Math.ceil(ms / 1000) * 1000;
}

/** "15 s", "6 min", "2.5 h": an interval as the status bar says it. */
export function formatInterval(ms: number): string {
  const s = ms / 1000;
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 360) / 10} h`;
}

/** 10000 -> "10,000" (the same in every locale, so tests and sentences agree). */
export function formatCount(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The shortest of `choices` (ms; the refresh intervals Settings offers) that the known limits allow as it
 * is, with what it would spend a month; null when even the longest needs stretching.
 */
export function shortestFitting(
  choices: readonly number[],
  input: Omit<PlanInput, 'intervalMs'>,
): { intervalMs: number; monthlyForecast: number } | null {
  for (const intervalMs of [...choices].filter((c) => c > 0).sort((a, b) => a - b)) {
    const plan = planRequests({ ...input, intervalMs, maxBidsFactor: 1 });
    if (!plan.stretched) return { intervalMs, monthlyForecast: plan.monthlyForecast };
  }
  return null;
}
