/**
 * A change alert's window from the local price history, the pure part: without it a new change alert (or
 * one whose window is empty or stale when first checked after a start) would measure its change only from
 * the prices it sees from then on, so a "24 h" alert could not fire for a day. The runtime reads the item's
 * recorded asks or bids over the window, sampled (history/client.ts `item`), and the window is built here
 * as the checks would have built it at the history's times. The README (Change windows) says how.
 */
import { buyFeeCode, netAsk, netBid, sellFeeCode, type FeeTable } from '../../../market/model/price-arithmetic';
import { trimWindow, updateWindow, type WindowPoint } from './evaluate';
import { ANY_MARKET, freshState, type Alert, type AlertState } from './types';

/** Slots the window is read in (within MAX_WINDOW_POINTS). */
export const SEED_SLOTS = 1440;

type SeedAlert = Pick<Alert, 'market' | 'condition' | 'net'>;

/** The markets a snapshot loads, per side (the markets "any" means). */
export interface LoadedMarkets {
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
}

/** What a history read gives (history/sampling.ts SampledHistory has this shape). */
export interface HistorySample {
  /** Series keys: "a:<slug>" asks, "b:<slug>" bids. */
  series: readonly string[];
  /** Slot end times. */
  times: ArrayLike<number>;
  /** Per series, its value at each slot end (NaN: none). */
  values: ReadonlyArray<ArrayLike<number>>;
}

export interface SeedRead {
  from: number;
  to: number;
  slots: number;
  /** The markets whose series make the alert's price. */
  markets: string[];
  /** Their series keys (the history read's `markets`). */
  keys: string[];
}

/**
 * The history read that seeds a change alert's window at `now`: [now − windowMs − one slot, now] in
 * SEED_SLOTS + 1 slots, so the first slot ends at the window's start. null for other kinds.
 */
export function seedRead(alert: SeedAlert, loaded: LoadedMarkets, now: number): SeedRead | null {
  const c = alert.condition;
  if (c.kind !== 'change') return null;
  const markets =
    alert.market !== ANY_MARKET ? [alert.market] : [...(c.side === 'ask' ? loaded.askMarkets : loaded.bidMarkets)];
  const prefix = c.side === 'ask' ? 'a:' : 'b:';
  return {
    from: now - c.windowMs - c.windowMs / SEED_SLOTS,
    to: now,
    slots: SEED_SLOTS + 1,
    markets,
    keys: markets.map((m) => prefix + m),
  };
}

/**
 * The alert's price at each time of the sample (see the file's comment), times without a price left out.
 * `markets`: seedRead()'s.
 */
export function historyPrices(
  alert: SeedAlert,
  h: HistorySample,
  markets: readonly string[],
  fees: FeeTable,
): WindowPoint[] {
  const c = alert.condition;
  if (c.kind !== 'change') return [];
  const ask = c.side === 'ask';
  const cols: Array<{ values: ArrayLike<number>; fee: number }> = [];
  for (const slug of markets) {
    const s = h.series.indexOf((ask ? 'a:' : 'b:') + slug);
    const values = h.values[s];
    if (s < 0 || !values) continue;
    const fee = fees[slug];
    cols.push({ values, fee: alert.net ? (ask ? buyFeeCode(fee) : sellFeeCode(fee)) : 0 });
  }
  const out: WindowPoint[] = [];
  for (let j = 0; j < h.times.length; j++) {
    let best = NaN;
    for (const { values, fee } of cols) {
      const raw = values[j] as number;
      if (Number.isNaN(raw)) continue;
      const v = ask ? netAsk(raw, fee) : netBid(raw, fee);
      if (Number.isNaN(v)) continue; // a fee nobody knows: no net price
      if (Number.isNaN(best) || (ask ? v < best : v > best)) best = v;
    }
    // Slot ends are whole milliseconds in the state (a slot can be a fraction of one).
    if (!Number.isNaN(best)) out.push([Math.round(h.times[j] as number), best]);
  }
  return out;
}

/**
 * The window at `now` from the history's prices, as updateWindow builds it check by check: the changes
 * within [now − windowMs, now] and the price held at the start. `prior` (a stale window kept from before)
 * adds its points older than the history's first. Empty when neither has a price up to `now`.
 */
export function seedWindow(
  alert: SeedAlert,
  prices: readonly WindowPoint[],
  now: number,
  prior: readonly WindowPoint[] = [],
): WindowPoint[] {
  const c = alert.condition;
  if (c.kind !== 'change') return [];
  const firstAt = prices[0]?.[0] ?? Infinity;
  let window: WindowPoint[] = [];
  for (const [t, v] of [...prior.filter((p) => p[0] < firstAt), ...prices])
    if (t <= now) window = updateWindow(window, t, v, c.windowMs);
  return trimWindow(window, now - c.windowMs);
}

/**
 * A change alert's state at its first check after a start wants the history: its window is empty, or
 * stale (nothing newer than the window's start: only a price held from before), or the check would start
 * it afresh (another data source).
 */
export function needsSeed(
  alert: Pick<Alert, 'id' | 'condition'>,
  state: AlertState,
  now: number,
  source: string | null,
): boolean {
  const c = alert.condition;
  if (c.kind !== 'change') return false;
  const last = state.window[state.window.length - 1];
  return state.source !== source || state.id !== alert.id || !last || last[0] <= now - c.windowMs;
}

/** The state with the seeded window (starting afresh, as step() would, when it was of another source). */
export function withSeed(
  alert: Pick<Alert, 'id'>,
  state: AlertState,
  window: WindowPoint[],
  source: string | null,
): AlertState {
  if (state.source === source && state.id === alert.id) return { ...state, window };
  return { ...freshState(alert.id, source), lastFiredAt: state.lastFiredAt, window };
}
