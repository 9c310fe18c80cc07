/**
 * The valuation's data and the valuation itself, for the page: the prices (useGridData for the user's market
 * plan, the Prices page's key: one load serves both pages), the recommendations (for the suggested price, "—"
 * until loaded), the Steam analytics (`useSteamValues`), the fees in force, the net switch (the Prices page's
 * preference) and which fees are known. The mark is the snapshot's Derived.mark for the fees, net switch and
 * quote choice: the data worker's own figures when made for them (market/model/derived-for.ts), else one pass
 * over the catalog here. The valuation runs in slices (measures.ts valueAllSliced) when any input changes.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useClient } from 'urql';
import { PRICE_RECOMMENDATION_GAMES, STEAM_ANALYTICS_GAMES } from '../../../../shared/catalog/games';
import { runInWorker } from '../../../api/worker-exchange';
import { toApiError, type ApiError } from '../../../api/errors';
import { usePref } from '../../../lib/preferences';
import { ITEMS_STEAM_VALUES } from '../../../market/api/documents';
import { feeOrigin } from '../../../market/markets/fees';
import { GRID_PREFS, useFees, useMarketPlan } from '../../../market/prefs';
import { useDataSource } from '../../../market/providers';
import { useRecommendations } from '../../../market/recommendations/useRecommendations';
import { useGridData } from '../../../market/useGridData';
import { derivedForAll } from '../../../market/model/derived-for';
import { TRUST_PREFS } from '../../../market/trust-prefs';
import { itemValuesRun, type ItemValues } from '../../../market/worker/client';
import type { HoldingRow } from '../model/types';
import { recLookupOf, steamLookupOf, STEAM_VALUE_PATHS } from './lookups';
import { prepareValuation, valueAllSliced, type Valuation, type ValuationContext } from './measures';
import type { SeriesSettings } from './value-over-time';

/** The portfolio's own react-query key of the Steam numbers of its items. */
const STEAM_VALUES_KEY = 'portfolio-steam-values';

/** FNV-1a, 32 bits, as hex. */
function hashText(t: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < t.length; i++) h = Math.imul(h ^ t.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

export interface PartStatus {
  state: 'unsupported' | 'loading' | 'ok' | 'error';
  error: ApiError | null;
  retry(): void;
}

function statusOf(supported: boolean, hasData: boolean, error: ApiError | null, retry: () => void): PartStatus {
  if (!supported) return { state: 'unsupported', error: null, retry };
  if (hasData) return { state: 'ok', error, retry };
  return { state: error ? 'error' : 'loading', error, retry };
}

/**
 * The held items' Steam numbers (STEAM_VALUE_PATHS), or null for a game without Steam analytics (the service
 * has them for CS2 and Dota 2). Loaded automatically when there are holdings, because liquidity and "cash
 * within 7 days" need Steam's volumes; the whole-game answer is the one the detail panel's look-ups keep in
 * the data worker, and only two numbers per held item cross to this thread.
 */
function useSteamValues(game: number, names: readonly string[]) {
  const client = useClient();
  const { sourceKey, retryEpoch } = useDataSource();
  const supported = (STEAM_ANALYTICS_GAMES as readonly number[]).includes(game);
  const items = useMemo(() => [...new Set(names)].sort(), [names]);
  // A short key (react-query hashes its key at every render): the count and a hash of the names.
  const itemsKey = useMemo(() => `${items.length}:${hashText(items.join('\n'))}`, [items]);
  const q = useQuery<ItemValues & { items: readonly string[] }, Error>({
    queryKey: [STEAM_VALUES_KEY, sourceKey, game, itemsKey, retryEpoch],
    queryFn: ({ signal }) =>
      runInWorker(
        client,
        ITEMS_STEAM_VALUES,
        { game_id: game, items },
        itemValuesRun({ source: sourceKey ?? '', epoch: retryEpoch, paths: STEAM_VALUE_PATHS }),
        { signal },
      ).then(
        // The names go with their numbers: the lookup reads them in the order they were asked.
        (r) => ({ ...r, items }),
      ),
    enabled: supported && sourceKey !== null && items.length > 0,
    retry: false,
    staleTime: 5 * 60_000,
    gcTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    structuralSharing: false,
  });
  const lookup = useMemo(() => (q.data ? steamLookupOf(q.data.items, q.data) : null), [q.data]);
  const error = q.error ? toApiError(q.error) : null;
  return {
    lookup,
    at: q.data?.at ?? null,
    status: statusOf(supported, q.data !== undefined, error, () => void q.refetch()),
  };
}

export interface ValuationOptions {
  /** Share of the daily Steam volume one seller takes (measures.ts DEFAULT_SELL_SHARE). */
  sellShare?: number;
  /** ms since epoch the locks are measured from; Date.now() at each valuation when absent. */
  now?: number;
}

/**
 * Valued in slices (measures.ts valueAllSliced): thousands of holdings never hold the main thread long.
 * The last valuation stays shown until the new one is complete; `failure` says why valuing failed.
 */
function useSlicedValuation(ctx: ValuationContext | null, rows: readonly HoldingRow[]) {
  const [state, setState] = useState<{
    ctx: ValuationContext;
    rows: readonly HoldingRow[];
    valuation: Valuation;
  } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!ctx) return;
    const ac = new AbortController();
    valueAllSliced(ctx, rows, { signal: ac.signal }).then(
      (valuation) => {
        performance.mark('portfolio:valued', { detail: { holdings: rows.length } });
        setFailure(null);
        setState({ ctx, rows, valuation });
      },
      (e: unknown) => {
        if (!ac.signal.aborted)
          setFailure(`The holdings could not be valued: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
    return () => ac.abort();
  }, [ctx, rows]);
  return { state, failure };
}

/**
 * `rows`: the ledger's rows of this game; keep the array's identity while they do not change (useMemo):
 * a new array values them again.
 */
export function useValuation(game: number, rows: readonly HoldingRow[], opts: ValuationOptions = {}) {
  const plan = useMarketPlan(game);
  const grid = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets });
  const recsSupported = (PRICE_RECOMMENDATION_GAMES as readonly number[]).includes(game);
  const recsData = useRecommendations(
    { game, type: 'general', markets: [] },
    { enabled: recsSupported && rows.length > 0 },
  );
  const names = useMemo(() => rows.map((r) => r.holding.name), [rows]);
  const steam = useSteamValues(game, names);
  const [fees] = useFees(game);
  const [overrides] = usePref(GRID_PREFS.fees);
  const [net, setNet] = usePref(GRID_PREFS.net);
  const recs = recsSupported ? recsData.recs : null;
  const recLookup = useMemo(() => (recs && recs.game === game ? recLookupOf(recs) : null), [recs, game]);
  const snap = grid.snap && grid.snap.game === game ? grid.snap : null;
  const feeKnown = useCallback(
    (slug: string, side: 'buyer' | 'seller') => feeOrigin(slug, side, overrides, game) !== 'unknown',
    [overrides, game],
  );
  const { sellShare, now } = opts;
  // The mark as the Prices page has it: the same quote choice and stalled switch.
  const [quotes] = usePref(TRUST_PREFS.quotes);
  const [includeStalled] = usePref(TRUST_PREFS.includeStalled);
  const mark = useMemo(
    () => (snap ? derivedForAll(snap, fees, net, { quotes, includeStalled }).mark : null),
    [snap, fees, net, quotes, includeStalled],
  );
  const ctx = useMemo(() => {
    if (!snap) return null;
    return prepareValuation({
      snap,
      askMarkets: plan.askMarkets,
      bidMarkets: plan.bidMarkets,
      fees,
      feeKnown,
      net,
      recs: recLookup,
      steam: steam.lookup,
      now: now ?? Date.now(),
      sellShare,
      mark,
    });
  }, [snap, plan.askMarkets, plan.bidMarkets, fees, feeKnown, net, recLookup, steam.lookup, now, sellShare, mark]);
  const { state, failure } = useSlicedValuation(ctx, rows);
  const valuation = state && snap && state.ctx.s.snap.game === game ? state.valuation : null;
  const valuing = ctx !== null && (state?.ctx !== ctx || state.rows !== rows);
  // What the value-over-time chart needs (ValueOverTimeChart's settings).
  const seriesSettings: SeriesSettings = useMemo(
    () => ({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets, fees, feeKnown, net }),
    [game, plan.askMarkets, plan.bidMarkets, fees, feeKnown, net],
  );
  return {
    valuation,
    /** The rows `valuation` values, in its order (the previous rows while a newer valuation is computed). */
    valuedRows: valuation ? (state?.rows ?? null) : null,
    /** A newer valuation is being computed (the one shown is the previous). */
    valuing,
    /** Valuing failed (shown to the user, never only logged). */
    failure,
    seriesSettings,
    net,
    setNet,
    nameOf: plan.nameOf,
    prices: {
      ...statusOf(true, snap !== null, grid.error, () => void grid.refetch()),
      stale: grid.stale,
      updatedAt: grid.updatedAt,
    },
    recommendations: statusOf(recsSupported, recLookup !== null, recsData.error, () => void recsData.refetch()),
    steam: steam.status,
  };
}
