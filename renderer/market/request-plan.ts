/**
 * The request limits in the renderer: the plan's limits the user entered, the back end's request counts
 * (polled while anything shows or uses them), the games polled today (the Prices page's game and the games
 * of enabled alerts, through useRequestDemand), and the plan (shared/budget/planner) that stretches the
 * interval of every whole-catalog load when a limit is known. A CS2 poll is one GraphQL request; a REST
 * game's is two, and when the limit is tight its bids come every Nth poll (bidsEveryFor). Figures:
 * docs/request-limits.md.
 */
import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import type { RequestUsage } from '../../shared/budget/usage';
import {
  monthlyRequests,
  planRequests,
  shortestFitting,
  type Feed,
  type Plan,
  type PlanLimits,
} from '../../shared/budget/planner';
import { APP_PREFERENCES, definePreference, REFRESH_INTERVALS, usePref } from '../lib/preferences';
import { useConnection } from '../platform/connection';
import { describeError, type PlatformApi } from '../platform';
import { usesGraphql } from './api/load';

const Limit = z.number().int().positive().max(1_000_000_000).nullable();

/** The plan's limits as the user entered them (null: unknown, the default). */
export const REQUEST_LIMIT_PREFS = {
  perMinute: definePreference<number | null>('limits.perMinute', Limit, null),
  perMonth: definePreference<number | null>('limits.perMonth', Limit, null),
} as const;

/** How often the counts are read while shown or used (a call to the host, not to the service). */
const USAGE_POLL_MS = 10_000;

// ---- Demand ------------------------------------------------------------------------------------

const demand = new Map<string, readonly number[]>();
const demandListeners = new Set<() => void>();
let demandVersion = 0;

/** While mounted: `source` (e.g. 'alerts') needs these games polled in the background. */
export function useRequestDemand(source: string, games: readonly number[]): void {
  const key = games.join(',');
  useEffect(() => {
    demand.set(source, key ? key.split(',').map(Number) : []);
    demandVersion += 1;
    for (const l of [...demandListeners]) l();
    return () => {
      demand.delete(source);
      demandVersion += 1;
      for (const l of [...demandListeners]) l();
    };
  }, [source, key]);
}

/** Whole-game lists views show (the recommendations), per mounted view: list key ("game|..."). */
const lists = new Map<string, string>();

/** While mounted: a view shows the list `key` ("<game>|..."; null: none), polled on the refresh interval. */
export function useListDemand(key: string | null): void {
  const id = useId();
  useEffect(() => {
    if (key === null) return;
    lists.set(id, key);
    demandVersion += 1;
    for (const l of [...demandListeners]) l();
    return () => {
      lists.delete(id);
      demandVersion += 1;
      for (const l of [...demandListeners]) l();
    };
  }, [id, key]);
}

function useDemand(): { background: readonly number[]; lists: readonly number[] } {
  const version = useSyncExternalStore(
    (l) => {
      demandListeners.add(l);
      return () => demandListeners.delete(l);
    },
    () => demandVersion,
    () => 0,
  );
  return useMemo(() => {
    void version;
    return {
      background: [...new Set([...demand.values()].flat())].sort((a, b) => a - b),
      // One request per distinct list, whichever views show it.
      lists: [...new Set(lists.values())].map((k) => Number(k.split('|')[0])),
    };
  }, [version]);
}

/**
 * The requests one refresh sends today: per game, asks and bids (in one request for CS2); and one per
 * whole-game list a view shows (`listGames`: the recommendations, one entry per list).
 */
export function feedsToday(
  viewGame: number | null,
  backgroundGames: readonly number[],
  listGames: readonly number[] = [],
): Feed[] {
  const feeds: Feed[] = [];
  const add = (game: number, need: Feed['need']) => {
    if (usesGraphql(game)) feeds.push({ game, kind: 'asks+bids', need });
    else feeds.push({ game, kind: 'asks', need }, { game, kind: 'bids', need });
  };
  if (viewGame !== null) add(viewGame, 'view');
  for (const game of backgroundGames) if (game !== viewGame) add(game, 'background');
  for (const game of listGames) feeds.push({ game, kind: 'list', need: 'view' });
  return feeds;
}

// ---- Usage -------------------------------------------------------------------------------------

export interface UsageState {
  readonly usage: RequestUsage | null;
  /** Why the counts could not be read (shown in Settings); null when they were. */
  readonly error: string | null;
}

const EMPTY: UsageState = { usage: null, error: null };

/** One poller per host API, running while anything subscribes. */
class UsagePoller {
  private state: UsageState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly api: PlatformApi) {}

  get = (): UsageState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.timer) {
      void this.read();
      this.timer = setInterval(() => void this.read(), USAGE_POLL_MS);
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  };

  async read(): Promise<void> {
    let next: UsageState;
    try {
      next = { usage: await this.api.getRequestUsage(), error: null };
    } catch (e) {
      next = { usage: this.state.usage, error: describeError(e) };
    }
    this.state = next;
    for (const l of [...this.listeners]) l();
  }
}

const pollers = new WeakMap<PlatformApi, UsagePoller>();

function pollerFor(api: PlatformApi): UsagePoller {
  let poller = pollers.get(api);
  if (!poller) pollers.set(api, (poller = new UsagePoller(api)));
  return poller;
}

/** The back end's request counts for the service in use, kept current while mounted. */
export function useRequestUsage(): UsageState & { reload: () => void } {
  const { api } = useConnection();
  const poller = pollerFor(api);
  const state = useSyncExternalStore(poller.subscribe, poller.get, () => EMPTY);
  return { ...state, reload: () => void poller.read() };
}

// ---- Plan --------------------------------------------------------------------------------------

/**
 * The plan for today's polling: the refresh interval (or `intervalSeconds`, for "what if" in Settings),
 * the Prices page's game and the alerts' games, the limits entered and those the service stated, and the
 * requests of the last 30 days.
 */
export function useRequestPlan(intervalSeconds?: number): Plan {
  return useRequestBudget(intervalSeconds).plan;
}

export interface RequestBudget {
  /** The plan at the interval asked for. */
  readonly plan: Plan;
  /** The feeds one refresh polls today. */
  readonly feeds: readonly Feed[];
  /** Requests a month at the interval asked for, were nothing stretched. */
  readonly asked: number;
  /** The shortest refresh choice the known limits allow as it is, and what it spends; null when none does or no limit is known. */
  readonly advice: { readonly intervalMs: number; readonly monthlyForecast: number } | null;
  /** Whether any limit is known (entered or stated by the service). */
  readonly limitKnown: boolean;
}

/** The plan and the forecasts Settings shows: see RequestBudget. */
export function useRequestBudget(intervalSeconds?: number): RequestBudget {
  const [refresh] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const [game] = usePref(APP_PREFERENCES.game);
  const [perMinute] = usePref(REQUEST_LIMIT_PREFS.perMinute);
  const [perMonth] = usePref(REQUEST_LIMIT_PREFS.perMonth);
  const { background, lists: listGames } = useDemand();
  const { usage } = useRequestUsage();
  const seconds = intervalSeconds ?? refresh;
  const last30Days = usage?.last30Days ?? 0;
  const stated = usage?.stated;
  return useMemo(
    () =>
      requestBudget({
        nowMs: Date.now(),
        seconds,
        feeds: feedsToday(game, background, listGames),
        limits: { perMinute, perMonth, stated: stated ?? [] },
        last30Days,
      }),
    [seconds, game, background, listGames, perMinute, perMonth, stated, last30Days],
  );
}

/** The budget for `feeds` at `seconds` (0: manual only): see RequestBudget. */
export function requestBudget({
  nowMs,
  seconds,
  feeds,
  limits,
  last30Days,
}: {
  nowMs: number;
  seconds: number;
  feeds: readonly Feed[];
  limits: PlanLimits;
  last30Days: number;
}): RequestBudget {
  const at = (s: number) => monthlyRequests(feeds.map(() => ({ intervalMs: s === 0 ? null : s * 1000 })));
  const limitKnown = limits.perMinute !== null || limits.perMonth !== null || limits.stated.length > 0;
  return {
    plan: planRequests({
      nowMs,
      intervalMs: seconds === 0 ? null : seconds * 1000,
      feeds,
      limits,
      usage: { last30Days },
    }),
    feeds,
    asked: at(seconds),
    // Advice is for a refresh choice as it is: asks and bids on every poll.
    advice: limitKnown
      ? shortestFitting(
          REFRESH_INTERVALS.map((s) => s * 1000),
          { nowMs, feeds, limits, usage: { last30Days } },
        )
      : null,
    limitKnown,
  };
}

/** Bids every how many polls of `game` (the engine's seam): the plan's N where the game's bids are a request of their own, else 1. */
export function bidsEveryFor(plan: Plan, game: number): number {
  return plan.feeds.some((f) => f.game === game && f.kind === 'bids' && f.intervalMs !== null) ? plan.bidsEvery : 1;
}

/** The interval a whole-catalog load refreshes on: the user's, stretched by the plan (react-query's shape). */
export function usePlannedRefreshInterval(): number | false {
  const [refresh] = usePref(APP_PREFERENCES.refreshIntervalSeconds);
  const plan = useRequestPlan();
  if (refresh === 0) return false;
  if (!plan.stretched) return refresh * 1000;
  return plan.asksIntervalMs ?? false;
}
