/**
 * The live prices beside the list: the grid's own load (same key, so an open grid's data is reused), on
 * demand, with the grid's per-row figures as shown and net of fees, and the list joined with them (the
 * best ask and bid, the deals). The figures (a pass over the whole catalog when the worker's do not fit)
 * are for the join and the detail panel: not before the list is on screen. The detail panel shows the
 * prices' trust (quote ages, flags, the mark, the row's confidence with the item's own unstable reasons) as
 * the Prices page's does, from the same snapshot.
 */
import { useCallback, useDeferredValue, useMemo } from 'react';
import { computeDerived, derivedKey } from '../../market/model/price-arithmetic';
import { GRID_PREFS, useFees, type useMarketPlan } from '../../market/prefs';
import { joinRecs } from '../../market/recommendations/join';
import type { RecColumns } from '../../market/recommendations/rec-columns';
import { useGridData } from '../../market/useGridData';
import { usePref } from '../../lib/preferences';
import { confidenceOf } from '../../market/trust/confidence';
import { TRUST_PREFS } from '../../market/trust-prefs';
import { recSignalsOf } from '../../ui/trust/row-confidence';
import { useTrustView } from '../../ui/trust/use-trust-view';

const defined = (v: number | undefined): v is number => v !== undefined;

export interface RecLivePricesArgs {
  game: number;
  plan: ReturnType<typeof useMarketPlan>;
  recs: RecColumns | null;
  /** The list is on screen: the figures and the join may be computed. */
  listShown: boolean;
  /** The prices may load (the list is on screen, or none is coming). */
  enabled: boolean;
}

export function useRecLivePrices({ game, plan, recs, listShown, enabled }: RecLivePricesArgs) {
  const prices = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets }, { enabled });
  const snap = useDeferredValue(prices.snap && prices.snap.game === game ? prices.snap : null);
  const [fees] = useFees(game);
  const [net] = usePref(GRID_PREFS.net);
  const askCols = useMemo(
    () => (snap ? plan.askMarkets.map((s) => snap.askIndex.get(s)).filter(defined) : []),
    [snap, plan.askMarkets],
  );
  const bidCols = useMemo(
    () => (snap ? plan.bidMarkets.map((s) => snap.bidIndex.get(s)).filter(defined) : []),
    [snap, plan.bidMarkets],
  );
  const derive = useCallback(
    (withNet: boolean) => {
      if (!snap) return null;
      const pre = snap.derived;
      if (pre && pre.key === derivedKey(snap, askCols, bidCols, fees, withNet)) return pre.data;
      return computeDerived({ snap, askCols, bidCols, fees, net: withNet });
    },
    [snap, askCols, bidCols, fees],
  );
  const shownDerived = useMemo(() => (listShown ? derive(net) : null), [listShown, derive, net]);
  const netDerived = useMemo(
    () => (net ? shownDerived : listShown ? derive(true) : null),
    [listShown, derive, net, shownDerived],
  );
  const join = useMemo(
    () =>
      listShown && recs && snap && shownDerived && netDerived
        ? joinRecs({ recs, snap, shown: shownDerived, net: netDerived })
        : null,
    [listShown, recs, snap, shownDerived, netDerived],
  );
  const [oldAfterMin] = usePref(TRUST_PREFS.oldAfterMinutes);
  const [dimOld] = usePref(TRUST_PREFS.dimOld);
  const recSignals = useMemo(() => (recs ? recSignalsOf(recs) : null), [recs]);
  const trust = useTrustView(snap, shownDerived, confidenceOf, recSignals, oldAfterMin * 60_000, dimOld);
  return { prices, snap, net, askCols, bidCols, shownDerived, netDerived, join, trust };
}
