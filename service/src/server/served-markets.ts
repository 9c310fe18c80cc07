/**
 * Which marketplace names a service instance serves: the published names by default, or another set given
 * as the `markets` option / `--markets FILE`. Checked here, so a bad set is a clear error at start-up
 * instead of odd answers later.
 */
import { readFileSync } from 'node:fs';
import type { ServedMarkets } from '../../../shared/catalog/markets';

/** A marketplace name: lower-case letters and digits, then also '.', '_' and '-', at most 64 characters. */
const MARKET_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
/** Names per list at most: every name is a simulated market, and each one costs memory and time per epoch. */
const MAX_NAMES_PER_LIST = 256;
const MAX_FILE_BYTES = 1024 * 1024;
const LISTS = ['minPrices', 'maxOrders', 'marketOrderAnalytics'] as const;

function nameList(key: (typeof LISTS)[number], raw: unknown, nonEmpty: boolean): string[] {
  if (raw === undefined) throw new Error(`"${key}" is missing: give an array of marketplace names`);
  if (!Array.isArray(raw)) throw new Error(`"${key}" must be an array of marketplace names`);
  if (nonEmpty && raw.length === 0) throw new Error(`"${key}" must name at least one marketplace`);
  if (raw.length > MAX_NAMES_PER_LIST)
    throw new Error(`"${key}" has ${raw.length} names; at most ${MAX_NAMES_PER_LIST}`);
  const out: string[] = [];
  raw.forEach((v: unknown, i) => {
    if (typeof v !== 'string' || !MARKET_NAME.test(v)) {
      const shown =
        typeof v === 'string' ? JSON.stringify(v.slice(0, 80)) : (JSON.stringify(v)?.slice(0, 80) ?? String(v));
      throw new Error(`${key}[${i}]: ${shown} is not a marketplace name (${MARKET_NAME.source})`);
    }
    if (out.includes(v)) throw new Error(`${key}[${i}]: "${v}" is listed twice`);
    out.push(v);
  });
  return out;
}

/**
 * Checks a served-markets value: an object with exactly `minPrices` (non-empty), `maxOrders` and
 * `marketOrderAnalytics`, each an array of unique names matching MARKET_NAME. Returns a copy.
 */
export function parseServedMarkets(raw: unknown): ServedMarkets {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error('expected a JSON object {"minPrices": [...], "maxOrders": [...], "marketOrderAnalytics": [...]}');
  }
  const extra = Object.keys(raw).filter((k) => !(LISTS as readonly string[]).includes(k));
  if (extra.length > 0) throw new Error(`unknown key "${extra[0]!.slice(0, 80)}"; the keys are ${LISTS.join(', ')}`);
  const o = raw as Record<string, unknown>;
  return {
    minPrices: nameList('minPrices', o.minPrices, true),
    maxOrders: nameList('maxOrders', o.maxOrders, false),
    marketOrderAnalytics: nameList('marketOrderAnalytics', o.marketOrderAnalytics, false),
  };
}

/** Reads and checks a `--markets` file; every failure is an Error naming the file. */
export function readMarketsFile(file: string): ServedMarkets {
  let text: string;
  try {
    const buf = readFileSync(file);
    if (buf.length > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES} bytes`);
    text = buf.toString('utf8');
  } catch (e) {
    throw new Error(`--markets ${file}: cannot read the file: ${(e as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text) as unknown;
  } catch (e) {
    throw new Error(`--markets ${file}: not valid JSON: ${(e as Error).message.slice(0, 200)}`);
  }
  try {
    return parseServedMarkets(raw);
  } catch (e) {
    throw new Error(`--markets ${file}: ${(e as Error).message}`);
  }
}
