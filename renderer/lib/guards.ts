/** Structural checks of data that crossed a boundary (a worker's message, a stored record, a response's rows). */

/** An object with keys (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An array of `n` strings. */
export function isStringArray(v: unknown, n: number): v is string[] {
  if (!Array.isArray(v) || v.length !== n) return false;
  for (let i = 0; i < n; i++) if (typeof v[i] !== 'string') return false;
  return true;
}
