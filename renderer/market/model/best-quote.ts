/**
 * "Best quote" and "best pair", shared by the grid's best pair (price-arithmetic.ts bestArbitrage) and the
 * scanner's routes (market/scanner): which quotes count (trusted ones unless all are asked for), and the
 * buy/sell pair on two markets that leaves the most once both sides' fees are counted (netAsk / netBid in
 * price-arithmetic.ts are the one "net of fees").
 */
import { UNTRUSTED } from '../trust/types';

/** A quote is trusted when none of its trust flags (trust/types.ts TRUST_FLAG) is an untrusted one. */
export function isTrustedQuote(flags: number): boolean {
  return (flags & UNTRUSTED) === 0;
}

/** Where the best pair is: indexes into the buy and sell lists. */
export interface PairPick {
  buy: number;
  sell: number;
}

/**
 * The pair (buy i, sell j) with the largest sell[j] - buy[i], never two quotes of the same market unless
 * `sameMarket`. NaN entries are "no quote". Values are net (what the buyer pays, what the seller
 * receives). Ties go to the first buy, then the first sell, in list order. Linear: the best and the
 * second-best sell (on another market) are found once, so a buy on the best sell's market takes the second.
 * Returns false when no pair exists.
 */
export function bestNetPair(
  buy: ArrayLike<number>,
  buyMarket: ArrayLike<number>,
  nBuy: number,
  sell: ArrayLike<number>,
  sellMarket: ArrayLike<number>,
  nSell: number,
  sameMarket: boolean,
  out: PairPick,
): boolean {
  let top = -1;
  for (let j = 0; j < nSell; j++) {
    const v = sell[j] as number;
    if (v === v && (top < 0 || v > (sell[top] as number))) top = j;
  }
  if (top < 0) return false;
  // The best sell on a market other than the top's (each market appears once a list).
  let second = -1;
  if (!sameMarket) {
    const tm = sellMarket[top];
    for (let j = 0; j < nSell; j++) {
      const v = sell[j] as number;
      if (v === v && sellMarket[j] !== tm && (second < 0 || v > (sell[second] as number))) second = j;
    }
  }
  let best = -Infinity;
  let bi = -1;
  let bj = -1;
  for (let i = 0; i < nBuy; i++) {
    const c = buy[i] as number;
    if (c !== c) continue;
    const j = sameMarket || buyMarket[i] !== sellMarket[top] ? top : second;
    if (j < 0) continue;
    const p = (sell[j] as number) - c;
    if (p > best) {
      best = p;
      bi = i;
      bj = j;
    }
  }
  if (bi < 0) return false;
  out.buy = bi;
  out.sell = bj;
  return true;
}
