/**
 * Sorting by index arrays. Every sortable column is a number per item (money in thousandths, counts,
 * percent in thousandths of a percent, the name's rank); each item gets one Float64 key
 *   (value, flipped for descending) * 2^21 + name rank
 * and Float64Array.prototype.sort() (native, numeric, no comparator) orders 37k keys in a few ms.
 * Items without a value always sort last, in both directions; ties are in name order.
 */

export type SortDir = 'asc' | 'desc';

/** The other direction (a second click on a sorted column). */
export const flipDir = (dir: SortDir): SortDir => (dir === 'asc' ? 'desc' : 'asc');

const RANK_BITS = 2 ** 21; // up to 2,097,152 items
const OFFSET = 2 ** 31;
const MISSING = 2 ** 32 - 1;
const LO = -(2 ** 31) + 2;
const HI = 2 ** 31 - 2;

/**
 * Items ordered by `values` (NaN = no value). `nameRank[i]` is item i's position in name order and
 * `byName[r]` the item at name position r (so ties keep name order and the key decodes to an item).
 * `scale` multiplies values before rounding (e.g. 1000 to keep percent decimals).
 */
export function sortByValues(
  values: ArrayLike<number>,
  dir: SortDir,
  nameRank: Int32Array,
  byName: Int32Array,
  scale = 1,
): Int32Array {
  const n = nameRank.length;
  if (n >= RANK_BITS) return sortByComparator(values, dir, nameRank);
  const keys = new Float64Array(n);
  const desc = dir === 'desc';
  for (let i = 0; i < n; i++) {
    const raw = values[i] as number;
    let q: number;
    if (raw !== raw)
      q = MISSING; // NaN
    else {
      q = quantized(raw, scale) + OFFSET; // 2 .. 2^32-2
      if (desc) q = 2 ** 32 - q;
    }
    keys[i] = q * RANK_BITS + (nameRank[i] as number);
  }
  keys.sort();
  const out = new Int32Array(n);
  for (let j = 0; j < n; j++) out[j] = byName[(keys[j] as number) % RANK_BITS] as number;
  return out;
}

/** The value as the sort key holds it: scaled, rounded and clamped (values equal here are ties). */
function quantized(raw: number, scale: number): number {
  const v = Math.round(raw * scale);
  return v < LO ? LO : v > HI ? HI : v;
}

/**
 * The order sortByValues gives the other way, from one it gave (same values, scale, names): the items with a
 * value in reverse, each run of ties kept in name order, then those without a value as they were. Linear,
 * where sorting again is n log n (about 7 ms on the CS2 catalog).
 */
export function otherDirection(order: Int32Array, values: ArrayLike<number>, scale = 1): Int32Array {
  const n = order.length;
  // The comparator sort of huge catalogs compares the values as they are.
  const keyOf = n >= RANK_BITS ? (raw: number) => raw : (raw: number) => quantized(raw, scale);
  const out = new Int32Array(n);
  let end = n;
  while (end > 0 && Number.isNaN(values[order[end - 1] as number] as number)) end--;
  out.set(order.subarray(end), end);
  let w = 0;
  while (end > 0) {
    const key = keyOf(values[order[end - 1] as number] as number);
    let start = end - 1;
    while (start > 0 && keyOf(values[order[start - 1] as number] as number) === key) start--;
    for (let j = start; j < end; j++) out[w++] = order[j] as number;
    end = start;
  }
  return out;
}

function sortByComparator(values: ArrayLike<number>, dir: SortDir, nameRank: Int32Array): Int32Array {
  const n = nameRank.length;
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  const sign = dir === 'asc' ? 1 : -1;
  return idx.sort((a, b) => {
    const va = values[a] as number;
    const vb = values[b] as number;
    const ma = va !== va;
    const mb = vb !== vb;
    if (ma || mb) return ma === mb ? (nameRank[a] as number) - (nameRank[b] as number) : ma ? 1 : -1;
    if (va !== vb) return (va < vb ? -1 : 1) * sign;
    return (nameRank[a] as number) - (nameRank[b] as number);
  });
}

/** Name order, either way. */
export function sortByName(byName: Int32Array, dir: SortDir): Int32Array {
  return dir === 'asc' ? byName.slice() : byName.slice().reverse();
}
