/**
 * The backtest panel's model: the ranges offered within the kept history, the worker's messages as the
 * panel's state, and the result as the chart's days, the summary table and the settings used, in words.
 * Money stays in integer thousandths here; the panel formats it.
 */
import { DAY } from '../../../market/history/chunk-codec';
import type { BacktestResult, BacktestRoute } from '../../../market/scanner/backtest';
import type { BacktestMessage } from '../../../market/scanner/backtest.worker';
import type { ScanRule } from '../../../market/scanner/rules';

const HOUR = 3_600_000;

export interface RangeChoice {
  id: string;
  label: string;
  from: number;
  to: number;
}

/**
 * The ranges offered: the last day, 3 days and 7 days where the history reaches that far back (each clipped
 * to the oldest point kept), and all of it. None before anything is recorded (`oldest` null).
 */
export function rangeChoices(oldest: number | null, now: number): RangeChoice[] {
  if (oldest === null || !(oldest <= now)) return [];
  const out: RangeChoice[] = [];
  for (const [id, label, span] of [
    ['1d', 'Last 24 hours', DAY],
    ['3d', 'Last 3 days', 3 * DAY],
    ['7d', 'Last 7 days', 7 * DAY],
  ] as const) {
    if (now - oldest > span) out.push({ id, label, from: now - span, to: now });
  }
  out.push({ id: 'all', label: `All kept (${spanText(now - oldest)})`, from: oldest, to: now });
  return out;
}

/** "3 h", "2.5 days", "12 min" */
export function spanText(ms: number): string {
  if (ms < HOUR) return `${Math.max(0, Math.round(ms / 60_000))} min`;
  if (ms < 2 * DAY) return `${Math.round(ms / HOUR)} h`;
  return `${(ms / DAY).toFixed(1)} days`;
}

export type RunState =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number; startedAt: number }
  | { kind: 'cancelling'; done: number; total: number; startedAt: number }
  | { kind: 'done'; result: BacktestResult; ms: number }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/** The panel's state after one of the worker's messages (a message after the run ended is ignored). */
export function nextState(s: RunState, m: BacktestMessage, now: number): RunState {
  if (s.kind !== 'running' && s.kind !== 'cancelling') return s;
  switch (m.type) {
    case 'progress':
      return { ...s, done: m.done, total: m.total };
    case 'done':
      return { kind: 'done', result: m.result, ms: now - s.startedAt };
    case 'cancelled':
      return { kind: 'cancelled' };
    case 'error':
      return { kind: 'error', message: m.message };
  }
}

/** "Replaying items: 1,200 of 30,000 (4 %)" */
export function progressText(done: number, total: number): string {
  if (total === 0) return 'Reading the history…';
  return `Replaying items: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (${Math.floor((done / total) * 100)} %)`;
}

/** One day of the chart: the net return of the routes that appeared that day (UTC), taken one and five polls on. */
export interface DayReturn {
  day: string;
  afterOne: number;
  afterFive: number;
  routes: number;
}

/** Every UTC day of the range, with the returns of the routes that appeared on it (0 where none did). */
export function dailyReturns(result: Pick<BacktestResult, 'from' | 'to' | 'routes'>): DayReturn[] {
  const first = Math.floor(result.from / DAY);
  const last = Math.floor(result.to / DAY);
  const days: DayReturn[] = [];
  for (let d = first; d <= last; d++)
    days.push({ day: new Date(d * DAY).toISOString().slice(0, 10), afterOne: 0, afterFive: 0, routes: 0 });
  for (const r of result.routes) {
    const day = days[Math.floor(r.start / DAY) - first];
    if (!day) continue;
    day.routes++;
    if (Number.isFinite(r.profitAfter1)) day.afterOne += r.profitAfter1;
    if (Number.isFinite(r.profitAfter5)) day.afterFive += r.profitAfter5;
  }
  return days;
}

/** How long the routes lasted: count, median and longest in polls and minutes (NaN: no route). */
export interface Durations {
  routes: number;
  medianPolls: number;
  maxPolls: number;
  medianMinutes: number;
  maxMinutes: number;
  /** Routes found once only (gone at the next poll). */
  onePoll: number;
}

function median(xs: number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

export function durations(routes: readonly BacktestRoute[]): Durations {
  const polls = routes.map((r) => r.polls);
  const minutes = routes.map((r) => r.minutes);
  return {
    routes: routes.length,
    medianPolls: median(polls),
    maxPolls: polls.length ? Math.max(...polls) : NaN,
    medianMinutes: median(minutes),
    maxMinutes: minutes.length ? Math.max(...minutes) : NaN,
    onePoll: routes.filter((r) => r.polls === 1).length,
  };
}

/** The rule's settings a result was made with, in words (shown with the result). */
export function settingsUsed(rule: ScanRule, nameOf: (slug: string) => string, money: (v: number) => string): string[] {
  const l = rule.limits;
  const markets = (list: readonly string[] | null, ex: readonly string[]): string =>
    `${list ? list.map(nameOf).join(', ') : 'any market'}${ex.length ? ` except ${ex.map(nameOf).join(', ')}` : ''}`;
  const out = [
    `Rule: ${rule.name}`,
    `Buy: ${rule.buy === 'ask' ? 'the lowest ask' : 'a buy order at the best bid + one tick'} on ${markets(rule.buyMarkets, rule.buyExclude)}`,
    `Sell: ${rule.sell === 'bid' ? 'into the best buy order' : 'a listing at the lowest ask − one tick'} on ${markets(rule.sellMarkets, rule.sellExclude)}${rule.sameMarket ? ' (the same market allowed)' : ''}`,
    `Minimum net profit ${money(l.minProfit)}, minimum net ROI ${(l.minRoi * 100).toFixed(1)} %`,
    `Buy price ${l.priceMin === null ? 'from any' : `from ${money(l.priceMin)}`} ${l.priceMax === null ? 'up' : `to ${money(l.priceMax)}`}`,
    `Tick ${money(rule.tickThousandths)}; Steam wallet ratio ${rule.walletRatio}`,
    `Fee unknown routes ${rule.includeFeeUnknown ? 'kept (net is an upper bound)' : 'left out'}`,
  ];
  if (l.minBuyDepth > 0 || l.minSellDepth > 0)
    out.push(`Minimum depth: ${l.minBuyDepth} offers to buy, ${l.minSellDepth} orders to sell`);
  if (l.minLiquidityScore > 0) out.push(`Minimum liquidity score ${l.minLiquidityScore}`);
  if (l.minSteamSales30d > 0) out.push(`Minimum Steam sales (30 days) ${l.minSteamSales30d}`);
  out.push(`Trusted quotes only: ${l.trustedOnly ? 'yes' : 'no'}; locked listings: ${l.locked}`);
  return out;
}
