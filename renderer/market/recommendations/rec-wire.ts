/**
 * Wire unpacking: a list crosses from the worker with its names packed in one buffer (worker/packed-strings.ts)
 * and its columns' buffers transferred, never copied. The names are taken apart only when first read.
 */
import { stringAt, unpackOnRead, type PackedStrings } from '../worker/packed-strings';
import type { RecColumns } from './rec-columns';

/** Lists whose names came packed from the worker, and whether their `names` has been read yet. */
const packedNames = new WeakMap<object, { packed: PackedStrings; taken(): boolean }>();

/**
 * The columns of a list as the worker posted it: `names` is taken apart when first read (the join, search
 * and export need them all, after the first paint), and recName() reads one name before that: the first
 * paint needs only the rows in sight. No search text yet ('recs-search' brings it).
 */
export function withPackedNames<W extends { names: PackedStrings }>(
  wire: W,
): Omit<W, 'names'> & { names: string[]; search: string[] } {
  const { names: packed, ...rest } = wire;
  const cols = { ...rest, search: [] as string[] };
  packedNames.set(cols, { packed, ...unpackOnRead(cols, 'names', packed) });
  return cols as Omit<W, 'names'> & { names: string[]; search: string[] };
}

/** Item i's name (undefined out of range), without taking a packed list apart. */
export function recName(c: RecColumns, i: number): string | undefined {
  const p = packedNames.get(c);
  if (!p || p.taken()) return c.names[i];
  return Number.isInteger(i) && i >= 0 && i < p.packed.ends.length ? stringAt(p.packed, i) : undefined;
}

/** How many names a list that came with packed names has (taken apart or not); null for any other list. */
export function packedNameCount(c: object): number | null {
  return packedNames.get(c)?.packed.ends.length ?? null;
}

/** The buffers to transfer (never copy) to the UI thread. */
export function recTransferables(c: RecColumns): ArrayBuffer[] {
  const arrays = [c.flags, c.nameRank, c.byName, c.suggested, c.sales, c.diff, c.changePct, c.liquidity, c.reasons];
  if (c.presorted) arrays.push(c.presorted.order);
  return arrays.map((a) => a.buffer as ArrayBuffer);
}
