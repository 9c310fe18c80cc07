/**
 * Fetching a public Steam inventory through the host (the renderer never talks to Steam: the host applies the
 * politeness rules, size caps and the configurable Steam address). Only the types both sides share live here;
 * the host's fetcher is backend/steam-inventory/. The result has the shape a browser saves from the public
 * inventory address (`assets` + `descriptions`), pages and both CS2 contexts merged, so a fetched inventory and
 * a saved file are read by the same parser (renderer/features/portfolio/model/import/).
 */

export interface SteamInventoryRequest {
  /** A profile link (https://steamcommunity.com/profiles/<id> or /id/<vanity>) or a SteamID64. */
  profile: string;
  /** Steam app id of the game (730 = CS2, 440 = TF2, 570 = Dota 2, 252490 = Rust). */
  appId: number;
}

export interface SteamInventoryProgress {
  /** resolving a vanity link, reading a page, or waiting out a 429 (waitMs left). */
  stage: 'resolving' | 'page' | 'waiting';
  /** The inventory context being read ('2', '16', …). */
  context: string;
  /** Pages read so far (all contexts). */
  pages: number;
  /** Assets read so far (all contexts). */
  assets: number;
  /** total_inventory_count of the context being read, when Steam gave it. */
  total: number | null;
  waitMs: number | null;
}

export interface SteamAsset {
  assetid: string;
  classid: string;
  instanceid: string;
  amount: string;
  contextid: string;
}

export interface SteamDescription {
  classid: string;
  instanceid: string;
  market_hash_name: string;
  tradable: number;
  marketable: number;
  /** Descriptions Steam shows the owner (e.g. "Tradable/Marketable After Nov 30, 2026 (7:00:00) GMT"). */
  owner_descriptions?: Array<{ value: string }>;
  /** Where Steam gives it: the end of the trade lock (ISO time). */
  cache_expiration?: string;
}

export interface SteamInventory {
  assets: SteamAsset[];
  descriptions: SteamDescription[];
  total_inventory_count: number;
}

export type SteamInventoryFailure =
  'private' | 'not-found' | 'rate-limited' | 'network' | 'bad-data' | 'cancelled' | 'bad-profile';

export type SteamInventoryResult =
  /**
   * An empty inventory is a success with no assets. `notes`: what was left out and why, for the user (CS2's
   * trade-protected context 16 is shown to the owner only).
   */
  | { ok: true; steamId: string; inventory: SteamInventory; fetchedAt: number; notes?: string[] }
  /** `message` is a sentence for the user ("This inventory is private: …"). */
  | { ok: false; reason: SteamInventoryFailure; message: string };
