/**
 * The fees "net of fees" uses: the shipped schedule (shared/catalog/fee-schedule.ts, each market's public fee
 * page, dated), with the user's own figures over it. A market whose fee no public page gave, and that the
 * user has not set, counts as 0 in the grid and is shown as "unknown", never as a fee of 0. Steam for a game
 * whose publisher fee is not published has no net at all (UNKNOWN_FEE_CODE): its net is "—" everywhere.
 */
import {
  DEFAULT_FEE_SCHEDULE,
  STEAM_PUBLISHER_FEE_BPS,
  type FeeRule,
  type FeeSchedule,
} from '../../../shared/catalog/fee-schedule';
import type { FeeTable, MarketFee } from '../model/price-arithmetic';

export interface FeeOverride {
  buyBps: number;
  sellBps: number;
}

function percentOf(rule: FeeRule | null): number {
  return rule?.kind === 'percent' ? rule.bps : 0;
}

/** The schedule's fee of one market for one game (null: none published). */
export function defaultFee(slug: string, game: number): MarketFee | null {
  const s = DEFAULT_FEE_SCHEDULE[slug];
  if (!s || (s.buyer === null && s.seller === null)) return null;
  const fee: MarketFee = { buyBps: percentOf(s.buyer), sellBps: percentOf(s.seller) };
  if (s.seller?.kind === 'steam') {
    const publisher = STEAM_PUBLISHER_FEE_BPS[game];
    // A game whose publisher fee is not published (Rust): Steam's 5 % is certain but the total is not, so the
    // seller's net is unknown rather than overstated by counting the game's fee as 0.
    fee.steamPublisherBps = publisher ?? null;
  }
  return fee;
}

/** Defaults for every market of the schedule, then the user's overrides (which replace a market's both sides). */
export function effectiveFees(overrides: Readonly<Record<string, FeeOverride>>, game: number): FeeTable {
  const table: Record<string, MarketFee> = {};
  for (const slug of Object.keys(DEFAULT_FEE_SCHEDULE)) {
    const d = defaultFee(slug, game);
    if (d && (d.buyBps !== 0 || d.sellBps !== 0 || d.steamPublisherBps !== undefined)) table[slug] = d;
  }
  for (const [slug, o] of Object.entries(overrides)) table[slug] = { buyBps: o.buyBps, sellBps: o.sellBps };
  return table;
}

export type FeeOrigin = 'custom' | 'default' | 'unknown';

/** Where one side of a market's fee comes from in this game, for the Markets & fees dialog and "is the net known". */
export function feeOrigin(
  slug: string,
  side: 'buyer' | 'seller',
  overrides: Readonly<Record<string, FeeOverride>>,
  game: number,
): FeeOrigin {
  if (overrides[slug]) return 'custom';
  const rule = DEFAULT_FEE_SCHEDULE[slug]?.[side];
  if (rule?.kind === 'steam' && steamGameFeeBps(game) === null) return 'unknown';
  return rule ? 'default' : 'unknown';
}

export function feeSchedule(slug: string): FeeSchedule | null {
  return DEFAULT_FEE_SCHEDULE[slug] ?? null;
}

/** Steam's publisher (game) fee of this game, or null where none is published (the Steam seller fee is then unknown). */
export function steamGameFeeBps(game: number): number | null {
  return STEAM_PUBLISHER_FEE_BPS[game] ?? null;
}
