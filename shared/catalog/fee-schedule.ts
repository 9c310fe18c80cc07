/**
 * Default marketplace fees, read from public pages (each entry names its page and the day it was read).
 * A fee no public page gave us is null: the app shows it as unknown rather than pretending it is 0.
 * Users can override any of it.
 *
 * Sides: `buyer` is what a buyer pays on top of the listed price; `seller` is what is taken from the price
 * when a listing sells (or when selling into a buy order).
 */
export { STEAM_WALLET_FEE_BPS } from '../money/steam-fee';

export type FeeRule =
  | { kind: 'percent'; bps: number } // fee = price * bps / 10000, basis points (250 = 2.5 %)
  | { kind: 'steam' }; // Steam Community Market's function (shared/money/steam-fee.ts)

export interface FeeSchedule {
  buyer: FeeRule | null; // null = not published / not applicable (the app then treats it as unknown, shown so)
  seller: FeeRule | null;
  asOf: string; // 'YYYY-MM-DD' when the source was read/dated
  source: string; // URL of the public page; '' when no public page was found
  note?: string; // tiers, promos, caveats in one short sentence
}

const READ = '2026-11-25';
const NOT_FOUND = 'No public fee page found (searched 2026-11-25); enter your own fee.';

const pct = (bps: number): FeeRule => ({ kind: 'percent', bps });

function unknown(note: string = NOT_FOUND, source = ''): FeeSchedule {
  return { buyer: null, seller: null, asOf: READ, source, note };
}

/** Freezes an object and everything it holds: the shared defaults must not change under any caller. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export const DEFAULT_FEE_SCHEDULE: Readonly<Record<string, Readonly<FeeSchedule>>> = deepFreeze({
  steamcommunity: {
    buyer: pct(0),
    seller: { kind: 'steam' },
    asOf: READ,
    source: 'https://support.steampowered.com/kb_article.php?ref=6088-UDXM-7214',
    note: 'Listed price includes the 5 % Steam fee and the game fee (10 % for Valve games), each floored and at least 1 cent.',
  },
  csmoney: {
    buyer: null,
    seller: pct(700),
    asOf: READ,
    source: 'https://cs.money/cs/price-policy/',
    note: '7 % on your own-price listings (4 % with PRIME); instant sales to the bot pay 83-98 % of the bot price instead.',
  },
  bitskins: {
    buyer: null,
    seller: pct(1000),
    asOf: READ,
    source: 'https://bitskins.com/hi/sales-fees',
    note: 'Price-tiered: at most 10 % for public listings (9.8 % at top sale level), lower on dearer items; private listings 2.5 %.',
  },
  waxpeer: {
    buyer: null,
    seller: pct(590),
    asOf: READ,
    source: 'https://collectskins.com/support/how-does-the-collectskins-p2p-shop-work/',
    note: 'From a Waxpeer partner shop page (sellers pay 5.9 %), not from Waxpeer itself.',
  },
  csgoempire: unknown(
    'Gambling site: items trade for coins priced about 6 % under BUFF listings; no cash fee applies.',
    'https://help.csgoempire.com/en/articles/5374190-how-are-prices-calculated',
  ),
  csgoroll: unknown('Gambling site: items trade for coins; no cash marketplace fee applies.'),
  c5: unknown(
    'C5GAME charges a handling fee on sales and buy orders (waived in ZeroFee promotions) but the page does not give the rate.',
    'https://h5.c5game.com/wiki/541578136.html?locale=en',
  ),
  gamerpay: unknown(
    'GamerPay says its fees depend on the payment method; the fee overview it links was not found.',
    'https://help.gamerpay.gg/en/articles/6249966-i-am-buying-for-the-first-time',
  ),
  csgotm: unknown(
    'market.csgo.com publishes trade rules, but no sale commission was found on them.',
    'https://market.csgo.com/en/content-pages/information',
  ),
  avanprice: unknown(),
  buff163: unknown(
    'Widely quoted as 2.5 % per sale, but no BUFF page stating a rate was found (its "Charging standards" help section was not readable); enter your own fee.',
    'https://buff.163.com/help#N_fees_new',
  ),
  csdeals: unknown(),
  csfloat: {
    buyer: null,
    seller: pct(200),
    asOf: '2021-08-22',
    source: 'https://blog.csfloat.com/changes-to-fees-on-csgofloat-market/',
    note: 'Static 2 % sale fee (payouts cost 0.5-2.5 % more by volume); rate as quoted from this official post by several public fee tables, the post itself was not in our corpus.',
  },
  dmarket: unknown(
    'Per-item sale fee: about 2 % on liquid CS2 items up to 10 % on illiquid ones (2.5 % on trades), as quoted from this page by public fee tables; enter your own fee.',
    'https://support.dmarket.com/hc/en-us/articles/25141430592401-DMarket-Fees',
  ),
  haloskins: unknown(),
  itrade: unknown(),
  'lis-skins': unknown(),
  lootfarm: unknown(
    "Trade bot: trades run at the bot's own buy/sell prices; no listing commission found. " + NOT_FOUND,
  ),
  rapidskins: unknown(),
  shadowpay: unknown(),
  skindeck: unknown(),
  skinflow: unknown(),
  skinout: unknown(),
  skinport: {
    buyer: null,
    seller: pct(800),
    asOf: '2025-07-17',
    source: 'https://skinport.com/blog/lower-fees-for-everybody',
    note: '8 % standard (cut from 12 %, announced 2025-07-17), 6 % at 1000 EUR and above, 2 % private sales; as quoted from this official post by public fee tables.',
  },
  'skins-monkey': unknown(),
  skinthunder: unknown(),
  tradeit: unknown("Trade bot: trades run at the bot's own buy/sell prices; no listing commission found. " + NOT_FOUND),
  'white-market': unknown(),
  // Unconfirmed service names.
  youpin: unknown(),
  igxe: unknown(),
  ecosteam: unknown(),
  buffmarket: unknown(),
  skinbaron: unknown(),
  skinbid: unknown(),
  mannco: unknown(),
  cstrade: unknown(),
} satisfies Record<string, FeeSchedule>);

/**
 * Steam's per-game publisher fee in basis points, where a public source gave it. Valve's games charge 10 %
 * (g_rgWalletInfo.wallet_publisher_fee_percent_default "0.10"; the TF2 wiki's Steam Community Market page,
 * https://wiki.teamfortress.com/wiki/Steam_Community_Market: 10 % for TF2 and Dota 2 items on top of Steam's 5 %).
 * Each item carries its own publisher fee (its description's market_fee, 0.10 only by default, as public fee
 * calculators read it: https://gist.github.com/itsfolf/6350e50a7db9fdc46a5751c43c713686), so another publisher may
 * set another rate. Rust (252490) is absent: no public source for Facepunch's rate was found (searched 2026-11-27),
 * so its Steam net is unknown ("—") unless the user types their own fee.
 */
export const STEAM_PUBLISHER_FEE_BPS: Readonly<Record<number, number>> = Object.freeze({
  730: 1000,
  440: 1000,
  570: 1000,
});
