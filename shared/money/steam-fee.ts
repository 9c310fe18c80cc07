/**
 * Steam Community Market fees, computed as Steam's own page script computes them (economy_common.js:
 * CalculateAmountToSendForDesiredReceivedAmount, CalculateFeeAmount; wallet_fee_percent 0.05, minimum 1, base 0
 * for USD: https://steamcommunity-a.akamaihd.net/public/javascript/economy_common.js). Steam works in integer
 * cents (an app thousandth is a tenth of a cent); integer division here gives the same cents as its floored
 * floats. USD only (some currencies round instead). Sources and the float argument: README.md here.
 */

/** Steam's transaction fee (g_rgWalletInfo.wallet_fee_percent 0.05). */
export const STEAM_WALLET_FEE_BPS = 500;
/** g_rgWalletInfo.wallet_fee_minimum in USD: each fee is at least one cent. */
export const STEAM_WALLET_FEE_MINIMUM_CENTS = 1;
/** g_rgWalletInfo.wallet_fee_base in USD. */
const STEAM_WALLET_FEE_BASE_CENTS = 0;
// The cheapest listing Steam accepts for a game with a publisher fee: the buyer pays 3 cents, the seller receives 1.
/** The dearest buyer price Steam accepts ($2,000, the wallet ceiling since 2017; see the report). */
export const STEAM_MAX_BUYER_PRICE_CENTS = 200_000;

export interface SteamFees {
  steamFee: number;
  publisherFee: number;
  /** What the buyer pays: received + steamFee + publisherFee. */
  total: number;
}

export interface SteamSale extends SteamFees {
  /** What the seller receives. */
  received: number;
}

function checkBps(publisherBps: number): void {
  if (!Number.isInteger(publisherBps) || publisherBps < 0) {
    throw new RangeError(`publisher fee must be a whole, non-negative number of basis points, got ${publisherBps}`);
  }
}

/** floor(cents * bps / 10000) for integers: the cents of a percentage, rounded down as Steam does. */
function percentOfCents(cents: number, bps: number): number {
  return Math.floor((cents * bps) / 10_000);
}

/**
 * What the buyer pays for the seller to receive `receivedCents`: Steam's
 * CalculateAmountToSendForDesiredReceivedAmount. Each fee is computed on the received amount, floored to the
 * cent and at least one cent; a game with no publisher fee (0) has none at all.
 */
export function steamBuyerPaysCents(receivedCents: number, publisherBps: number): SteamFees {
  checkBps(publisherBps);
  const received = Math.trunc(receivedCents);
  const steamFee =
    Math.max(percentOfCents(received, STEAM_WALLET_FEE_BPS), STEAM_WALLET_FEE_MINIMUM_CENTS) +
    STEAM_WALLET_FEE_BASE_CENTS;
  const publisherFee = publisherBps > 0 ? Math.max(percentOfCents(received, publisherBps), 1) : 0;
  return { steamFee, publisherFee, total: received + steamFee + publisherFee };
}

/**
 * Steam's CalculateFeeAmount: how a buyer price splits into what the seller receives and the two fees.
 * Steam starts from price / (1 + 5 % + publisher %) and walks a cent at a time. Not every buyer price is the
 * total of some received amount (with 10 %: receiving 19 costs 21 and receiving 20 costs 23, so nothing costs
 * 22); there Steam keeps the largest received amount that does not overshoot and adds the leftover cent(s) to
 * the Steam fee, so the parts always add up to the price.
 *
 * Below the minimum listing (3 cents) Steam's own loop yields a negative or zero amount (1 cent -> -1,
 * 2 cents -> 0); no such listing can exist, so this returns received 0 and the whole price as Steam's fee.
 */
export function steamSaleForBuyerPaysCents(buyerPaysCents: number, publisherBps: number): SteamSale {
  checkBps(publisherBps);
  const amount = Math.trunc(buyerPaysCents);
  // The cheapest listing receives one cent (3 cents with a publisher fee, 2 without).
  if (!(amount >= steamBuyerPaysCents(1, publisherBps).total)) {
    const paid = Number.isFinite(amount) ? Math.max(amount, 0) : 0;
    return { received: 0, steamFee: paid, publisherFee: 0, total: paid };
  }
  // Steam: parseInt((amount - wallet_fee_base) / (wallet_fee_percent + publisherFee + 1)).
  let estimate = Math.trunc(
    ((amount - STEAM_WALLET_FEE_BASE_CENTS) * 10_000) / (10_000 + STEAM_WALLET_FEE_BPS + publisherBps),
  );
  let everUndershot = false;
  let fees = steamBuyerPaysCents(estimate, publisherBps);
  // Steam caps the walk at 10 steps; the estimate is never more than a few cents off, so it always settles.
  for (let i = 0; fees.total !== amount && i < 10; i += 1) {
    if (fees.total > amount) {
      if (everUndershot) {
        estimate -= 1;
        fees = steamBuyerPaysCents(estimate, publisherBps);
        const extra = amount - fees.total;
        return { received: estimate, steamFee: fees.steamFee + extra, publisherFee: fees.publisherFee, total: amount };
      }
      estimate -= 1;
    } else {
      everUndershot = true;
      estimate += 1;
    }
    fees = steamBuyerPaysCents(estimate, publisherBps);
  }
  return { received: estimate, ...fees };
}

/** What the seller receives when the buyer pays `buyerPaysCents` (0 below Steam's 3-cent minimum). */
export function steamSellerReceivesCents(buyerPaysCents: number, publisherBps: number): number {
  return steamSaleForBuyerPaysCents(buyerPaysCents, publisherBps).received;
}

/**
 * Thousandths in, thousandths out: what a seller receives when a buyer pays `price`. A price that is not a
 * whole number of cents is floored to the cent first (Steam prices are whole cents); 0 or less, or a value
 * that is not a number, gives 0.
 */
export function steamSellerReceives(price: number, publisherBps: number): number {
  if (!Number.isFinite(price) || price <= 0) return 0;
  return steamSellerReceivesCents(Math.floor(price / 10), publisherBps) * 10;
}
