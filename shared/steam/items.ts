/**
 * Reading one asset or description of a Steam inventory page, checked field by field. The page around them is
 * checked with zod (its callers); the items are not, for speed: a zod object with unions and transforms cost
 * ~30 µs per asset here, 150–250 ms for 5,000, and a 5,000-item inventory must be read and grouped within 1 s.
 * Unknown fields are dropped; a wrong type makes the item unreadable (null), never a crash.
 */
import type { SteamAsset, SteamDescription } from './inventory';

/** Steam writes ids and amounts as strings of digits; some tools save them as numbers. */
function digits(v: unknown, fallback?: string): string | null {
  if (typeof v === 'string') return /^\d{1,20}$/.test(v) ? v : null;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0 ? String(v) : null;
  if (v === undefined && fallback !== undefined) return fallback;
  return null;
}

function flag(v: unknown): number | null {
  if (v === undefined) return 1;
  if (v === 1 || v === true) return 1;
  if (v === 0 || v === false) return 0;
  return null;
}

function text(v: unknown, max: number): string | undefined | null {
  if (v === undefined) return undefined;
  return typeof v === 'string' && v.length <= max ? v : null;
}

/** An asset; `contextid` defaults to the page's context. The app id, when given, is returned beside it. */
export function readSteamAsset(raw: unknown, context = '2'): (SteamAsset & { appid?: number }) | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const assetid = digits(r.assetid);
  const classid = digits(r.classid);
  const instanceid = digits(r.instanceid, '0');
  const amount = digits(r.amount, '1');
  const contextid = digits(r.contextid, context);
  if (assetid === null || classid === null || instanceid === null || amount === null || contextid === null) return null;
  const asset: SteamAsset & { appid?: number } = { assetid, classid, instanceid, amount, contextid };
  const appid = typeof r.appid === 'string' ? Number(r.appid) : r.appid;
  if (typeof appid === 'number' && Number.isSafeInteger(appid)) asset.appid = appid;
  return asset;
}

/**
 * A description. The name is `market_hash_name`, else `market_name` or `name` (older saves); null without
 * one. `owner_descriptions` keeps the entries with a text value (Steam sends "" when there are none).
 */
export function readSteamDescription(raw: unknown): SteamDescription | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const classid = digits(r.classid);
  const instanceid = digits(r.instanceid, '0');
  const tradable = flag(r.tradable);
  const marketable = flag(r.marketable);
  const hashName = text(r.market_hash_name, 500);
  const marketName = text(r.market_name, 500);
  const plainName = text(r.name, 500);
  const cache = text(r.cache_expiration, 100);
  if (
    classid === null ||
    instanceid === null ||
    tradable === null ||
    marketable === null ||
    hashName === null ||
    cache === null
  )
    return null;
  const name = hashName ?? marketName ?? plainName;
  if (typeof name !== 'string' || name.trim() === '') return null;
  const d: SteamDescription = { classid, instanceid, market_hash_name: name, tradable, marketable };
  if (Array.isArray(r.owner_descriptions)) {
    const owner: Array<{ value: string }> = [];
    for (const e of r.owner_descriptions.slice(0, 100)) {
      const value = typeof e === 'object' && e !== null ? (e as { value?: unknown }).value : undefined;
      if (typeof value === 'string' && value.length <= 10_000) owner.push({ value });
    }
    if (owner.length > 0) d.owner_descriptions = owner;
  }
  if (cache !== undefined) d.cache_expiration = cache;
  return d;
}
