/**
 * The detail panel's model: the item's whole-game look-ups (recommendation, Steam analytics; its Steam medians
 * go to the price history), its market rows, best arbitrage pair, mark inputs and the other best quotes, with
 * the trust preferences (which quotes count, stalled markets or not) applied.
 */
import { PRICE_RECOMMENDATION_GAMES, STEAM_ANALYTICS_GAMES } from '../../shared/catalog/games';
import { ITEM_RECOMMENDATION, ITEM_STEAM_ANALYTICS } from '../market/api/documents';
import type { Derived } from '../market/model/derived-columns';
import { bestArbitrage } from '../market/model/price-arithmetic';
import type { Snapshot } from '../market/model/snapshot';
import { useItemMediansRecorder } from '../market/history/useValuesRecorder';
import { markInputs } from '../market/trust/mark';
import { TRUST_PREFS } from '../market/trust-prefs';
import { usePref } from '../lib/preferences';
import { otherBests, type TrustView } from '../ui/trust/row-confidence';
import { marketRows } from './market-rows';
import { useItemLookup } from './useItemLookup';

export function useDetailPanel(o: {
  snap: Snapshot;
  d: Derived;
  item: number;
  askCols: readonly number[];
  bidCols: readonly number[];
  reloadEpoch: number;
  trust?: TrustView;
}) {
  const { snap, d, item, askCols, bidCols, trust } = o;
  const name = snap.names[item] ?? '';
  const rec = useItemLookup(ITEM_RECOMMENDATION, PRICE_RECOMMENDATION_GAMES, snap.game, name, o.reloadEpoch);
  const steam = useItemLookup(ITEM_STEAM_ANALYTICS, STEAM_ANALYTICS_GAMES, snap.game, name, o.reloadEpoch);
  // Its Steam medians go to the price history (once per fetched answer, after idle).
  useItemMediansRecorder(snap.game, steam.row, steam.fetchedAt);

  const now = trust?.now ?? Date.now();
  const [quotes] = usePref(TRUST_PREFS.quotes);
  const [includeStalled] = usePref(TRUST_PREFS.includeStalled);
  const others = trust ? otherBests(snap, d, item) : [];
  return {
    name,
    rec,
    steam,
    now,
    otherAsk: others.find((x) => x.side === 'ask'),
    otherBid: others.find((x) => x.side === 'bid'),
    rows: marketRows(snap, d, item, askCols, bidCols, now),
    pair: bestArbitrage(snap, d, item, askCols, bidCols, { quotes, includeStalled }),
    // Only the trust section shows the mark.
    markInputs: () => markInputs(snap, d, item, askCols, bidCols, { quotes, includeStalled }),
  };
}
