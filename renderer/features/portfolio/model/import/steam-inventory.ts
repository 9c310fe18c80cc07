/**
 * A Steam inventory into an import preview: the JSON a browser saves from the public inventory address
 * (https://steamcommunity.com/inventory/<steamid>/<appid>/<contextid>?l=english: `assets` + `descriptions`,
 * joined on classid + instanceid), a list of such pages, or what `fetchSteamInventory` answers (pages and
 * contexts merged, shared/steam/inventory.ts). One holding per (name, lock end), quantity the sum of `amount`;
 * a lock end comes from the "Tradable After …" sentence (steam-lock.ts) or an untradable item's `cache_expiration`.
 * Every value is checked: not an inventory, a private one saved as `null` or an empty one is a `fatal` sentence.
 */
import { z } from 'zod';
import { gameName, type GameId } from '../../../../../shared/catalog/games';
import type { SteamAsset, SteamDescription as Description } from '../../../../../shared/steam/inventory';
import { readSteamAsset, readSteamDescription } from '../../../../../shared/steam/items';
import type { HoldingDraft, ImportPreview, ImportRow } from '../types';
import { checkDraft } from './draft';
import { shorten } from './fields';
import { readLockSentence } from './steam-lock';

/** The largest file read: a 5,000-item inventory saves as ~5–10 MB with its descriptions. */
const MAX_STEAM_JSON_CHARS = 60_000_000;
const MAX_STEAM_JSON_LABEL = '60 MB';

const PageSchema = z.object({
  success: z.union([z.number(), z.boolean()]).optional(),
  assets: z.array(z.unknown()).optional(),
  descriptions: z.array(z.unknown()).optional(),
  total_inventory_count: z.number().optional(),
});

type Asset = SteamAsset & { appid?: number };

export interface SteamImportOptions {
  game: GameId;
  /** ms; dates without a year are read as the next such day on or after it. */
  now: number;
}

/** The file's text (size-capped, then parsed). */
export function importSteamInventoryText(text: string, options: SteamImportOptions): ImportPreview {
  if (text.length > MAX_STEAM_JSON_CHARS)
    return fatal(`The file is larger than ${MAX_STEAM_JSON_LABEL}: this is not a Steam inventory page.`);
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return fatal(
      'This file is not JSON: save the inventory page (steamcommunity.com/inventory/<SteamID64>/730/2?l=english) as it comes, not the web page around it.',
    );
  }
  return importSteamInventory(value, options);
}

function fatal(message: string): ImportPreview {
  return { source: 'steam', rows: [], fatal: message };
}

const NOT_INVENTORY =
  'This file is not a Steam inventory: it should hold "assets" and "descriptions", as steamcommunity.com/inventory/<SteamID64>/730/2?l=english shows them.';

/** The pages of the input, or the fatal sentence. */
function pagesOf(value: unknown): Array<z.infer<typeof PageSchema>> | string {
  if (value === null)
    return 'This inventory page is empty (null): Steam answers that for a private inventory or profile.';
  let input: unknown = value;
  // What fetchSteamInventory answers: { ok: true, inventory: {...} }, or a failure with its sentence.
  if (typeof input === 'object' && input !== null && 'ok' in input) {
    const r = input as { ok: unknown; inventory?: unknown; message?: unknown };
    if (r.ok === false)
      return typeof r.message === 'string' && r.message ? r.message : 'Steam did not give the inventory.';
    if ('inventory' in r) input = r.inventory;
  }
  const list = Array.isArray(input) ? input : [input];
  if (list.length === 0) return NOT_INVENTORY;
  const pages: Array<z.infer<typeof PageSchema>> = [];
  for (const item of list) {
    if (item === null)
      return 'A page of this inventory is empty (null): Steam answers that for a private inventory or profile.';
    const page = PageSchema.safeParse(item);
    if (!page.success) return NOT_INVENTORY;
    if (page.data.success === false || page.data.success === 0)
      return 'Steam did not give this inventory (success: false): it is private, or Steam was busy. Try again later, or make the inventory public.';
    const hasAny =
      page.data.assets !== undefined ||
      page.data.descriptions !== undefined ||
      page.data.total_inventory_count !== undefined;
    if (!hasAny) return NOT_INVENTORY;
    pages.push(page.data);
  }
  return pages;
}

export function importSteamInventory(value: unknown, options: SteamImportOptions): ImportPreview {
  const pages = pagesOf(value);
  if (typeof pages === 'string') return fatal(pages);
  const { descriptions, assets, badAssets, badDescriptions, appIds } = readPages(pages);
  if (assets.length === 0 && badAssets === 0) {
    const told = pages.some((p) => p.total_inventory_count !== undefined);
    return fatal(told ? 'This inventory is empty: Steam lists no items in it.' : NOT_INVENTORY);
  }
  if (assets.length === 0) return fatal(`${NOT_INVENTORY} (none of its ${badAssets} assets could be read)`);
  if (appIds.size === 1 && !appIds.has(options.game)) {
    const [other] = [...appIds];
    return fatal(
      `This is a ${gameName(other!)} inventory (app ${other}); switch the game to ${gameName(other!)} to import it.`,
    );
  }

  const { groups, missing } = groupAssets(assets, descriptions, options.now);
  const rows: ImportRow[] = [];
  for (const g of groups.values()) rows.push(groupRow(g, options.game, rows.length + 1));
  for (const [key, count] of missing) {
    const [classid, instanceid] = key.split('_');
    rows.push({
      line: rows.length + 1,
      text: `${count} × class ${classid}, instance ${instanceid}`,
      draft: null,
      error: `No description with a name for class ${classid} / instance ${instanceid} in the file (a page saved without its descriptions?)`,
      warning: null,
    });
  }
  if (badAssets > 0) {
    rows.push({
      line: rows.length + 1,
      text: `${badAssets} asset(s)`,
      draft: null,
      error: `${badAssets} asset(s) lack an assetid or classid and were not read`,
      warning: null,
    });
  }
  if (badDescriptions > 0 && rows.every((r) => r.error === null)) {
    // Descriptions no asset needed are harmless; say so only as a note on the first row.
    const first = rows[0];
    if (first)
      first.warning = [first.warning, `${badDescriptions} description(s) in the file could not be read`]
        .filter(Boolean)
        .join('; ');
  }
  return { source: 'steam', rows, fatal: null };
}

/** The pages' descriptions (by classid_instanceid) and assets, with the count of those that could not be read. */
function readPages(pages: ReadonlyArray<z.infer<typeof PageSchema>>) {
  const descriptions = new Map<string, Description>();
  const assets: Asset[] = [];
  let badAssets = 0;
  let badDescriptions = 0;
  const appIds = new Set<number>();
  for (const page of pages) {
    // Items are checked by hand (shared/steam/items.ts): per-item zod was too slow for 5,000 assets.
    for (const raw of page.descriptions ?? []) {
      const d = readSteamDescription(raw);
      if (!d) {
        badDescriptions += 1;
        continue;
      }
      descriptions.set(`${d.classid}_${d.instanceid}`, d);
    }
    for (const raw of page.assets ?? []) {
      const a = readSteamAsset(raw);
      if (!a) {
        badAssets += 1;
        continue;
      }
      if (a.appid !== undefined) appIds.add(a.appid);
      assets.push(a);
    }
  }
  return { descriptions, assets, badAssets, badDescriptions, appIds };
}

/** One future holding: the assets of one name and lock end, with how many of them Steam flags. */
interface Group {
  name: string;
  lockedUntil: number | null;
  quantity: number;
  untradable: number;
  unmarketable: number;
}

/** The assets grouped by (name, lock end); `missing` counts the assets per classid_instanceid with no named description. */
function groupAssets(assets: readonly Asset[], descriptions: ReadonlyMap<string, Description>, now: number) {
  const groups = new Map<string, Group>();
  const missing = new Map<string, number>();
  const lockCache = new Map<Description, number | null>();
  for (const asset of assets) {
    const key = `${asset.classid}_${asset.instanceid}`;
    const d = descriptions.get(key);
    const name = d?.market_hash_name;
    if (!d || !name) {
      missing.set(key, (missing.get(key) ?? 0) + 1);
      continue;
    }
    let lock = lockCache.get(d);
    if (lock === undefined) {
      lock = lockEnd(d, now);
      lockCache.set(d, lock);
    }
    const amount = Number(asset.amount) || 1;
    const groupKey = `${name}\u0000${lock ?? ''}`;
    let g = groups.get(groupKey);
    if (!g) {
      g = { name: name.trim(), lockedUntil: lock, quantity: 0, untradable: 0, unmarketable: 0 };
      groups.set(groupKey, g);
    }
    g.quantity += amount;
    if (d.tradable === 0) g.untradable += amount;
    if (d.marketable === 0) g.unmarketable += amount;
  }
  return { groups, missing };
}

/** A group's preview row: its draft (or why it cannot be imported) and what Steam flags on it. */
function groupRow(g: Group, game: GameId, line: number): ImportRow {
  const warnings: string[] = [];
  const all = (n: number): string => (n === g.quantity ? '' : `${n} of ${g.quantity} `);
  const lockText =
    g.lockedUntil !== null
      ? `locked until ${new Date(g.lockedUntil).toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : '';
  if (g.lockedUntil !== null) {
    // The lock explains both flags; it ends on its own.
    if (g.untradable > 0 || g.unmarketable > 0) warnings.push(`Trade-${lockText}`);
  } else {
    if (g.untradable > 0) warnings.push(`${all(g.untradable)}not tradable`);
    if (g.unmarketable > 0) warnings.push(`${all(g.unmarketable)}not marketable`);
  }
  const draft: HoldingDraft = {
    game,
    name: g.name,
    quantity: g.quantity,
    unitCost: null,
    fee: null,
    acquired: null,
    place: null,
    lockedUntil: g.lockedUntil,
    note: '',
    origin: 'steam',
  };
  const text = shorten(`${g.quantity} × ${g.name}${lockText ? ` · ${lockText}` : ''}`);
  const error = checkDraft(draft);
  return {
    line,
    text,
    draft: error ? null : draft,
    error,
    warning: warnings.length ? capitalize(warnings.join('; ')) : null,
  };
}

/**
 * The lock end of an item: the owner's "Tradable After …" sentence, else `cache_expiration` on an untradable
 * item; null when there is none or it has passed (an old saved file: the item is tradable now).
 */
function lockEnd(d: Description, now: number): number | null {
  const at = namedLockEnd(d, now);
  return at !== null && at > now ? at : null;
}

function namedLockEnd(d: Description, now: number): number | null {
  for (const entry of d.owner_descriptions ?? []) {
    const at = readLockSentence(entry.value, now);
    if (at !== null) return at;
  }
  if (d.tradable === 0 && d.cache_expiration) {
    const at = Date.parse(d.cache_expiration);
    if (!Number.isNaN(at)) return at;
  }
  return null;
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
