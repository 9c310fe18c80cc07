/**
 * A row's confidence, high, medium or low, from the signals Market Desk observed (quote age, stalled
 * market, outlier), the service's own (unstable reasons, liquidity_score) and the depth behind the best
 * quotes. Each reason is 'low' or 'medium'; the level is the lowest reason's, else high. Which signal gives
 * which reason: README.md, "Confidence (confidence.ts)".
 */
import { ageText } from './age-text';
import {
  TRUST_FLAG,
  type Confidence,
  type ConfidenceInput,
  type ConfidenceReason,
  type ConfidenceReasonCode,
  type TrustData,
} from './types';

/** liquidity_score is 0..10000 (spec 2.8); under this is thin trading. */
const LOW_LIQUIDITY_SCORE = 1000;

/** The spec's meanings of the unstable reasons (market-data-api.md, 2.8 UnstableReason). */
const UNSTABLE_TEXT: Readonly<Record<string, string>> = {
  NOT_POPULAR: 'item is traded infrequently',
  NO_ORDERS: 'no buy orders exist',
  NO_LISTINGS: 'no sell listings exist',
  LISTINGS_PRICE: 'unusual pricing in listings',
  BIG_LISTINGS_DIFFERENCE: 'large price gap between listings',
  BOOST_RISK: 'risk of price manipulation',
  NO_THREE_MONTH_SALES: 'no sales in the last three months',
  THREE_MONTH_SALES: 'sales data limited to the past three months',
};

interface Found extends ConfidenceReason {
  low: boolean;
}

function stallText(t: TrustData, market: string, side: 'ask' | 'bid'): string {
  const s = t.stalls.find((x) => x.market === market && x.side === side);
  const since = s ? ` since ${ageText(t.at - s.since)} ago` : '';
  return s?.reason === 'count-fell'
    ? `${market} quotes far fewer items than before${since}`
    : `${market}'s prices stopped moving${since}`;
}

function sideReasons(
  t: TrustData,
  markets: readonly string[],
  item: number,
  col: number,
  side: 'ask' | 'bid',
  out: Found[],
): void {
  if (col < 0) return;
  const flags = (side === 'ask' ? t.askFlags : t.bidFlags)[item * markets.length + col] ?? 0;
  const market = markets[col] ?? '?';
  const what = side === 'ask' ? 'best ask' : 'best bid';
  if (flags & TRUST_FLAG.stalledMarket)
    out.push({
      code: 'stalled-market',
      text: `The ${what} is from a stalled market: ${stallText(t, market, side)}`,
      low: true,
    });
  if (flags & (TRUST_FLAG.outlierHigh | TRUST_FLAG.outlierLow)) {
    out.push({
      code: 'outlier',
      text: `The ${what} on ${market} is far ${flags & TRUST_FLAG.outlierHigh ? 'above' : 'below'} the item's other markets`,
      low: true,
    });
  }
}

// Judged at the poll (t.at), as the level is: the words say so, since a tooltip's ages count to now.
function ageReason(
  t: TrustData | undefined,
  markets: readonly string[],
  item: number,
  col: number,
  oldAfterMs: number,
  out: Found[],
): void {
  if (col < 0) return;
  if (!t) {
    out.push({ code: 'age-unknown', text: 'Quote age unknown yet: no poll observed', low: false });
    return;
  }
  const cell = item * markets.length + col;
  const changed = t.askChangedAt[cell] ?? NaN;
  const first = t.askFirstSeenAt[cell] ?? NaN;
  if (!Number.isNaN(changed)) {
    const age = t.at - changed;
    if (age >= oldAfterMs)
      out.push({ code: 'old-quote', text: `Best ask unchanged for ${ageText(age)} at the last refresh`, low: false });
    return;
  }
  const seen = Number.isNaN(first) ? NaN : t.at - first;
  if (seen >= oldAfterMs)
    out.push({
      code: 'old-quote',
      text: `Best ask unchanged for at least ${ageText(seen)} at the last refresh (since first seen)`,
      low: false,
    });
  else
    out.push({
      code: 'age-unknown',
      text:
        Number.isNaN(seen) || seen === 0
          ? 'Best ask age unknown yet'
          : `Best ask age unknown yet: unchanged since first seen, ${ageText(seen)} before the last refresh`,
      low: false,
    });
}

export function confidenceOf(input: ConfidenceInput): Confidence {
  const { trust, askMarkets, bidMarkets, item, bestAskCol, bestBidCol } = input;
  const found: Found[] = [];
  if (trust) {
    sideReasons(trust, askMarkets, item, bestAskCol, 'ask', found);
    sideReasons(trust, bidMarkets, item, bestBidCol, 'bid', found);
  }
  ageReason(trust, askMarkets, item, bestAskCol, input.oldAfterMs, found);
  for (const code of input.unstableReasons ?? []) {
    found.push({
      code: 'unstable',
      text: `The service says: ${UNSTABLE_TEXT[code] ?? code} (${code})`,
      low: code === 'BOOST_RISK',
    });
  }
  const score = input.liquidityScore;
  if (score !== null && Number.isFinite(score) && score < LOW_LIQUIDITY_SCORE) {
    found.push({ code: 'low-liquidity', text: `Liquidity score ${score} of 10000`, low: false });
  }
  if (bestAskCol < 0) found.push({ code: 'thin', text: 'No trusted ask', low: true });
  else if (input.askDepth <= 1)
    found.push({
      code: 'thin',
      text: `Only ${input.askDepth === 1 ? 'one offer' : 'no offer count'} behind the best ask`,
      low: false,
    });
  else if (Number.isNaN(input.askDepth))
    found.push({ code: 'thin', text: 'Offers behind the best ask unknown', low: false });
  if (bidMarkets.length > 0 && bestBidCol < 0) found.push({ code: 'thin', text: 'No trusted buy order', low: false });
  const level = found.some((f) => f.low) ? 'low' : found.length > 0 ? 'medium' : 'high';
  const reasons = found.map(({ code, text }): { code: ConfidenceReasonCode; text: string } => ({ code, text }));
  return { level, reasons };
}
