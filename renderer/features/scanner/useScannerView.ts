/**
 * The Scanner page's model: the prices of the user's markets (the grid's own load), the rule being edited
 * and the saved ones, the live routes of that rule sorted as asked, and the detail panel's open item.
 */
import { useEffect, useMemo, useState } from 'react';
import { useOpenItem } from '../../item-details/ItemDetails';
import { useMoneyFormat, usePref } from '../../lib/preferences';
import { computeDerived } from '../../market/model/price-arithmetic';
import { useFees, useMarketPlan } from '../../market/prefs';
import type { ScanRule } from '../../market/scanner/rules';
import { SCANNER_RULES, deleteRule, isReadyRule, saveRule, selectedRule } from '../../market/scanner/saved-rules';
import { useGridData } from '../../market/useGridData';
import { sortRoutes, type RouteSort } from './route-columns';
import { useLiveRoutes } from './useLiveRoutes';

const newRuleId = () => `rule-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export type ScannerView = ReturnType<typeof useScannerView>;

export function useScannerView(game: number) {
  const plan = useMarketPlan(game);
  const prices = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets });
  const snap = prices.snap && prices.snap.game === game ? prices.snap : null;
  const [fees] = useFees(game);
  const money = useMoneyFormat();
  const [store, setStore] = usePref(SCANNER_RULES);
  const saved = useMemo(() => selectedRule(store), [store]);
  const [draft, setDraft] = useState<ScanRule>(saved);
  useEffect(() => setDraft(saved), [saved]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const [sort, setSort] = useState<RouteSort>({ key: 'profit', dir: 'desc' });
  const live = useLiveRoutes(snap, draft, fees);
  const routes = useMemo(() => (live.result ? sortRoutes(live.result.routes, sort) : []), [live.result, sort]);
  const details = useOpenItem('[data-testid="scanner-routes"]');
  const [message, setMessage] = useState<string | null>(null);
  const markets = useMemo(
    () => [...new Set([...plan.askMarkets, ...plan.bidMarkets])],
    [plan.askMarkets, plan.bidMarkets],
  );
  const userMarkets = useMemo(() => plan.list.map((m) => m.slug), [plan.list]);
  const askCols = useMemo(() => (snap ? snap.askMarkets.map((_, k) => k) : []), [snap]);
  const bidCols = useMemo(() => (snap ? snap.bidMarkets.map((_, k) => k) : []), [snap]);
  // The panel's per-row figures: only while an item is open (a pass over the catalog).
  const derived = useMemo(
    () =>
      snap && details.name !== null
        ? (snap.derived?.data ?? computeDerived({ snap, askCols, bidCols, fees, net: false }))
        : null,
    [snap, details.name, askCols, bidCols, fees],
  );

  const onSave = () => {
    setStore(saveRule(store, draft, newRuleId));
    setMessage(`Saved "${draft.name}".`);
  };
  const onDelete = isReadyRule(saved.id) ? null : () => setStore(deleteRule(store, saved.id));
  const onPick = (id: string) => setStore({ ...store, selected: id });

  const result = live.result && live.result.ruleId === draft.id ? live.result : null;
  const loading = !snap && !prices.error;
  return {
    plan,
    prices,
    snap,
    money,
    store,
    draft,
    setDraft,
    dirty,
    sort,
    setSort,
    live,
    routes,
    details,
    message,
    setMessage,
    markets,
    userMarkets,
    askCols,
    bidCols,
    derived,
    onSave,
    onDelete,
    onPick,
    result,
    loading,
  };
}
