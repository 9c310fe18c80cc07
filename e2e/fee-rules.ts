/**
 * The fee rules the specs expect, written here from the rules themselves (not the app's code): a percentage
 * of the price, rounded half up in thousandths, or Steam Community Market's function. The figures per market
 * are the shipped schedule (shared/catalog/fee-schedule.ts) unless the user typed their own.
 */
import { DEFAULT_FEE_SCHEDULE, STEAM_PUBLISHER_FEE_BPS, STEAM_WALLET_FEE_BPS } from '../shared/catalog/fee-schedule';

/** A percentage fee in thousandths: price x bps / 10000, half up (prices here are positive). */
export const percentFee = (price: number, bps: number) => Math.floor((price * bps + 5000) / 10000);

/**
 * What a Steam seller receives when the buyer pays `price` (thousandths): in whole cents, the largest amount
 * R with R + max(floor(5 % of R), 1) + max(floor(game fee of R), 1) not above the price (Steam's
 * listing dialog: the seller receives $1.00 of $1.15). Below 3 cents nothing.
 */
export function steamReceives(price: number, gameFeeBps: number): number {
  const cents = Math.floor(price / 10);
  if (cents < 3) return 0;
  const pays = (r: number) =>
    r +
    Math.max(Math.floor((r * STEAM_WALLET_FEE_BPS) / 10000), 1) +
    (gameFeeBps > 0 ? Math.max(Math.floor((r * gameFeeBps) / 10000), 1) : 0);
  let r = Math.max(0, Math.floor(cents / 1.15) - 3);
  while (pays(r + 1) <= cents) r++;
  return r * 10;
}

export type UserFees = Record<string, { buyBps: number; sellBps: number }>;

export interface AppliedFee {
  /** The fee in thousandths (always positive or 0). */
  fee: number;
  /** How the deal working names it: "2.5 %" or "Steam fee (5 % + 10 % game fee, each floored, min. 1 ¢)". */
  text: string;
}

const pctText = (bps: number) => {
  const u = Math.floor(bps / 100);
  const f = bps % 100;
  return f === 0 ? String(u) : `${u}.${String(f).padStart(2, '0').replace(/0$/, '')}`;
};

/** The fee on one side of a trade at `market`: the user's figure (which replaces both sides), else the default. */
export function appliedFee(
  side: 'buy' | 'sell',
  market: string,
  price: number,
  user: UserFees,
  game = 730,
): AppliedFee {
  const own = user[market];
  const schedule = DEFAULT_FEE_SCHEDULE[market];
  const rule = own
    ? { kind: 'percent' as const, bps: side === 'buy' ? own.buyBps : own.sellBps }
    : ((side === 'buy' ? schedule?.buyer : schedule?.seller) ?? { kind: 'percent' as const, bps: 0 });
  if (rule.kind === 'steam') {
    const gameFee = STEAM_PUBLISHER_FEE_BPS[game];
    // A game whose publisher fee is not published (Rust): what the seller receives is unknown.
    if (gameFee === undefined) return { fee: NaN, text: 'Steam fee (game fee not published: unknown)' };
    return {
      fee: price - steamReceives(price, gameFee),
      text: `Steam fee (${pctText(STEAM_WALLET_FEE_BPS)} % + ${pctText(gameFee)} % game fee, each floored, min. 1 ¢)`,
    };
  }
  return { fee: percentFee(price, rule.bps), text: `${pctText(rule.bps)} %` };
}
