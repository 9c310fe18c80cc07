/**
 * Suggested prices joined with live asks and bids: for every recommended item, the best ask and best bid
 * across the user's markets (the grid's per-row figures, so "net of fees" means the same) and their gap to
 * the suggested price; and the deal figures, which always count the acting market's fee:
 *   buy:  cost     = best ask + that market's buyer fee;   gain = suggested - cost
 *   sell: proceeds = best bid - that market's seller fee;  gain = proceeds - suggested
 * Percentages are of the suggested price. Money in thousandths; NaN / -1 mean none (shown "—").
 */
import { cellValue, type Snapshot } from '../model/snapshot';
import type { Derived } from '../model/derived-columns';
import type { RecColumns } from './rec-columns';

export interface RecJoin {
  /** The grid row of each recommended item, -1 when the grid has no such item. */
  gridRow: Int32Array;
  /** As the grid shows them (net of fees when that setting is on). */
  ask: Float64Array;
  askCol: Int16Array;
  bid: Float64Array;
  bidCol: Int16Array;
  askGap: Float64Array;
  askGapPct: Float64Array;
  bidGap: Float64Array;
  bidGapPct: Float64Array;
  /** Always after the acting market's fee. */
  buyCost: Float64Array;
  buyCol: Int16Array;
  buyGain: Float64Array;
  buyGainPct: Float64Array;
  sellProceeds: Float64Array;
  sellCol: Int16Array;
  sellGain: Float64Array;
  sellGainPct: Float64Array;
}

export interface JoinInput {
  recs: Pick<RecColumns, 'n' | 'names' | 'suggested'>;
  snap: Snapshot;
  /** The grid's figures with the user's "net of fees" setting. */
  shown: Derived;
  /** The same with fees always counted (identical to `shown` when net is on). */
  net: Derived;
}

const pct = (gap: number, base: number): number => (base > 0 ? (gap / base) * 100 : NaN);

export function joinRecs({ recs, snap, shown, net }: JoinInput): RecJoin {
  const n = recs.n;
  const f = () => new Float64Array(n).fill(NaN);
  const c = () => new Int16Array(n).fill(-1);
  const j: RecJoin = {
    gridRow: new Int32Array(n).fill(-1),
    ask: f(),
    askCol: c(),
    bid: f(),
    bidCol: c(),
    askGap: f(),
    askGapPct: f(),
    bidGap: f(),
    bidGapPct: f(),
    buyCost: f(),
    buyCol: c(),
    buyGain: f(),
    buyGainPct: f(),
    sellProceeds: f(),
    sellCol: c(),
    sellGain: f(),
    sellGainPct: f(),
  };
  // Both lists usually come in the service's one item order: then item i is grid row i, with no name
  // lookup (whose map over every grid name is most of a join). With duplicate grid names a name's row is
  // the first of them (indexOfName), so the shortcut is taken only without any.
  const names = recs.names;
  const gridNames = snap.notes.duplicateNames === 0 ? snap.names : [];
  for (let i = 0; i < n; i++) {
    const name = names[i] ?? '';
    const g = gridNames[i] === name ? i : snap.indexOfName(name);
    if (g < 0) continue;
    j.gridRow[i] = g;
    const s = recs.suggested[i] as number;
    const a = shown.bestAsk[g] as number;
    const b = shown.bestBid[g] as number;
    j.ask[i] = a;
    j.askCol[i] = shown.bestAskCol[g] as number;
    j.bid[i] = b;
    j.bidCol[i] = shown.bestBidCol[g] as number;
    j.askGap[i] = a - s;
    j.askGapPct[i] = pct(a - s, s);
    j.bidGap[i] = b - s;
    j.bidGapPct[i] = pct(b - s, s);
    const cost = net.bestAsk[g] as number;
    const proceeds = net.bestBid[g] as number;
    j.buyCost[i] = cost;
    j.buyCol[i] = net.bestAskCol[g] as number;
    j.buyGain[i] = s - cost;
    j.buyGainPct[i] = pct(s - cost, s);
    j.sellProceeds[i] = proceeds;
    j.sellCol[i] = net.bestBidCol[g] as number;
    j.sellGain[i] = proceeds - s;
    j.sellGainPct[i] = pct(proceeds - s, s);
  }
  return j;
}

export type DealSide = 'buy' | 'sell';

/** How one deal's number was computed, for its tooltip and the CSV: every term in thousandths. */
export interface DealWorking {
  side: DealSide;
  market: string;
  /** The market's ask (buy) or buy order (sell) as listed. */
  price: number;
  /** The market's fee (price-arithmetic.ts FeeCode: basis points, or Steam's function) and in money (added when buying, deducted when selling). */
  feeCode: number;
  fee: number;
  /** price + fee (buy) or price - fee (sell). */
  after: number;
  suggested: number;
  gain: number;
  gainPct: number;
}

export function dealWorking(
  side: DealSide,
  i: number,
  recs: Pick<RecColumns, 'suggested'>,
  join: RecJoin,
  snap: Snapshot,
  net: Derived,
): DealWorking | null {
  const g = join.gridRow[i] as number;
  const col = (side === 'buy' ? join.buyCol[i] : join.sellCol[i]) as number;
  const suggested = recs.suggested[i] as number;
  if (g < 0 || col < 0 || Number.isNaN(suggested)) return null;
  const price =
    side === 'buy'
      ? cellValue(snap, 'ask', g * snap.askMarkets.length + col)
      : cellValue(snap, 'bid', g * snap.bidMarkets.length + col);
  const after = (side === 'buy' ? join.buyCost[i] : join.sellProceeds[i]) as number;
  if (price === null || Number.isNaN(after)) return null;
  return {
    side,
    market: (side === 'buy' ? snap.askMarkets[col] : snap.bidMarkets[col]) ?? '',
    price,
    feeCode: (side === 'buy' ? net.askFee[col] : net.bidFee[col]) ?? 0,
    fee: Math.abs(after - price),
    after,
    suggested,
    gain: (side === 'buy' ? join.buyGain[i] : join.sellGain[i]) as number,
    gainPct: (side === 'buy' ? join.buyGainPct[i] : join.sellGainPct[i]) as number,
  };
}
