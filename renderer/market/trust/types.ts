/**
 * How far a price can be trusted: the shapes the data worker computes after every poll (trust.ts) and
 * the pages read. The service gives no timestamps; everything here is observed by Market Desk's own
 * polls and history, so a figure not observed yet is "unknown", never guessed.
 *
 * Cells follow the snapshot's layout (model/snapshot.ts): ask cell = item * askMarkets.length + k,
 * bid cell = item * bidMarkets.length + k. Times are ms since epoch; NaN = not known yet.
 */

/** Per-cell flag bits (askFlags / bidFlags). */
export const TRUST_FLAG = {
  /** Far above the item's other markets (robust rule: outliers.ts). */
  outlierHigh: 1,
  /** Far below the item's other markets. */
  outlierLow: 2,
  /** The cell's market is stalled for this game (see MarketStall). */
  stalledMarket: 4,
} as const;

/** Bits that make a quote untrusted (left out of the trusted best ask and bid). */
export const UNTRUSTED = TRUST_FLAG.outlierHigh | TRUST_FLAG.outlierLow | TRUST_FLAG.stalledMarket;

/** A market whose feed looks stalled in one game, and why. */
export interface MarketStall {
  market: string;
  side: 'ask' | 'bid';
  /** 'frozen': none of its quotes moved over the last polls while the other markets' did; 'count-fell': the items it quotes fell sharply. */
  reason: 'frozen' | 'count-fell';
  /** ms since epoch of the first poll at which it looked stalled. */
  since: number;
  /** Polls looked at, and the share of this market's quotes that changed over them against the others' median share (0..1). */
  polls: number;
  changedShare: number;
  othersShare: number;
  /** Items it quotes now, and the most it quoted over the polls looked at. */
  itemCount: number;
  itemCountBefore: number;
}

/** One game's trust at one poll: attached to the snapshot as SnapshotData.trust, typed arrays transferred. */
export interface TrustData {
  game: number;
  /** The poll it was computed at (ms since epoch). */
  at: number;
  /** Polls observed for this game so far (across restarts). */
  polls: number;
  /** Per ask cell: when the ask last changed / was first seen quoted / was last quoted by its market (NaN: unknown yet). */
  askChangedAt: Float64Array;
  askFirstSeenAt: Float64Array;
  askLastQuotedAt: Float64Array;
  /** Per bid cell: when the best buy order last changed (NaN: unknown yet). */
  bidChangedAt: Float64Array;
  /** Per cell: TRUST_FLAG bits. */
  askFlags: Uint8Array;
  bidFlags: Uint8Array;
  /** Markets stalled in this game now (empty when none). */
  stalls: MarketStall[];
  /**
   * Set when the observed ages could not be kept on disk (a failed or refused write, a database saved by a
   * newer build, no IndexedDB): the sentence to show the user. The ages stay right until Market Desk closes.
   */
  storeProblem?: string;
}

export type ConfidenceLevel = 'high' | 'medium' | 'low';

export type ConfidenceReasonCode =
  'age-unknown' | 'old-quote' | 'stalled-market' | 'outlier' | 'unstable' | 'low-liquidity' | 'thin';

export interface ConfidenceReason {
  code: ConfidenceReasonCode;
  /** Said on hover and in the detail panel, e.g. "best ask unchanged for 3 h 10 min". */
  text: string;
}

export interface Confidence {
  level: ConfidenceLevel;
  reasons: ConfidenceReason[];
}

/** Which quotes the best ask and bid are taken from: trusted ones only (default) or all. */
export type QuoteChoice = 'trusted' | 'all';

/** A mark price's inputs, shown in the detail panel. */
export interface MarkInputs {
  /** Thousandths; null when there is no trusted quote to mark from. */
  mark: number | null;
  /** The net asks used (market, price, depth weight), and the bid bound. */
  asks: Array<{ market: string; price: number; weight: number }>;
  boundedByBid: { market: string; price: number } | null;
  /** One sentence saying how it was computed. */
  rule: string;
}

/** What one row's confidence is judged from (confidence.ts): the trust, the row's derived bests and the service's own signals. */
export interface ConfidenceInput {
  trust: TrustData | undefined;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  item: number;
  /** Columns (into askMarkets / bidMarkets) of the best ask and bid the row shows, -1 when none. */
  bestAskCol: number;
  bestBidCol: number;
  /** Offers on the best ask's market and orders on the best bid's market (NaN when unknown). */
  askDepth: number;
  bidDepth: number;
  /** From getPriceRecommendations where loaded: the unstable reasons and liquidity_score (null when not loaded). */
  unstableReasons: readonly string[] | null;
  liquidityScore: number | null;
  /** The user's age threshold (ms) beyond which a quote counts as old. */
  oldAfterMs: number;
}
