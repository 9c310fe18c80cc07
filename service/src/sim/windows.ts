/**
 * Counts over the trailing 24h / 7d / 30d / 90d windows from per-day totals. The cumulative count is
 * "all earlier days + floor(today's total * fraction of today elapsed)", so each window is a difference of
 * one non-decreasing function and windows nest (24h <= 7d <= 30d <= 90d) by construction.
 *
 * Per item the day totals are summarized once per day into PARTS slots (see below); a window at any
 * moment of the day is then O(1).
 */

/** Slots of a per-item parts record. d_j is the total of day D-1-j (yesterday is j = 0). */
const P_TODAY = 0; // today's full-day total
const P_D0 = 1; // d_0
const P_SUM6 = 2; // d_0 + .. + d_5
const P_D6 = 3; // d_6
const P_SUM29 = 4; // d_0 + .. + d_28
const P_D29 = 5; // d_29
const P_SUM89 = 6; // d_0 + .. + d_88
const P_D89 = 7; // d_89
export const PARTS = 8;
/** Records that only serve 24h / 7d windows keep the first four slots. */
export const PARTS_7D = 4;

/**
 * Fills parts[base..base+slots) (slots = PARTS, or PARTS_7D for 24h / 7d only) from today's total and
 * days[0..count) (d_j; 0 before release).
 */
export function fillParts(
  parts: Int32Array,
  base: number,
  today: number,
  days: ArrayLike<number>,
  count: number,
  slots = PARTS,
): void {
  let sum = 0;
  parts.fill(0, base, base + slots);
  parts[base + P_TODAY] = today;
  for (let j = 0; j < count; j++) {
    const v = days[j]!;
    if (j === 0) parts[base + P_D0] = v;
    if (j === 6) {
      parts[base + P_SUM6] = sum;
      parts[base + P_D6] = v;
    }
    if (slots === PARTS && j === 29) {
      parts[base + P_SUM29] = sum;
      parts[base + P_D29] = v;
    }
    if (slots === PARTS && j === 89) {
      parts[base + P_SUM89] = sum;
      parts[base + P_D89] = v;
    }
    sum += v;
  }
  if (count <= 6) parts[base + P_SUM6] = sum;
  if (slots === PARTS && count <= 29) parts[base + P_SUM29] = sum;
  if (slots === PARTS && count <= 89) parts[base + P_SUM89] = sum;
}

/** Count still inside a window of the day total v at `frac` of today elapsed (its later part). */
function tail(v: number, frac: number): number {
  return v - Math.floor(v * frac);
}

/** Today's part so far. */
export function todayCount(parts: Int32Array, base: number, frac: number): number {
  return Math.floor(parts[base + P_TODAY]! * frac);
}

export function count24h(parts: Int32Array, base: number, frac: number): number {
  return todayCount(parts, base, frac) + tail(parts[base + P_D0]!, frac);
}

export function count7d(parts: Int32Array, base: number, frac: number): number {
  return todayCount(parts, base, frac) + parts[base + P_SUM6]! + tail(parts[base + P_D6]!, frac);
}

export function count30d(parts: Int32Array, base: number, frac: number): number {
  return todayCount(parts, base, frac) + parts[base + P_SUM29]! + tail(parts[base + P_D29]!, frac);
}

export function count90d(parts: Int32Array, base: number, frac: number): number {
  return todayCount(parts, base, frac) + parts[base + P_SUM89]! + tail(parts[base + P_D89]!, frac);
}
