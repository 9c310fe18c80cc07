/**
 * Alert evaluation, the pure part: given an alert, its state and what the latest prices say, does it fire?
 * Every condition is a value against a line (ask below, bid above, spread above, change within a window
 * above N %). It fires when the value crosses the line while armed, held `holdPolls` polls in a row; then it
 * re-arms past the hysteresis band, and two firings are at least the cool-down apart. A value already past
 * the line when first seen waits for a real crossing. The README (Evaluation) has the details.
 * No clock, no I/O: `now` is given, so the tests replay any sequence of prices.
 */
import { MAX_WINDOW_POINTS, freshState, type Alert, type AlertState, type Condition } from './types';

export type Side = 'below' | 'above';

/** The line a condition's value is compared with, and on which side it fires. */
export function lineOf(c: Condition): { threshold: number; fires: Side } {
  switch (c.kind) {
    case 'ask-below':
      return { threshold: c.price, fires: 'below' };
    case 'bid-above':
      return { threshold: c.price, fires: 'above' };
    case 'spread-above':
      return { threshold: c.value, fires: 'above' };
    case 'change':
      return { threshold: c.percent, fires: 'above' };
    case 'mark':
      return { threshold: c.price, fires: c.direction };
  }
}

/** The hysteresis band in the condition's unit (thousandths or percentage points). */
function bandOf(alert: Pick<Alert, 'condition' | 'hysteresis'>): number {
  const h = alert.hysteresis;
  if (h.unit === 'amount') return h.value;
  return (Math.abs(lineOf(alert.condition).threshold) * h.value) / 100;
}

/** The value is past the line (strictly: a value on the line is not past it). */
export function isPast(c: Condition, value: number): boolean {
  const { threshold, fires } = lineOf(c);
  return fires === 'below' ? value < threshold : value > threshold;
}

/** Where a disarmed alert re-arms: the value at or beyond this, on the other side of the line. */
export function rearmLevel(alert: Pick<Alert, 'condition' | 'hysteresis'>): number {
  const { threshold, fires } = lineOf(alert.condition);
  const band = bandOf(alert);
  return fires === 'below' ? threshold + band : threshold - band;
}

/** The value has gone back past the line by the hysteresis band. */
function isBackPast(alert: Pick<Alert, 'condition' | 'hysteresis'>, value: number): boolean {
  const level = rearmLevel(alert);
  return lineOf(alert.condition).fires === 'below' ? value >= level : value <= level;
}

/** [time, price]: a change point of an alert's price. */
export type WindowPoint = [number, number];

/**
 * The price's change points within the window ending at `at`, plus the last one before it (its price held
 * at the window's start). A price equal to the last point adds nothing; a time before the last point (a
 * clock set back) starts the window afresh.
 */
export function updateWindow(
  window: readonly WindowPoint[],
  at: number,
  price: number,
  windowMs: number,
): WindowPoint[] {
  const last = window[window.length - 1];
  let points: WindowPoint[];
  if (last && at < last[0]) points = [[at, price]];
  else if (!last || last[1] !== price) points = [...window, [at, price]];
  else points = window.slice();
  return trimWindow(points, at - windowMs);
}

/** The points from the last one at or before `start` on (at most MAX_WINDOW_POINTS, the newest). */
export function trimWindow(points: WindowPoint[], start: number): WindowPoint[] {
  let first = 0;
  while (first + 1 < points.length && (points[first + 1] as WindowPoint)[0] <= start) first++;
  if (first > 0) points = points.slice(first);
  if (points.length > MAX_WINDOW_POINTS) points = points.slice(points.length - MAX_WINDOW_POINTS);
  return points;
}

/** A change condition's check at `now` at `price`: the window with the price added, and the change in it. */
export function changeAt(
  c: Extract<Condition, { kind: 'change' }>,
  window: readonly WindowPoint[],
  now: number,
  price: number,
): { window: WindowPoint[]; value: number | null } {
  const w = updateWindow(window, now, price, c.windowMs);
  return { window: w, value: changeOf(w, price, c.direction) };
}

/**
 * The largest move to the current price within the window, in %: up from the window's lowest price, down
 * from its highest, or whichever is larger. null when a reference price is not positive.
 */
export function changeOf(
  window: readonly WindowPoint[],
  price: number,
  direction: 'up' | 'down' | 'either',
): number | null {
  let min = price;
  let max = price;
  for (const [, v] of window) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const up = min > 0 ? ((price - min) / min) * 100 : null;
  const down = max > 0 ? ((max - price) / max) * 100 : null;
  if (direction === 'up') return up;
  if (direction === 'down') return down;
  if (up === null || down === null) return up ?? down;
  return Math.max(up, down);
}

/** What the latest prices say for one alert (observe.ts). */
export interface Observation {
  /** The level (price, spread) for the value conditions; the price for a change condition. null: none. */
  value: number | null;
  /** The ask or bid behind it (for display and the history). */
  price: number | null;
  /** The market the price is on. */
  market: string | null;
  /** Why there is no value ('untrusted': only quotes flagged untrusted, and the alert requires a trusted one). */
  missing: 'item' | 'market' | 'price' | 'untrusted' | null;
  /** When the quote behind it last changed, as observed (market/trust); null: not known yet, or no one quote (the mark). */
  changedAt?: number | null;
}

export interface StepResult {
  state: AlertState;
  /** The alert fires now. */
  fired: boolean;
  /** Past the line and armed, but within the cool-down of the last firing. */
  cooling: boolean;
}

/** One check of one alert at `now` against the prices of data source `source`. */
export function step(alert: Alert, prev: AlertState, obs: Observation, now: number, source: string | null): StepResult {
  // Values from another data source (demo <-> a service) are not comparable: start over, without firing.
  const s =
    prev.source === source && prev.id === alert.id
      ? prev
      : { ...freshState(alert.id, source), lastFiredAt: prev.lastFiredAt };
  const c = alert.condition;
  let window = s.window;
  let value = obs.value;
  if (c.kind === 'change') {
    if (value !== null) ({ window, value } = changeAt(c, window, now, value));
  } else if (window.length > 0) window = [];
  const base: AlertState = {
    ...s,
    window,
    lastValue: value,
    lastPrice: obs.price,
    lastMarket: obs.market,
    missing: value === null ? (obs.missing ?? 'price') : null,
    lastAt: now,
  };
  const none = { fired: false, cooling: false };
  // No value now (no listing, item or market not loaded, only untrusted quotes): the alert keeps its arming,
  // and a run of polls past the line is broken.
  if (value === null) return { state: { ...base, held: 0 }, ...none };
  const past = isPast(c, value);
  const held = past ? s.held + 1 : 0;
  if (s.armed === null) return { state: { ...base, held: 0, armed: !past }, ...none };
  if (!s.armed) return { state: { ...base, held: 0, armed: isBackPast(alert, value) }, ...none };
  if (!past) return { state: { ...base, held }, ...none };
  if (held < alert.holdPolls) return { state: { ...base, held }, ...none };
  const since = s.lastFiredAt === null ? Infinity : now - s.lastFiredAt;
  if (since >= 0 && since < alert.cooldownMs) return { state: { ...base, held }, fired: false, cooling: true };
  return { state: { ...base, held: 0, armed: false, lastFiredAt: now }, fired: true, cooling: false };
}

/** An alert set to stay silent while the item is flagged unstable, and the item is. */
export function isSilenced(alert: Pick<Alert, 'silentWhenUnstable'>, unstable: readonly string[] | null): boolean {
  return alert.silentWhenUnstable && unstable !== null && unstable.length > 0;
}

/**
 * The state of a new or edited alert, from what the user saw when saving it: armed unless the value is
 * already past the line (then it waits for the value to come back and cross again). `seed`: a change
 * alert's window as the price history has it (then "past the line" counts the change already in it).
 */
export function initialState(
  alert: Alert,
  obs: Observation | null,
  now: number,
  source: string | null,
  seed: readonly WindowPoint[] = [],
): AlertState {
  // A change alert's window starts from the price history when there is one (model/seed.ts).
  const fresh = { ...freshState(alert.id, source), window: alert.condition.kind === 'change' ? [...seed] : [] };
  if (!obs) return fresh;
  return step(alert, fresh, obs, now, source).state;
}
