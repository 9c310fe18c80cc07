/**
 * What the page sends the backtest worker, and its check there (a message crossing threads is validated
 * like any other input: a bad one is a clear error, never a crash in the replay).
 */
import type { MarketFee } from '../model/price-arithmetic';
import { routeAlertProblem } from './route-alerts';
import { ruleProblems, type BuyMode, type LockedChoice, type ScanRule, type SellMode } from './rules';

export interface BacktestRequestData {
  game: number;
  rule: ScanRule;
  fees: Record<string, MarketFee>;
  /** Markets whose fee is unknown on the buyer's and the seller's side (scan.ts unknownFeeMarkets). */
  unknownBuy: string[];
  unknownSell: string[];
  from: number;
  to: number;
  names?: string[];
}

const BUY: readonly BuyMode[] = ['ask', 'bid-plus-tick'];
const SELL: readonly SellMode[] = ['bid', 'ask-minus-tick'];
const LOCKED: readonly LockedChoice[] = ['exclude', 'allow', 'only'];

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumOrNull = (v: unknown): boolean => v === null || isNum(v);

/** null when `v` is a well-formed request, else what is wrong with it, in words. */
export function backtestRequestProblem(v: unknown): string | null {
  if (!isObj(v)) return 'the request is not an object';
  if (!Number.isInteger(v.game)) return 'the game is not a whole number';
  if (!isNum(v.from) || !isNum(v.to) || v.from > v.to) return 'the range is not two times in order';
  if (!isStrings(v.unknownBuy) || !isStrings(v.unknownSell)) return 'the unknown fees are not lists of markets';
  if (v.names !== undefined && !isStrings(v.names)) return 'the items are not a list of names';
  if (!isObj(v.fees)) return 'the fees are not a table';
  for (const f of Object.values(v.fees)) {
    if (!isObj(f) || !isNum(f.buyBps) || !isNum(f.sellBps)) return 'a fee is not two numbers of basis points';
    if (f.steamPublisherBps !== undefined && !isNumOrNull(f.steamPublisherBps))
      return 'a Steam game fee is not a number';
  }
  const r = v.rule;
  if (!isObj(r) || typeof r.id !== 'string' || typeof r.name !== 'string') return 'the rule has no id or name';
  if (!BUY.includes(r.buy as BuyMode) || !SELL.includes(r.sell as SellMode))
    return 'the rule buys or sells in an unknown way';
  if (!(r.buyMarkets === null || isStrings(r.buyMarkets)) || !(r.sellMarkets === null || isStrings(r.sellMarkets)))
    return "the rule's markets are not lists";
  if (!isStrings(r.buyExclude) || !isStrings(r.sellExclude)) return "the rule's excluded markets are not lists";
  if (typeof r.sameMarket !== 'boolean' || typeof r.includeFeeUnknown !== 'boolean')
    return "the rule's switches are not true or false";
  if (!isNum(r.walletRatio) || !isNum(r.tickThousandths)) return "the rule's wallet ratio or tick is not a number";
  const l = r.limits;
  if (!isObj(l)) return 'the rule has no limits';
  for (const k of [
    'minProfit',
    'minRoi',
    'minBuyDepth',
    'minSellDepth',
    'minLiquidityScore',
    'minSteamSales30d',
  ] as const)
    if (!isNum(l[k])) return `the rule's ${k} is not a number`;
  if (!isNumOrNull(l.priceMin) || !isNumOrNull(l.priceMax)) return "the rule's price range is not numbers";
  if (typeof l.trustedOnly !== 'boolean' || !LOCKED.includes(l.locked as LockedChoice))
    return "the rule's trusted or locked choice is unknown";
  const alert = routeAlertProblem(r.alert);
  if (alert !== null) return alert;
  const problems = ruleProblems(r as unknown as ScanRule);
  return problems.length ? problems.join(' ') : null;
}
