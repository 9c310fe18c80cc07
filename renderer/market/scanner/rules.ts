/**
 * A scanner rule: how a route buys, how it sells, on which markets, and the limits a route must pass;
 * the ready-made rules; the price step ("one tick"). Plain data, so a rule crosses to a worker and into
 * settings as it is. Money in integer thousandths (the spec's unit); ROI as a fraction (0.05 = 5 %).
 */

/**
 * One tick: 10 thousandths, one cent. The spec gives prices in thousandths but no market's price step.
 * Steam prices are whole cents (its page script works in integer cents: shared/money/steam-fee.ts), and the
 * cash markets' APIs quote cents too (CSFloat: "All prices returned by the server are in cents",
 * https://docs.rs/crate/csfloat-rs/0.1.0/source/README.md). A cent is the smallest step such a market takes
 * for an order or a listing, so "best bid + one tick" outbids and "lowest ask - one tick" undercuts by the
 * least a trader can. A rule may set its own (tickThousandths) for a market with a coarser step.
 */
const DEFAULT_TICK = 10;

/** Steam Community Market's slug (shared/catalog/fee-schedule.ts): the only market paying out wallet funds. */
export const STEAM_MARKET = 'steamcommunity';

/** Buy from the lowest listing, or place a buy order at the best bid plus one tick. */
export type BuyMode = 'ask' | 'bid-plus-tick';
/** Sell into the best buy order at once, or list at the lowest ask minus one tick. */
export type SellMode = 'bid' | 'ask-minus-tick';
/** Trade-locked listings (price_locked): left out, taken where cheaper than the tradable ask, or only those at a discount. */
export type LockedChoice = 'exclude' | 'allow' | 'only';

export interface ScanLimits {
  /** Net profit (thousandths, in cash: wallet funds at the rule's wallet ratio) at least this. */
  minProfit: number;
  /** Net profit / net cost at least this (fraction). */
  minRoi: number;
  /** Offers on the buy market at least this. */
  minBuyDepth: number;
  /** Buy orders on the sell market at least this. */
  minSellDepth: number;
  /** The service's liquidity_score (0..10000) at least this, where loaded; 0: no limit. */
  minLiquidityScore: number;
  /** Steam's sales over the last 30 days at least this, where loaded; 0: no limit. */
  minSteamSales30d: number;
  /** The buy price (before fees, thousandths) within [priceMin, priceMax]; null: open. */
  priceMin: number | null;
  priceMax: number | null;
  /** Only quotes without an untrusted flag (trust/types.ts UNTRUSTED). */
  trustedOnly: boolean;
  locked: LockedChoice;
}

export interface ScanRule {
  id: string;
  name: string;
  buy: BuyMode;
  sell: SellMode;
  /** Markets allowed on each side (slugs); null: every market of the snapshot. */
  buyMarkets: readonly string[] | null;
  sellMarkets: readonly string[] | null;
  /** Markets never used on each side (cash -> Steam never buys on Steam, Steam -> cash never sells there). */
  buyExclude: readonly string[];
  sellExclude: readonly string[];
  /** Buy and sell on the same market (a locked item resold where it was bought); off for cross-market rules. */
  sameMarket: boolean;
  limits: ScanLimits;
  /**
   * What one unit of Steam wallet funds is worth in cash (0 < r <= 1): Steam's proceeds count as r x their
   * amount, a Steam purchase costs r x its price. The user's own rate (what wallet funds sell for); 1 treats
   * wallet funds as cash.
   */
  walletRatio: number;
  /** Price step for the "+ one tick" / "- one tick" prices (thousandths). */
  tickThousandths: number;
  /** Keep routes whose fee on a side is not known (marked so, net computed as an upper bound). */
  includeFeeUnknown: boolean;
  /** Raise an alert when a route has persisted this many polls (route-alerts.ts); absent or null: none. */
  alert?: RouteAlertSetting | null;
}

/** A rule's alert: a route found `polls` polls in a row fires once; it re-arms once the route is gone. */
export interface RouteAlertSetting {
  polls: number;
}

const DEFAULT_LIMITS: ScanLimits = {
  minProfit: 10,
  minRoi: 0,
  minBuyDepth: 1,
  minSellDepth: 1,
  minLiquidityScore: 0,
  minSteamSales30d: 0,
  priceMin: null,
  priceMax: null,
  trustedOnly: true,
  locked: 'exclude',
};

function rule(
  id: string,
  name: string,
  over: Partial<Omit<ScanRule, 'limits'>> & { limits?: Partial<ScanLimits> },
): ScanRule {
  return {
    id,
    name,
    buy: 'ask',
    sell: 'bid',
    buyMarkets: null,
    sellMarkets: null,
    buyExclude: [],
    sellExclude: [],
    sameMarket: false,
    walletRatio: 1,
    tickThousandths: DEFAULT_TICK,
    includeFeeUnknown: false,
    ...over,
    limits: { ...DEFAULT_LIMITS, ...over.limits },
  };
}

/**
 * The ready-made rules. The Steam pair need the user's wallet ratio (walletRatio): shipped at 1, which
 * states no rate (the page asks for one); every market other than Steam is a cash market.
 */
export const READY_RULES = {
  crossToBuyOrder: rule('cross-to-buy-order', 'Cross-market to buy order', { buy: 'ask', sell: 'bid' }),
  crossToListing: rule('cross-to-listing', 'Cross-market to listing', {
    buy: 'ask',
    sell: 'ask-minus-tick',
    limits: { minSellDepth: 0 },
  }),
  cashToSteam: rule('cash-to-steam', 'Cash market -> Steam', {
    buy: 'ask',
    sell: 'ask-minus-tick',
    sellMarkets: [STEAM_MARKET],
    buyExclude: [STEAM_MARKET],
    limits: { minSellDepth: 0 },
  }),
  steamToCash: rule('steam-to-cash', 'Steam -> cash market', {
    buy: 'ask',
    sell: 'bid',
    buyMarkets: [STEAM_MARKET],
    sellExclude: [STEAM_MARKET],
  }),
  lockedDiscount: rule('locked-discount', 'Locked discount', {
    buy: 'ask',
    sell: 'ask-minus-tick',
    sameMarket: true,
    limits: { locked: 'only', minSellDepth: 0 },
  }),
} as const satisfies Record<string, ScanRule>;

export const READY_RULE_LIST: readonly ScanRule[] = Object.values(READY_RULES);

/** The markets a side may use among those available: the rule's list (or all) less its exclusions. */
export function sideMarkets(r: ScanRule, side: 'buy' | 'sell', available: readonly string[]): string[] {
  const allowed = side === 'buy' ? r.buyMarkets : r.sellMarkets;
  const exclude = side === 'buy' ? r.buyExclude : r.sellExclude;
  return available.filter((s) => (!allowed || allowed.includes(s)) && !exclude.includes(s));
}

/** A rule's problems in words (empty: usable); a rule read from settings or a worker message is checked here. */
export function ruleProblems(r: ScanRule): string[] {
  const p: string[] = [];
  if (!(r.walletRatio > 0 && r.walletRatio <= 1)) p.push('The Steam wallet ratio must be above 0 and at most 1.');
  if (!(Number.isInteger(r.tickThousandths) && r.tickThousandths > 0))
    p.push('The tick must be a whole, positive number of thousandths.');
  const l = r.limits;
  for (const [k, v] of [
    ['minimum net profit', l.minProfit],
    ['minimum ROI', l.minRoi],
    ['minimum buy depth', l.minBuyDepth],
    ['minimum sell depth', l.minSellDepth],
    ['minimum liquidity score', l.minLiquidityScore],
    ['minimum Steam sales', l.minSteamSales30d],
  ] as const) {
    if (!Number.isFinite(v)) p.push(`The ${k} must be a number.`);
  }
  if (l.priceMin !== null && l.priceMax !== null && l.priceMin > l.priceMax)
    p.push('The price range is empty (its minimum is above its maximum).');
  return p;
}
