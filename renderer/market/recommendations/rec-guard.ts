/**
 * The guard of columns that crossed from the worker (or came back from an offline copy): their structure,
 * lengths and kinds, not every value.
 */
import { isObject, isStringArray } from '../../lib/guards';
import type { RecColumns } from './rec-columns';
import { packedNameCount } from './rec-wire';

/** Structural check of columns that crossed from the worker (lengths and kinds, not every value). */
export function isRecColumns(v: unknown): v is RecColumns {
  if (!isObject(v)) return false;
  const n = v.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return false;
  if (typeof v.game !== 'number' || (v.type !== 'general' && v.type !== 'p2p')) return false;
  if (v.markets !== null && !(Array.isArray(v.markets) && v.markets.every((m) => typeof m === 'string'))) return false;
  // Names still packed were checked as they came (protocol.ts); reading them here would take them apart.
  const packed = packedNameCount(v);
  if (packed !== null ? packed !== n : !isStringArray(v.names, n)) return false;
  // The search text and flags: both there, or both still to come (empty).
  const search = v.search;
  const flags = v.flags;
  if (
    !(flags instanceof Uint32Array) ||
    (flags.length !== n && flags.length !== 0) ||
    !isStringArray(search, flags.length)
  )
    return false;
  const typed: Array<[string, new (...a: never[]) => ArrayLike<number>]> = [
    ['nameRank', Int32Array],
    ['byName', Int32Array],
    ['suggested', Float64Array],
    ['sales', Float64Array],
    ['diff', Float64Array],
    ['changePct', Float64Array],
    ['liquidity', Float64Array],
    ['reasons', Uint16Array],
  ];
  for (const [k, T] of typed) {
    const a = v[k];
    if (!(a instanceof T) || a.length !== n) return false;
  }
  if (!Array.isArray(v.unknownReasons)) return false;
  for (const e of v.unknownReasons as unknown[]) {
    if (!Array.isArray(e) || typeof e[0] !== 'number' || e[0] < 0 || e[0] >= n || !Array.isArray(e[1])) return false;
  }
  const pre = v.presorted;
  if (
    pre !== undefined &&
    !(
      isObject(pre) &&
      typeof pre.key === 'string' &&
      (pre.dir === 'asc' || pre.dir === 'desc') &&
      pre.order instanceof Int32Array &&
      pre.order.length === n
    )
  )
    return false;
  return typeof v.droppedRows === 'number' && typeof v.invalidValues === 'number' && isObject(v.meta);
}
