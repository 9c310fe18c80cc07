/**
 * A row's confidence as the grid and the detail panel judge it: the input confidence.ts reads (the trust,
 * the row's bests and their depth, the service's own unstable reasons and liquidity where the
 * recommendations are loaded), built the same way on both, and the badge's words.
 */
import { reasonCodes, type RecColumns } from '../../market/recommendations/rec-columns';
import type { Derived } from '../../market/model/derived-columns';
import { cellValue, type Snapshot } from '../../market/model/snapshot';
import type { Confidence, ConfidenceInput, ConfidenceLevel } from '../../market/trust/types';
import { flagText } from './trust-text';

/** What a page shows of trust (read from snap.trust): one object per snapshot and settings. */
export interface TrustView {
  /** The time ages are counted to. */
  readonly now: number;
  /** Quotes unchanged longer than this count as old (dimmed when `dimOld`). */
  oldAfterMs: number;
  dimOld: boolean;
  /** The row's confidence (memoized per row), null while it cannot be judged. */
  confidence(item: number): Confidence | null;
  /** The same with the item's own recommendation (the detail panel's look-up; null: the list's, where loaded). */
  confidenceWith(item: number, rec: RecSignal | null): Confidence | null;
}

/** One item's unstable reasons and liquidity_score, from the recommendations. */
export interface RecSignal {
  reasons: readonly string[];
  liquidity: number | null;
}

/** What the recommendations say of an item (null: the list is not loaded, or has no such item). */
export interface RecSignals {
  of(name: string): RecSignal | null;
}

const recIndex = new WeakMap<RecColumns, Map<string, number>>();

/** Name -> the item's unstable reasons and liquidity_score, over a loaded recommendations list. */
export function recSignalsOf(recs: RecColumns): RecSignals {
  let index = recIndex.get(recs);
  if (!index) {
    index = new Map();
    for (let i = recs.names.length - 1; i >= 0; i--) index.set(recs.names[i] as string, i);
    recIndex.set(recs, index);
  }
  const map = index;
  const unknown = new Map(recs.unknownReasons);
  return {
    of(name) {
      const i = map.get(name);
      if (i === undefined) return null;
      const l = recs.liquidity[i] as number;
      return { reasons: reasonCodes(recs, unknown, i), liquidity: Number.isFinite(l) ? l : null };
    },
  };
}

/** One row's input; `rec`: that item's signals (null: not loaded). */
export function confidenceInput(
  snap: Snapshot,
  d: Derived,
  item: number,
  rec: RecSignal | null,
  oldAfterMs: number,
): ConfidenceInput {
  const bestAskCol = d.bestAskCol[item] ?? -1;
  const bestBidCol = d.bestBidCol[item] ?? -1;
  const askDepth =
    bestAskCol >= 0 ? (cellValue(snap, 'offers', item * snap.askMarkets.length + bestAskCol) ?? NaN) : NaN;
  const bidDepth = bestBidCol >= 0 ? (d.bidOrders[item] ?? NaN) : NaN;
  return {
    trust: snap.trust,
    askMarkets: snap.askMarkets,
    bidMarkets: snap.bidMarkets,
    item,
    bestAskCol,
    bestBidCol,
    askDepth,
    bidDepth,
    unstableReasons: rec ? rec.reasons : null,
    liquidityScore: rec ? rec.liquidity : null,
    oldAfterMs,
  };
}

export const LEVEL_WORD: Record<ConfidenceLevel, string> = { high: 'High', medium: 'Medium', low: 'Low' };
/** The badge's glyph: three filled dots down to one, so the level reads without colour. */
export const LEVEL_DOTS: Record<ConfidenceLevel, string> = {
  high: '\u25CF\u25CF\u25CF',
  medium: '\u25CF\u25CF\u25CB',
  low: '\u25CF\u25CB\u25CB',
};
/** Sort order: low first when ascending ("show me what to doubt"). */
export const LEVEL_RANK: Record<ConfidenceLevel, number> = { low: 0, medium: 1, high: 2 };

/** "Confidence low: best ask unchanged for 3 days; CS.MONEY stalled" (hover and screen readers). */
export function confidenceText(c: Confidence): string {
  const head = `Confidence ${c.level}`;
  return c.reasons.length ? `${head}: ${c.reasons.map((r) => r.text).join('; ')}` : `${head}: no warning`;
}

/**
 * Every row's level rank (LEVEL_RANK) for the sort and the "hide low confidence" filter; judged once per
 * snapshot and settings, off the hot paths (only when the column is sorted or the filter is on).
 */
export function confidenceRanks(
  snap: Snapshot,
  d: Derived,
  recs: RecSignals | null,
  oldAfterMs: number,
  judge: (input: ConfidenceInput) => Confidence,
): Uint8Array {
  const out = new Uint8Array(snap.n);
  for (let i = 0; i < snap.n; i++)
    out[i] = LEVEL_RANK[judge(confidenceInput(snap, d, i, recs?.of(snap.names[i] ?? '') ?? null, oldAfterMs)).level];
  return out;
}

/** A best from all quotes that differs from the trusted best: its price, market and why it was left out. */
export interface OtherBest {
  side: 'ask' | 'bid';
  price: number;
  market: string;
  /** The quote's flags in words (flagText), "" when none. */
  why: string;
}

/**
 * The bests from all quotes where they differ from the bests shown (the trusted ones; with "all quotes" the
 * two are the same and this is empty): the detail panel shows both.
 */
export function otherBests(snap: Snapshot, d: Derived, item: number): OtherBest[] {
  const out: OtherBest[] = [];
  const sides = [
    {
      side: 'ask' as const,
      all: d.allBestAsk[item] ?? NaN,
      allCol: d.allBestAskCol[item] ?? -1,
      best: d.bestAsk[item] ?? NaN,
      markets: snap.askMarkets,
      flags: snap.trust?.askFlags,
    },
    {
      side: 'bid' as const,
      all: d.allBestBid[item] ?? NaN,
      allCol: d.allBestBidCol[item] ?? -1,
      best: d.bestBid[item] ?? NaN,
      markets: snap.bidMarkets,
      flags: snap.trust?.bidFlags,
    },
  ];
  for (const s of sides) {
    if (s.allCol < 0 || Number.isNaN(s.all) || s.all === s.best) continue;
    out.push({
      side: s.side,
      price: s.all,
      market: s.markets[s.allCol] ?? '?',
      why: flagText(s.flags?.[item * s.markets.length + s.allCol] ?? 0),
    });
  }
  return out;
}
