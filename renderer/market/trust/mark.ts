/**
 * The mark price's inputs for the detail panel (MarkInputs): the same rule as the derived column
 * (mark-rule.ts), told market by market. Reads the quotes as the Derived shows them (net or gross).
 */
import type { Derived } from '../model/derived-columns';
import { cellValue, type Snapshot } from '../model/snapshot';
import { shownAsk, shownBid, untrustedBits } from '../model/price-arithmetic';
import { boundedMark, depthWeight, weightedMedian } from './mark-rule';
import { trustOf } from './trust';
import type { MarkInputs, QuoteChoice } from './types';

const MARK_RULE =
  'Depth-weighted median of the trusted asks (each weighs the square root of its market’s offers), at least the best trusted bid.';

export function markInputs(
  snap: Snapshot,
  d: Derived,
  item: number,
  askCols: readonly number[],
  bidCols: readonly number[],
  choice: { quotes?: QuoteChoice; includeStalled?: boolean } = {},
): MarkInputs {
  const trust = trustOf(snap);
  const mask = untrustedBits(choice.quotes, choice.includeStalled);
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const asks: MarkInputs['asks'] = [];
  for (const k of askCols) {
    const cell = item * m + k;
    if (trust && ((trust.askFlags[cell] ?? 0) & mask) !== 0) continue;
    const price = shownAsk(snap, d, item, k);
    if (price === null) continue;
    asks.push({ market: snap.askMarkets[k] ?? '?', price, weight: depthWeight(cellValue(snap, 'offers', cell) ?? 0) });
  }
  let bid: MarkInputs['boundedByBid'] = null;
  for (const k of bidCols) {
    const cell = item * b + k;
    if (trust && ((trust.bidFlags[cell] ?? 0) & mask) !== 0) continue;
    const price = shownBid(snap, d, item, k);
    if (price !== null && (bid === null || price > bid.price)) bid = { market: snap.bidMarkets[k] ?? '?', price };
  }
  const median = weightedMedian(
    Float64Array.from(asks.map((a) => a.price)),
    Float64Array.from(asks.map((a) => a.weight)),
    asks.length,
  );
  const mark = boundedMark(median, bid?.price ?? NaN);
  return {
    mark: Number.isNaN(mark) ? null : mark,
    asks,
    boundedByBid: bid !== null && bid.price === mark && (Number.isNaN(median) || bid.price > median) ? bid : null,
    rule: MARK_RULE,
  };
}
