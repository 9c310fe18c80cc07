/**
 * The price strip's model: the item's quotes on every market of the user's list that trades the game, from
 * the grid's price load (same query key as the grid with all markets chosen, so a grid load is reused), the
 * plot and table drawn from them, and what the frame shows while they load or when there is nothing to draw.
 */
import { useMemo } from 'react';
import { usePref } from '../../lib/preferences';
import type { ChartState, Provenance } from '../../ui/charts/types';
import { GRID_PREFS, planMarkets, refusalsOf } from '../../market/prefs';
import { useMarketDiscovery } from '../../market/markets/useMarketDiscovery';
import { formatBytes } from '../../ui/StatusParts';
import { useGridData } from '../../market/useGridData';
import { useProgress, type ProgressStore } from '../../market/offline/useLiveData';
import { readItemStrip, stripPlot, stripTable } from './model/price-strip';

export function usePriceStrip({
  game,
  name,
  waiting,
  provenance,
}: {
  game: number;
  name: string | null;
  waiting: ChartState;
  provenance: Provenance;
}) {
  const [list] = usePref(GRID_PREFS.markets);
  // Every market of the user's list that trades the game, not the grid's chosen subset, less the names this
  // service refused (market discovery).
  const discovery = useMarketDiscovery(game);
  const plan = useMemo(() => planMarkets(list, null, game, refusalsOf(discovery)), [list, game, discovery]);
  const data = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets });
  const loadingText = useLoadingText(data.progress);
  const strip = useMemo(() => (data.snap && name !== null ? readItemStrip(data.snap, name) : null), [data.snap, name]);
  const plot = useMemo(() => (strip ? stripPlot(strip) : null), [strip]);
  const table = useMemo(
    () => (strip ? stripTable(strip, plan.nameOf) : { columns: [], rows: [] }),
    [strip, plan.nameOf],
  );

  const drawn = plot ? plot.rows.length : 0;
  const state: ChartState =
    name === null
      ? waiting.status === 'ready'
        ? { status: 'empty', message: 'Pick an item above.' }
        : waiting
      : !data.snap
        ? data.error
          ? {
              status: 'error',
              message: `${data.error.message} ${data.error.detail}`.trim(),
              onRetry: () => void data.refetch(),
            }
          : { status: 'loading', message: loadingText }
        : !strip
          ? { status: 'empty', message: `No market lists ${name} now.` }
          : drawn === 0
            ? { status: 'empty', message: 'No market has a price for this item now.' }
            : { status: 'ready' };

  const sourced: Provenance = useMemo(
    () => ({
      ...provenance,
      fetchedAt: data.updatedAt || provenance.fetchedAt,
      markets: [`${plan.askMarkets.length} with lowest asks`, `${plan.bidMarkets.length} with buy orders`],
    }),
    [provenance, data.updatedAt, plan.askMarkets.length, plan.bidMarkets.length],
  );
  return { plan, strip, plot, table, state, sourced, stale: data.stale };
}

/** "Loading every market's prices… 3.1 MB of 12.0 MB received": only this re-renders as bytes arrive. */
function useLoadingText(store: ProgressStore): string {
  const { progress } = useProgress(store);
  const head = 'Loading every market\u2019s prices\u2026';
  if (!progress || progress.bytes === 0) return head;
  if (progress.phase === 'parse') return `${head} reading ${formatBytes(progress.bytes)}`;
  return `${head} ${formatBytes(progress.bytes)}${progress.total ? ` of ${formatBytes(progress.total)}` : ''} received`;
}
