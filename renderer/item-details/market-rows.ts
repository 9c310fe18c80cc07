/**
 * The detail panel's "Every market" rows: one per shown market (asks first, then the bid-only ones), with its
 * ask, locked price, offers, bid and orders, the best-ask and best-bid marks, and each quote's age and trust
 * flags; sorted by ask (lowest first), then by bid (highest first). Missing values stay null ("—").
 */
import { cellValue, type Snapshot } from '../market/model/snapshot';
import type { Derived } from '../market/model/derived-columns';
import { shownAsk, shownBid, shownLocked } from '../market/model/price-arithmetic';
import { askAge, bidAge, quoteAgeText, stallsBySlug } from '../ui/trust/trust-text';

export interface MarketRow {
  slug: string;
  askBits: number;
  bidBits: number;
  askAgeText: string | null;
  bidAgeText: string | null;
  stalled: boolean;
  listed: boolean;
  ask: number | null;
  locked: number | null;
  offers: number | null;
  bid: number | null;
  orders: number | null;
  isBestAsk: boolean;
  isBestBid: boolean;
}

export function marketRows(
  snap: Snapshot,
  d: Derived,
  item: number,
  askCols: readonly number[],
  bidCols: readonly number[],
  now: number,
): MarketRow[] {
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const slugs: string[] = [];
  for (const k of askCols) slugs.push(snap.askMarkets[k] as string);
  for (const k of bidCols) if (!slugs.includes(snap.bidMarkets[k] as string)) slugs.push(snap.bidMarkets[k] as string);
  const askStalls = stallsBySlug(snap.trust, 'ask');
  const bidStalls = stallsBySlug(snap.trust, 'bid');
  const rows = slugs.map((slug): MarketRow => {
    const k = snap.askIndex.get(slug);
    const bk = snap.bidIndex.get(slug);
    const askShown = k !== undefined && askCols.includes(k);
    const bidShown = bk !== undefined && bidCols.includes(bk);
    const askCell = askShown && k !== undefined ? item * m + k : -1;
    const bidCell = bidShown && bk !== undefined ? item * b + bk : -1;
    const askBits = askCell >= 0 ? (snap.trust?.askFlags[askCell] ?? 0) : 0;
    const bidBits = bidCell >= 0 ? (snap.trust?.bidFlags[bidCell] ?? 0) : 0;
    const aAge = askCell >= 0 ? askAge(snap.trust, askCell) : null;
    return {
      askBits,
      bidBits,
      askAgeText: askCell >= 0 ? quoteAgeText(aAge, now, snap.listed[askCell] === 1) : null,
      bidAgeText: bidCell >= 0 ? quoteAgeText(bidAge(snap.trust, bidCell), now) : null,
      stalled: askStalls.has(slug) || bidStalls.has(slug),
      slug,
      listed: askShown && k !== undefined ? snap.listed[item * m + k] === 1 : false,
      ask: askShown && k !== undefined ? shownAsk(snap, d, item, k) : null,
      locked: askShown && k !== undefined ? shownLocked(snap, d, item, k) : null,
      offers: askShown && k !== undefined ? cellValue(snap, 'offers', item * m + k) : null,
      bid: bidShown && bk !== undefined ? shownBid(snap, d, item, bk) : null,
      orders: bidShown && bk !== undefined ? cellValue(snap, 'bidOffers', item * b + bk) : null,
      isBestAsk: k !== undefined && d.bestAskCol[item] === k,
      isBestBid: bk !== undefined && d.bestBidCol[item] === bk,
    };
  });
  rows.sort((x, y) => (x.ask ?? Infinity) - (y.ask ?? Infinity) || (y.bid ?? -Infinity) - (x.bid ?? -Infinity));
  return rows;
}
