/**
 * The grid's preferences (localStorage through app/preferences, zod-checked on every read).
 * Display decimals, currency symbol, refresh interval and the game are the shell's (APP_PREFERENCES).
 */
import { useCallback, useMemo } from 'react';
import { z } from 'zod';
import { MARKETS, MAX_ORDER_MARKETS, marketInfo } from '../../../shared/catalog/markets';
import { definePreference, usePref } from '../../app/preferences';
import { MAX_FEE_BPS, type FeeTable } from './model/derive';

export const SLUG_PATTERN = /^[A-Za-z0-9][\w.:-]{0,63}$/;

export const MarketEntrySchema = z.object({
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

export const DEFAULT_FAVOURITES: readonly string[] = ['steam', 'buff163', 'youpin', 'csfloat', 'skinport', 'dmarket', 'csmoney', 'marketcsgo'];

const FeeSchema = z.object({
  buyBps: z.number().int().min(0).max(MAX_FEE_BPS),
  sellBps: z.number().int().min(0).max(MAX_FEE_BPS),
});

export const SORT_DIRS = ['asc', 'desc'] as const;
export const SortSchema = z.object({ col: z.string().max(100), dir: z.enum(SORT_DIRS) });
export type SortState = z.infer<typeof SortSchema>;

const uniqueSlugs = (list: MarketEntry[]) => new Set(list.map((m) => m.slug)).size === list.length;

export const GRID_PREFS = {
  markets: definePreference<MarketEntry[]>(
    'grid.markets',
    z.array(MarketEntrySchema).max(200).refine(uniqueSlugs, 'duplicate slug'),
    [...DEFAULT_MARKET_LIST],
  ),
  /** Ask markets shown, in catalog order; null = all of them. */
  chosen: definePreference<string[] | null>('grid.chosenMarkets', z.array(z.string().max(64)).max(200).nullable(), null),
  favourites: definePreference<string[]>('grid.favouriteMarkets', z.array(z.string().max(64)).max(200), [...DEFAULT_FAVOURITES]),
  fees: definePreference<Record<string, z.infer<typeof FeeSchema>>>('grid.fees', z.record(z.string().max(64), FeeSchema), {}),
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
  /** Ask markets shown and requested for this game, in list order. */
  askMarkets: string[];
  /** Bid markets requested for this game, in list order. */
  bidMarkets: string[];
  nameOf(slug: string): string;
}

export function planMarkets(list: readonly MarketEntry[], chosen: readonly string[] | null, game: number): MarketPlan {
  const chosenSet = chosen ? new Set(chosen) : null;
  const askList = list.filter((m) => m.ask);
  const askMarkets = askList.filter((m) => (!chosenSet || chosenSet.has(m.slug)) && marketTradesGame(m.slug, game)).map((m) => m.slug);
  const bidMarkets = list.filter((m) => m.bid && marketTradesGame(m.slug, game)).map((m) => m.slug);
  const names = new Map(list.map((m) => [m.slug, m.name]));
  return { askList, askMarkets, bidMarkets, nameOf: (slug) => names.get(slug) ?? marketInfo(slug)?.name ?? slug };
}

export function useMarketPlan(game: number): MarketPlan & { list: MarketEntry[]; chosen: string[] | null } {
  const [list] = usePref(GRID_PREFS.markets);
  const [chosen] = usePref(GRID_PREFS.chosen);
  return useMemo(() => ({ ...planMarkets(list, chosen, game), list, chosen }), [list, chosen, game]);
}

export function useFees(): [FeeTable, (slug: string, fee: { buyBps: number; sellBps: number }) => void] {
  const [fees, setFees] = usePref(GRID_PREFS.fees);
  const set = useCallback(
    (slug: string, fee: { buyBps: number; sellBps: number }) =>
      setFees((prev) => {
        const next = { ...prev };
        if (fee.buyBps === 0 && fee.sellBps === 0) delete next[slug];
        else next[slug] = fee;
        return next;
      }),
    [setFees],
  );
  return [fees, set];
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
