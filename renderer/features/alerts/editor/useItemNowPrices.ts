/**
 * The editor's "now": an item's best ask and bid on any of the user's markets, from the prices its opener
 * shows or else the last the alerts checked, with the fees they were read with.
 */
import { useMemo } from 'react';
import type { FeeTable } from '../../../market/model/price-arithmetic';
import type { Snapshot } from '../../../market/model/snapshot';
import { readFees } from '../../../market/prefs';
import { bestAsk, bestBid, marksOf, type MarkOf, type QuoteSettings } from '../model/observe';
import { readQuoteSettings } from '../../../market/trust-prefs';
import { ANY_MARKET } from '../model/types';
import { alertsRuntime } from '../alert-checks';

export interface NowPrices {
  snap: Snapshot | null;
  fees: FeeTable;
  ask: { price: number; market: string } | null;
  bid: { price: number; market: string } | null;
  /** The item's mark in `snap` (mark alerts' "now"; computed when first asked); absent: no prices. */
  markOf?: MarkOf;
  /** The user's quote choice and stalled switch when it was read. */
  quotes?: QuoteSettings;
}

/** The item's best ask and bid now (from the opener's prices or the last the alerts checked), with the fees they used. */
export function useItemNowPrices(
  game: number,
  item: string,
  snap: Snapshot | null | undefined,
  net: boolean,
): NowPrices {
  const latest = alertsRuntime().latest(game);
  const s = snap && snap.game === game ? snap : (latest?.snap ?? null);
  const fees = latest?.fees ?? readFees(game);
  return useMemo(() => {
    const i = s ? s.indexOfName(item) : -1;
    if (!s || i < 0) return { snap: s, fees, ask: null, bid: null };
    const quotes = readQuoteSettings();
    return {
      snap: s,
      fees,
      ask: bestAsk(s, i, ANY_MARKET, fees, net),
      bid: bestBid(s, i, ANY_MARKET, fees, net),
      markOf: marksOf(s, fees, quotes),
      quotes,
    };
  }, [s, item, fees, net]);
}
