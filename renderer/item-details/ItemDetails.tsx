/**
 * The item detail panel as a list page shows it beside its list, wired once for every page that opens it
 * (the Prices grid, the Recommendations list): which item is open (by name, so it survives a reload or a
 * new sort), the panel only while the live prices list that item, money and net from their preferences,
 * the watch star from the page's watchlist (or the game's), the item's alert count, and focus back on the
 * list when it closes. The Scanner gives only the item, prices and figures; the rest is read here.
 */
import { useCallback, useMemo, useState } from 'react';
import { useMoneyFormat, usePref } from '../lib/preferences';
import { GRID_PREFS } from '../market/prefs';
import type { Derived } from '../market/model/derived-columns';
import type { Snapshot } from '../market/model/snapshot';
import { DetailPanel } from './DetailPanel';
import { useWatchlist } from './useWatchlist';
import { useAlertList } from '../requests/alert-list';
import type { TrustView } from '../ui/trust/row-confidence';

/** The open item of a page: its name (null: none), opening one, and closing (focus back on the list). */
export interface OpenItem {
  name: string | null;
  open(name: string | null): void;
  close(): void;
}

/** `listSelector`: the list that takes the focus back when the panel closes (keyboard users go on from there). */
export function useOpenItem(listSelector: string): OpenItem {
  const [name, setName] = useState<string | null>(null);
  const close = useCallback(() => {
    setName(null);
    document.querySelector<HTMLElement>(listSelector)?.focus();
  }, [listSelector]);
  return useMemo(() => ({ name, open: setName, close }), [name, close]);
}

export interface ItemDetailsProps {
  item: OpenItem;
  /** The live prices and their per-row figures (null while they load: no panel). */
  snap: Snapshot | null;
  d: Derived | null;
  askCols: readonly number[];
  bidCols: readonly number[];
  nameOf(slug: string): string;
  /** The names on this game's watchlist (absent: the game's watchlist preference, useWatchlist). */
  watchNames?: readonly string[];
  /** The alerts (any game): the panel counts the open item's (absent: the user's alerts, useAlertList). */
  alerts?: readonly { game: number; item: string }[];
  /** The panel's watch star: `index` in the snapshot, `name` the open item's (absent: useWatchlist's toggle). */
  onToggleWatch?(index: number, name: string): void;
  /** Increments on a manual refresh: the panel's look-ups fetch again. */
  reloadEpoch: number;
  announce(text: string): void;
  /** What the page shows of trust (absent: the panel shows none). */
  trust?: TrustView;
}

export function ItemDetails({
  item,
  snap,
  d,
  askCols,
  bidCols,
  nameOf,
  reloadEpoch,
  announce,
  trust,
  ...given
}: ItemDetailsProps) {
  const money = useMoneyFormat();
  // What a page does not give, the panel reads itself: the user's alerts and the game's watchlist.
  const allAlerts = useAlertList();
  const watchlist = useWatchlist(snap?.game ?? 0);
  const alerts = given.alerts ?? allAlerts;
  const watchNames = given.watchNames ?? watchlist.watchNames;
  const onToggleWatch = given.onToggleWatch ?? watchlist.onToggleWatch;
  const [net] = usePref(GRID_PREFS.net);
  const name = item.name;
  const index = name !== null && snap ? snap.indexOfName(name) : -1;
  if (name === null || !snap || !d || index < 0) return null;
  return (
    <DetailPanel
      snap={snap}
      d={d}
      item={index}
      askCols={askCols}
      bidCols={bidCols}
      nameOf={nameOf}
      money={money}
      net={net}
      watched={watchNames.includes(name)}
      alertCount={alerts.filter((a) => a.game === snap.game && a.item === name).length}
      onToggleWatch={() => onToggleWatch(index, name)}
      onClose={item.close}
      reloadEpoch={reloadEpoch}
      announce={announce}
      {...(trust ? { trust } : {})}
    />
  );
}
