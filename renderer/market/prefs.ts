/**
 * The grid's preferences (localStorage through lib/preferences, zod-checked on every read).
 * Display decimals, currency symbol, refresh interval and the game are the shell's (APP_PREFERENCES).
 */
import { useCallback, useEffect, useMemo } from 'react';
import { z } from 'zod';
import {
  LEGACY_DEFAULT_MIN_PRICE_MARKETS,
  LEGACY_NAMES,
  MARKETS,
  MAX_ORDER_MARKETS,
  marketInfo,
} from '../../shared/catalog/markets';
import { definePreference, readPreference, usePref } from '../lib/preferences';
import { effectiveFees } from './markets/fees';
import { marketDiscovery, useMarketDiscovery, type DiscoveryView } from './markets/useMarketDiscovery';
import { MAX_FEE_BPS, type FeeTable } from './model/price-arithmetic';

export const SLUG_PATTERN = /^[A-Za-z0-9][\w.:-]{0,63}$/;

const MarketEntrySchema = z.object({
  slug: z.string().regex(SLUG_PATTERN),
  name: z.string().trim().min(1).max(80),
  /** Requested from aggregatedMinPrices (a column of lowest asks). */
  ask: z.boolean(),
  /** Requested from aggregatedMaxOrders (buy orders). */
  bid: z.boolean(),
});
export type MarketEntry = z.infer<typeof MarketEntrySchema>;

export const DEFAULT_MARKET_LIST: readonly MarketEntry[] = MARKETS.map((m) => ({
  slug: m.slug,
  name: m.name,
  ask: true,
  bid: MAX_ORDER_MARKETS.includes(m.slug),
}));

const DEFAULT_FAVOURITES: readonly string[] = [
  'steamcommunity',
  'buff163',
  'youpin',
  'csfloat',
  'skinport',
  'dmarket',
  'csmoney',
  'csgotm',
];

/** A stored name from before the published names were known, renamed (shared/catalog LEGACY_NAMES). */
const renamed = (slug: string): string => LEGACY_NAMES[slug] ?? slug;
/** A list renamed, except where the new name is there already (a user who added an old name on purpose keeps it). */
const renamedList = (v: unknown): unknown => {
  if (!Array.isArray(v)) return v;
  const has = new Set(v);
  return v.map((x) => (typeof x === 'string' && !has.has(renamed(x)) ? renamed(x) : x));
};
/** Stored lists of the old made-up names: the old default becomes today's default, other lists are renamed. */
function renamedMarkets(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  const slugs = v.map((m: unknown) =>
    typeof m === 'object' && m !== null && 'slug' in m ? (m as { slug: unknown }).slug : null,
  );
  if (
    slugs.length === LEGACY_DEFAULT_MIN_PRICE_MARKETS.length &&
    slugs.every((s, i) => s === LEGACY_DEFAULT_MIN_PRICE_MARKETS[i])
  )
    return [...DEFAULT_MARKET_LIST];
  const has = new Set(slugs);
  return v.map((m: unknown) => {
    if (
      typeof m !== 'object' ||
      m === null ||
      !('slug' in m) ||
      typeof m.slug !== 'string' ||
      !(m.slug in LEGACY_NAMES)
    )
      return m;
    const now = renamed(m.slug);
    // The new name is in the list already: this old name was added on purpose (another service's name).
    if (has.has(now)) return m;
    return { ...m, slug: now, name: marketInfo(now)?.name ?? now };
  });
}
const renamedKeys = (v: unknown): unknown =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k in v && renamed(k) in v ? k : renamed(k), x]))
    : v;

const FeeSchema = z.object({
  buyBps: z.number().int().min(0).max(MAX_FEE_BPS),
  sellBps: z.number().int().min(0).max(MAX_FEE_BPS),
});

const SORT_DIRS = ['asc', 'desc'] as const;
const SortSchema = z.object({ col: z.string().max(100), dir: z.enum(SORT_DIRS) });
export type SortState = z.infer<typeof SortSchema>;

const uniqueSlugs = (list: MarketEntry[]) => new Set(list.map((m) => m.slug)).size === list.length;

export const GRID_PREFS = {
  markets: definePreference<MarketEntry[]>(
    'grid.markets',
    z.preprocess(
      renamedMarkets,
      z.array(MarketEntrySchema).max(200).refine(uniqueSlugs, 'duplicate slug'),
    ) as z.ZodType<MarketEntry[]>,
    [...DEFAULT_MARKET_LIST],
  ),
  /** Ask markets shown, in catalog order; null = all of them. */
  chosen: definePreference<string[] | null>(
    'grid.chosenMarkets',
    z.preprocess(renamedList, z.array(z.string().max(64)).max(200).nullable()) as z.ZodType<string[] | null>,
    null,
  ),
  favourites: definePreference<string[]>(
    'grid.favouriteMarkets',
    z.preprocess(renamedList, z.array(z.string().max(64)).max(200)) as z.ZodType<string[]>,
    [...DEFAULT_FAVOURITES],
  ),
  /** The user's own fee figures per market (over the shipped schedule, markets/fees.ts). */
  fees: definePreference<Record<string, z.infer<typeof FeeSchema>>>(
    'grid.fees',
    z.preprocess(renamedKeys, z.record(z.string().max(64), FeeSchema)) as z.ZodType<
      Record<string, z.infer<typeof FeeSchema>>
    >,
    {},
  ),
  net: definePreference<boolean>('grid.netOfFees', z.boolean(), false),
  /** Starred item names per game id. */
  watchlist: definePreference<Record<string, string[]>>(
    'grid.watchlist',
    z.record(z.string().regex(/^\d+$/), z.array(z.string().max(500)).max(50_000)),
    {},
  ),
  sort: definePreference<SortState>('grid.sort', SortSchema, { col: 'name', dir: 'asc' }),
  /** Locked price and offers as a second line in market cells (else only in the tooltip). */
  detailsInCells: definePreference<boolean>('grid.detailsInCells', z.boolean(), true),
} as const;

/** Whether a market trades a game (unknown, user-added slugs: assumed yes). */
export function marketTradesGame(slug: string, game: number): boolean {
  const info = marketInfo(slug);
  return info ? info.games.includes(game) : true;
}

export interface MarketPlan {
  /** Every ask market of the list (for the picker). */
  askList: MarketEntry[];
  /** Ask markets shown and requested for this game, in list order (less the ones this service refused). */
  askMarkets: string[];
  /** Bid markets requested for this game, in list order (likewise). */
  bidMarkets: string[];
  /** Markets of the plan this service refused (market discovery): not requested, listed for the user. */
  refusedAsk: string[];
  refusedBid: string[];
  nameOf(slug: string): string;
}

export interface Refusals {
  ask: ReadonlySet<string>;
  bid: ReadonlySet<string>;
}

const NO_REFUSALS: Refusals = { ask: new Set(), bid: new Set() };

export function planMarkets(
  list: readonly MarketEntry[],
  chosen: readonly string[] | null,
  game: number,
  refused: Refusals = NO_REFUSALS,
): MarketPlan {
  const chosenSet = chosen ? new Set(chosen) : null;
  const askList = list.filter((m) => m.ask);
  const askWanted = askList
    .filter((m) => (!chosenSet || chosenSet.has(m.slug)) && marketTradesGame(m.slug, game))
    .map((m) => m.slug);
  const bidWanted = list.filter((m) => m.bid && marketTradesGame(m.slug, game)).map((m) => m.slug);
  const names = new Map(list.map((m) => [m.slug, m.name]));
  return {
    askList,
    askMarkets: askWanted.filter((s) => !refused.ask.has(s)),
    bidMarkets: bidWanted.filter((s) => !refused.bid.has(s)),
    refusedAsk: askWanted.filter((s) => refused.ask.has(s)),
    refusedBid: bidWanted.filter((s) => refused.bid.has(s)),
    nameOf: (slug) => names.get(slug) ?? marketInfo(slug)?.name ?? slug,
  };
}

export function refusalsOf(d: DiscoveryView): Refusals {
  return { ask: d.refused('minPrices'), bid: d.refused('maxOrders') };
}

export function useMarketPlan(
  game: number,
): MarketPlan & { list: MarketEntry[]; chosen: string[] | null; discovery: DiscoveryView } {
  const [list] = usePref(GRID_PREFS.markets);
  const [chosen] = usePref(GRID_PREFS.chosen);
  const discovery = useMarketDiscovery(game);
  const plan = useMemo(
    () => ({ ...planMarkets(list, chosen, game, refusalsOf(discovery)), list, chosen, discovery }),
    [list, chosen, game, discovery],
  );
  useDailyRecheck(plan);
  return plan;
}

/** A day after the last check, the names are checked again (a refused name may be offered by now). */
function useDailyRecheck(plan: MarketPlan & { discovery: DiscoveryView }): void {
  const { source, game } = plan.discovery;
  const ask = [...plan.askMarkets, ...plan.refusedAsk].join(',');
  const bid = [...plan.bidMarkets, ...plan.refusedBid].join(',');
  useEffect(() => {
    if (source === null) return;
    const check = () => {
      if (ask && marketDiscovery.due(source, game, 'minPrices'))
        void marketDiscovery.run(source, game, 'minPrices', ask.split(','));
      if (bid && marketDiscovery.due(source, game, 'maxOrders'))
        void marketDiscovery.run(source, game, 'maxOrders', bid.split(','));
    };
    check();
    // An app left open for days checks too.
    const timer = setInterval(check, 60 * 60 * 1000);
    return () => clearInterval(timer);
  }, [source, game, ask, bid]);
}

/**
 * The fees in force for a game (the shipped schedule with the user's own figures over it), a setter for one
 * market's own figures, and "Reset to defaults".
 */
export function useFees(
  game: number,
): [FeeTable, (slug: string, fee: { buyBps: number; sellBps: number }) => void, () => void] {
  const [overrides, setOverrides, reset] = usePref(GRID_PREFS.fees);
  const table = useMemo(() => effectiveFees(overrides, game), [overrides, game]);
  const set = useCallback(
    (slug: string, fee: { buyBps: number; sellBps: number }) => setOverrides((prev) => ({ ...prev, [slug]: fee })),
    [setOverrides],
  );
  return [table, set, reset];
}

/** The same outside React (the worker's derive settings, the alert checks). */
export function readFees(game: number): FeeTable {
  return effectiveFees(readPreference(GRID_PREFS.fees), game);
}

/** Removes a market everywhere (list, chosen, favourites, fees): the rejected-slug action. */
export function removeMarketEverywhere(
  slug: string,
  set: {
    markets: (f: (prev: MarketEntry[]) => MarketEntry[]) => void;
    chosen: (f: (prev: string[] | null) => string[] | null) => void;
    favourites: (f: (prev: string[]) => string[]) => void;
  },
): void {
  set.markets((prev) => prev.filter((m) => m.slug !== slug));
  set.chosen((prev) => (prev ? prev.filter((s) => s !== slug) : prev));
  set.favourites((prev) => prev.filter((s) => s !== slug));
}
