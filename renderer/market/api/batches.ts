/**
 * Price loads for a service that takes only so many market names in one request (market discovery finds
 * the number: markets/discovery.ts). The lists are cut into batches of at most that many names, each batch
 * is asked on its own, and the answers are merged item by item before shaping, so the grid gets one answer
 * with every market, as if the service had taken the whole list.
 */

/** The most names a request may carry, per list; null: no limit known. */
export interface PerRequest {
  ask: number | null;
  bid: number | null;
}

/** `xs` in pieces of at most `size` (one piece when size is null or not below the length). */
export function chunks<T>(xs: readonly T[], size: number | null): T[][] {
  if (size === null || size < 1 || xs.length <= size) return [[...xs]];
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

/** Whether a load of these lists needs more than one request per list. */
export function needsBatches(
  askMarkets: readonly string[],
  bidMarkets: readonly string[],
  per: PerRequest | undefined,
): boolean {
  if (!per) return false;
  return (per.ask !== null && askMarkets.length > per.ask) || (per.bid !== null && bidMarkets.length > per.bid);
}

/**
 * Batches of one request each that carries both lists (GraphQL): as many as the longer list needs, each list
 * spread evenly over them. A batch may have no bids (or, when the bid list is the longer one, no asks).
 */
export function planBatches(
  askMarkets: readonly string[],
  bidMarkets: readonly string[],
  per: PerRequest,
): Array<{ ask: string[]; bid: string[] }> {
  const n = Math.max(
    chunks(askMarkets, per.ask).length,
    bidMarkets.length > 0 ? chunks(bidMarkets, per.bid).length : 1,
  );
  const spread = (xs: readonly string[]): string[][] => {
    const out: string[][] = [];
    for (let i = 0, from = 0; i < n; i++) {
      const take = Math.floor(xs.length / n) + (i < xs.length % n ? 1 : 0);
      out.push(xs.slice(from, from + take));
      from += take;
    }
    return out;
  };
  const a = spread(askMarkets);
  const b = spread(bidMarkets);
  return a.map((ask, i) => ({ ask, bid: b[i] ?? [] }));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The answers of several batches (arrays of items, each with its entries under `field`: 'prices' or
 * 'orders') as one: an item's entries from every batch under one row. The n-th row of a name in one answer
 * joins the n-th row of that name in the others (a name twice in an answer stays two rows, as shaping
 * expects). A part that is not an array is returned as it is, for shaping to refuse with its own message.
 */
export function mergeAnswers(parts: readonly unknown[], field: 'prices' | 'orders'): unknown {
  if (parts.length === 1) return parts[0];
  const bad = parts.find((p) => !Array.isArray(p));
  if (bad !== undefined) return bad;
  const out: unknown[] = [];
  const rows = new Map<string, Array<Record<string, unknown>>>();
  for (const part of parts as unknown[][]) {
    const seen = new Map<string, number>();
    for (const item of part) {
      if (!isRecord(item) || typeof item.market_hash_name !== 'string') {
        out.push(item);
        continue;
      }
      const name = item.market_hash_name;
      const k = seen.get(name) ?? 0;
      seen.set(name, k + 1);
      const list = rows.get(name) ?? [];
      rows.set(name, list);
      const row = list[k];
      if (row === undefined) {
        const copy = { ...item };
        list.push(copy);
        out.push(copy);
      } else {
        const mine = row[field];
        const theirs = item[field];
        if (Array.isArray(theirs)) row[field] = Array.isArray(mine) ? [...(mine as unknown[]), ...theirs] : theirs;
      }
    }
  }
  return out;
}
