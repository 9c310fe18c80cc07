/**
 * Seeded integer hashing: every "random" number in the simulation is a pure function of its inputs, so the
 * same seed and clock give the same bytes, and any value can be recomputed on demand instead of stored.
 * All inputs are 32-bit integers; outputs are unsigned 32-bit integers or floats in [0, 1).
 */

/** A strong 32-bit finalizer (lowbias32 by Chris Wellons): good avalanche for a handful of integer ops. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

export function hash2(a: number, b: number): number {
  return mix32(mix32(a ^ 0x9e3779b9) ^ b);
}

export function hash3(a: number, b: number, c: number): number {
  return mix32(mix32(mix32(a ^ 0x9e3779b9) ^ b) ^ c);
}

const INV_2_32 = 1 / 4294967296;

/** Unsigned 32-bit hash to a float in [0, 1). */
export function unit(h: number): number {
  return h * INV_2_32;
}

/** FNV-1a over UTF-16 code units: a stable key for a name that doesn't depend on catalog order. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Roughly standard-normal value from one hash (sum of four uniforms, rescaled): cheap and bounded (|z| < 3.5). */
export function gaussian(h: number): number {
  const a = h & 0xff;
  const b = (h >>> 8) & 0xff;
  const c = (h >>> 16) & 0xff;
  const d = h >>> 24;
  // Sum of 4 uniforms on [0,255]: mean 510, variance 4 * (256^2 - 1) / 12.
  return (a + b + c + d - 510) / 147.8;
}

/** A per-purpose key derived from an item key, so hot loops hash knots with a single mix32. */
export function salted(key: number, salt: number): number {
  return mix32(key ^ Math.imul(salt, 0x85ebca6b));
}

/** Hash of a knot (or any integer) under a salted key: one mix32. */
export function knot(saltedKey: number, k: number): number {
  return mix32(saltedKey ^ Math.imul(k, 0x9e3779b1));
}

/**
 * 1-D value noise in [-1, 1]: hashed values at knots `spacing` apart, smoothly interpolated. Time t is in
 * epochs (integers), so a knot index fits a 32-bit integer for any realistic clock.
 */
export function valueNoise(saltedKey: number, t: number, spacing: number): number {
  const k = Math.floor(t / spacing);
  const f = t / spacing - k;
  const a = unit(knot(saltedKey, k));
  if (f === 0) return a * 2 - 1;
  const b = unit(knot(saltedKey, k + 1));
  const s = f * f * (3 - 2 * f);
  return (a + (b - a) * s) * 2 - 1;
}
