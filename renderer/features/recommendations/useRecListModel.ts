/**
 * The recommendation list the page shows: loaded for the type and markets chosen (less the names this
 * service refused), the empty frame while it loads, and whether a list is on screen yet: until it is, the
 * list comes first and the live prices wait (they would share its CPU on the way to its first paint).
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { RecommendationType } from '../../../shared/api/schema';
import type { DiscoveryView } from '../../market/markets/useMarketDiscovery';
import { recommendationsPainted } from '../../market/recommendations/api/load';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { emptyRecColumns } from '../../market/recommendations/rec-reader';
import { useFilterFeedback, useFilterMarkets } from './useRecMarketsFilter';
import { useRecommendations } from '../../market/recommendations/useRecommendations';

export function useRecListModel(game: number, type: RecommendationType, markets: string[], discovery: DiscoveryView) {
  const { refusedFilter, requestMarkets } = useFilterMarkets(discovery, markets);
  const data = useRecommendations({ game, type, markets: requestMarkets });
  // What the list's empty frame shows while the list loads.
  const emptyRecs = useMemo(
    () => emptyRecColumns({ game, type, markets: markets.length ? markets : null }),
    [game, type, markets],
  );
  // A list is on screen (painted once since the page had none).
  const [listShown, setListShown] = useState(false);
  const current = data.recs && data.recs.game === game ? data.recs : null;
  const deferredRecs = useDeferredValue(current);
  // The first list renders at once (nothing to keep responsive yet; a deferred render would be sliced
  // into many short tasks on its way to the screen); a new list over one shown renders in the background.
  const recs = listShown && deferredRecs ? deferredRecs : current;
  if (!recs && listShown) setListShown(false);
  // No list to wait for (failed, or nothing to load): the prices need not wait either.
  const noListComing = !data.recs && (!data.fetching || data.error !== null);
  useListPainted(recs, setListShown);
  useFilterFeedback(discovery, requestMarkets, data.error?.kind === 'bad-request', Boolean(current) && !data.stale);
  return { data, refusedFilter, emptyRecs, recs, listShown, noListComing };
}

/**
 * When the list reached the UI, and when it was painted (bench:recommendations times these): the task
 * right after the first frame that drew it ('recs:painted'; the bench times inputs the same way), and
 * the next frame's start ('recs:next-frame', the older, coarser mark). Then the live prices may load and join.
 */
function useListPainted(recs: RecColumns | null, setListShown: (shown: boolean) => void): void {
  useEffect(() => {
    if (!recs) return;
    performance.mark('recs:data', {
      detail: { items: recs.n, bytes: recs.meta.bytes, parseMs: recs.meta.parseMs, shapeMs: recs.meta.shapeMs },
    });
    let live = true;
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      if (!live) return;
      performance.mark('recs:painted', { detail: { items: recs.n } });
      recommendationsPainted();
      setListShown(true);
    };
    let frame = requestAnimationFrame(() => {
      // This frame draws the list; the message's task runs once it is drawn.
      ch.port2.postMessage(0);
      frame = requestAnimationFrame(() => performance.mark('recs:next-frame', { detail: { items: recs.n } }));
    });
    return () => {
      live = false;
      ch.port1.close();
      cancelAnimationFrame(frame);
    };
  }, [recs, setListShown]);
}
