/**
 * The Recommendations page's model: the route (game, type, markets filter), the list, the live prices
 * joined to it, the view (filters, sort), the open item, the CSV export and the page's message, composed
 * from the use* hooks beside this file; the page's parts read what it returns.
 */
import { useCallback, useState } from 'react';
import { useMoneyFormat } from '../../lib/preferences';
import { useStableCallback } from '../../lib/useStableCallback';
import { useMarketPlan } from '../../market/prefs';
import { useConnection } from '../../platform/connection';
import { restoredNote } from '../../ui/RestoredBanner';
import { isHealthy } from '../../ui/status-view';
import { useRecCsvExport } from './useRecCsvExport';
import { useRecListModel } from './useRecListModel';
import { useRecLivePrices } from './useRecLivePrices';
import { useRecMessage } from './useRecMessage';
import { useRecRoute } from './useRecRoute';
import { useRecSelection } from './useRecSelection';
import { useRecViewModel } from './useRecViewModel';

export type RecPage = ReturnType<typeof useRecPage>;

export function useRecPage() {
  const { game, type, markets, supported, setParams } = useRecRoute();
  // Live prices' market plan (and this service's refused names: market discovery).
  const plan = useMarketPlan(game);
  const { data, refusedFilter, emptyRecs, recs, listShown, noListComing } = useRecListModel(
    game,
    type,
    markets,
    plan.discovery,
  );
  const live = useRecLivePrices({ game, plan, recs, listShown, enabled: listShown || noListComing });
  const { prices, snap, net, join } = live;
  const { filter, setFilter, sort, setSort, view, onDealSort } = useRecViewModel(recs, join, listShown);
  const money = useMoneyFormat();
  const [reloadEpoch, setReloadEpoch] = useState(0);
  const [message, setMessage] = useRecMessage();
  const selection = useRecSelection({ game, recs, snap, setMessage });
  const { exporting, exportCsv } = useRecCsvExport({
    game,
    type,
    markets,
    recs,
    join,
    snap,
    netDerived: live.netDerived,
    net,
    nameOf: plan.nameOf,
    view,
    filter,
    updatedAt: data.updatedAt,
    setMessage,
  });
  const { status } = useConnection();

  const refresh = useStableCallback(() => {
    setReloadEpoch((e) => e + 1);
    void data.refetch();
    void prices.refetch();
  });
  const setMarkets = useCallback((m: string[]) => setParams({ markets: m }), [setParams]);
  const announce = useCallback((text: string) => setMessage({ text, tone: 'ok' }), [setMessage]);
  const waiting = !recs && status && status.state !== 'connecting' && !isHealthy(status.state) ? status : null;
  const restored = recs && data.restored ? restoredNote(status, data.fetching, Boolean(data.error)) : null;
  return {
    game,
    type,
    markets,
    supported,
    setParams,
    setMarkets,
    plan,
    data,
    refusedFilter,
    emptyRecs,
    recs,
    listShown,
    live,
    filter,
    setFilter,
    sort,
    setSort,
    view,
    onDealSort,
    money,
    reloadEpoch,
    message,
    announce,
    selection,
    exporting,
    exportCsv,
    status,
    refresh,
    waiting,
    restored,
  };
}
