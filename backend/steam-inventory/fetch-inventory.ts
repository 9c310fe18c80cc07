/**
 * Reads a public Steam inventory, politely, for either host (each injects its fetch). Only GET requests to the
 * Steam address (config.ts): no cookies, no key or token of the market data service, no redirects followed.
 * A custom profile link is resolved first (profile.ts), then each inventory context of the game is read page by
 * page; a refused or failed CS2 trade-protected context (16) is a note on the result, not a failure.
 * The endpoints, page size, politeness rules and their public sources: README.md here.
 */
import { z } from 'zod';
import type { Clock } from '../clock';
import { realClock } from '../clock';
import { readCapped } from '../read-capped';
import { RedirectError, TimeoutError, timedFetch, type FetchFn } from '../timed-fetch';
import type {
  SteamAsset,
  SteamDescription,
  SteamInventory,
  SteamInventoryFailure,
  SteamInventoryProgress,
  SteamInventoryRequest,
  SteamInventoryResult,
} from '../../shared/steam/inventory';
import { readSteamAsset, readSteamDescription } from '../../shared/steam/items';
import { MAX_FETCHED_ASSETS } from '../../shared/steam/schemas';
import { DEFAULT_STEAM_URL } from './config';
import { parseProfile, readProfileXml } from './profile';

export interface SteamFetcherOptions {
  /** The host's fetch (Electron net.fetch adapter, or Node's / the proxy's fetch). */
  readonly fetch: FetchFn;
  readonly clock?: Clock;
  /** Default https://steamcommunity.com (config.ts). */
  readonly steamUrl?: string;
  /** Items asked per page (Steam's `count`); default 2000. */
  readonly pageSize?: number;
  /** Pause between two requests, ms; default 1500. */
  readonly pauseMs?: number;
  /** The longest wait for a 429 the fetch accepts, ms; default 60 s. */
  readonly maxWaitMs?: number;
  /** Tries of one page in all (the first and the retries after a 429 or a 5xx); default 4. */
  readonly maxTries?: number;
  /** Backoff when a 429 or 5xx gives no Retry-After, ms; doubles each try. Default 10 s. */
  readonly backoffMs?: number;
  readonly headersTimeoutMs?: number;
  readonly bodyIdleTimeoutMs?: number;
  /** The largest page read, bytes; default 32 MB (a page of 2000 items with descriptions is a few MB). */
  readonly maxPageBytes?: number;
  /** Guards against a page loop that never ends. */
  readonly maxPagesPerContext?: number;
  /**
   * All inventory pages of one fetch together, bytes; default 256 MB. The largest inventory read
   * (MAX_FETCHED_ASSETS items) with a description of about 1 KB each is a fraction of it; pages that add up
   * to more are not an inventory.
   */
  readonly maxTotalBytes?: number;
  /** Different items (descriptions some asset uses) kept at most; default MAX_FETCHED_ASSETS. */
  readonly maxDescriptions?: number;
}

interface SteamFetchCall {
  onProgress?: (progress: SteamInventoryProgress) => void;
  signal?: AbortSignal;
}

export type SteamInventoryFetcher = (
  request: SteamInventoryRequest,
  call?: SteamFetchCall,
) => Promise<SteamInventoryResult>;

/** The inventory contexts of a game: CS2 has the trade-protected context 16 besides 2; the others only 2. */
function contextsOf(appId: number): string[] {
  return appId === 730 ? ['2', '16'] : ['2'];
}

const MAX_XML_BYTES = 1024 * 1024;
const Digits = z.union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative().transform(String)]);
/** Steam's answer for an inventory it shows the visitor: the envelope by zod, the items by hand (shared/steam/items.ts). */
const PageSchema = z.object({
  success: z.union([z.number(), z.boolean()]).optional(),
  assets: z.array(z.unknown()).max(10_000).optional(),
  descriptions: z.array(z.unknown()).max(10_000).optional(),
  total_inventory_count: z.number().int().nonnegative().optional(),
  more_items: z.union([z.number(), z.boolean()]).optional(),
  last_assetid: Digits.optional(),
});

class Failure extends Error {
  constructor(
    readonly reason: SteamInventoryFailure,
    message: string,
  ) {
    super(message);
  }
}

const abortedFailure = (): Failure => new Failure('cancelled', 'Fetching from Steam was cancelled.');

/** The options with their defaults filled in. */
interface Settings {
  readonly fetch: FetchFn;
  readonly clock: Clock;
  readonly steamUrl: string;
  readonly pageSize: number;
  readonly pauseMs: number;
  readonly maxWaitMs: number;
  readonly maxTries: number;
  readonly backoffMs: number;
  readonly headersTimeoutMs: number;
  readonly bodyIdleTimeoutMs: number;
  readonly maxPageBytes: number;
  readonly maxPages: number;
  readonly maxTotalBytes: number;
  readonly maxDescriptions: number;
}

function settingsOf(options: SteamFetcherOptions): Settings {
  return {
    fetch: options.fetch,
    clock: options.clock ?? realClock,
    steamUrl: (options.steamUrl ?? DEFAULT_STEAM_URL).replace(/\/+$/, ''),
    pageSize: options.pageSize ?? 2_000,
    pauseMs: options.pauseMs ?? 1_500,
    maxWaitMs: options.maxWaitMs ?? 60_000,
    maxTries: Math.max(1, options.maxTries ?? 4),
    backoffMs: options.backoffMs ?? 10_000,
    headersTimeoutMs: options.headersTimeoutMs ?? 20_000,
    bodyIdleTimeoutMs: options.bodyIdleTimeoutMs ?? 20_000,
    maxPageBytes: options.maxPageBytes ?? 32 * 1024 * 1024,
    maxPages: options.maxPagesPerContext ?? 200,
    maxTotalBytes: options.maxTotalBytes ?? 256 * 1024 * 1024,
    maxDescriptions: options.maxDescriptions ?? MAX_FETCHED_ASSETS,
  };
}

export function createSteamInventoryFetcher(options: SteamFetcherOptions): SteamInventoryFetcher {
  const settings = settingsOf(options);
  // One fetch at a time per host (two windows or tabs asking at once take turns): Steam sees one client.
  let turn: Promise<unknown> = Promise.resolve();
  return (request, call = {}) => {
    const mine = turn.then(async () =>
      call.signal?.aborted
        ? { ok: false as const, reason: 'cancelled' as const, message: abortedFailure().message }
        : new InventoryRead(settings, request, call).run(),
    );
    turn = mine.catch(() => undefined);
    return mine;
  };
}

type PageData = z.infer<typeof PageSchema>;

/** One fetch of one inventory: its requests, its progress, its byte count and its page size. */
class InventoryRead {
  private readonly progress: SteamInventoryProgress = {
    stage: 'resolving',
    context: '',
    pages: 0,
    assets: 0,
    total: null,
    waitMs: null,
  };
  private readonly signal: AbortSignal | undefined;
  private requests = 0;
  /** Bytes of inventory pages read so far in this fetch (all contexts). */
  private pageBytes = 0;
  /** Items asked per page; lowered once for the whole fetch when Steam refuses a page size. */
  private count: number;

  constructor(
    private readonly s: Settings,
    private readonly request: SteamInventoryRequest,
    private readonly call: SteamFetchCall,
  ) {
    this.signal = call.signal;
    this.count = s.pageSize;
  }

  async run(): Promise<SteamInventoryResult> {
    try {
      const profile = parseProfile(this.request.profile, this.s.steamUrl);
      if ('error' in profile) throw new Failure('bad-profile', profile.error);
      const steamId = profile.kind === 'id' ? profile.steamId : await this.resolveVanity(profile.name);
      const merged: Merged = { assets: [], used: new Set(), descriptions: new Map(), total: 0, unreadable: 0 };
      const notes: string[] = [];
      const [first, ...others] = contextsOf(this.request.appId);
      await this.readContext(steamId, first as string, merged);
      for (const context of others) {
        const note = await this.readOwnerContext(steamId, context, merged);
        if (note) notes.push(note);
      }
      if (this.request.appId === 730) notes.push(RECENTLY_ACQUIRED_NOTE);
      if (merged.unreadable > 0)
        notes.push(`${merged.unreadable} item(s) in Steam's answer could not be read and are left out.`);
      const inventory: SteamInventory = {
        assets: merged.assets,
        descriptions: [...merged.descriptions.values()],
        total_inventory_count: merged.total,
      };
      return { ok: true, steamId, inventory, fetchedAt: this.s.clock.now(), ...(notes.length ? { notes } : {}) };
    } catch (error) {
      if (error instanceof Failure) return { ok: false, reason: error.reason, message: error.message };
      if (this.signal?.aborted) return { ok: false, reason: 'cancelled', message: abortedFailure().message };
      return { ok: false, reason: 'network', message: 'Fetching from Steam failed unexpectedly. Try again.' };
    }
  }

  /** The trade-protected context is the owner's only, and a failure there leaves what was read good: a note, or null. */
  private async readOwnerContext(steamId: string, context: string, merged: Merged): Promise<string | null> {
    const before = merged.assets.length;
    try {
      const added = await this.readContext(steamId, context, merged);
      return added === 0 ? ownerOnlyNote(context) : null;
    } catch (error) {
      if (!(error instanceof Failure) || error.reason === 'cancelled') throw error;
      if (error.reason === 'private' || error.reason === 'not-found') return ownerOnlyNote(context);
      const read = merged.assets.length - before;
      const kept = read > 0 ? `${read} were read; the rest are not included` : 'They are not included';
      return `Trade-protected items (inventory context ${context}) could not be read: ${error.message.replace(/ Try again[^.]*\.$/, '')} ${kept}; fetch again later to add them.`;
    }
  }

  private report(p: Partial<SteamInventoryProgress>): void {
    Object.assign(this.progress, p);
    try {
      this.call.onProgress?.({ ...this.progress });
    } catch {
      // A listener's fault never stops the fetch.
    }
  }

  /** One GET, politely: a pause after the previous request, 429/5xx waits, and every failure as a Failure. */
  private async get(url: string, accept: string): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      if (this.signal?.aborted) throw abortedFailure();
      if (this.requests > 0) await this.sleep(this.s.pauseMs);
      this.requests += 1;
      const response = await this.send(url, accept);
      const retryable = response.status === 429 || response.status >= 500;
      if (!retryable) return response;
      await discard(response);
      const asked = retryAfterMs(response.headers.get('retry-after'), this.s.clock.now());
      const wait = asked ?? this.s.backoffMs * 2 ** (attempt - 1);
      const busy =
        response.status === 429
          ? 'Steam is limiting requests (429 Too Many Requests)'
          : `Steam had a problem (HTTP ${response.status})`;
      const reason = response.status === 429 ? 'rate-limited' : 'network';
      if (asked !== null && asked > this.s.maxWaitMs)
        throw new Failure(reason, `${busy} and asks to wait ${duration(asked)}. Try again later.`);
      if (attempt >= this.s.maxTries)
        throw new Failure(reason, `${busy}; it still did after ${this.s.maxTries} tries. Try again in a few minutes.`);
      this.report({ stage: 'waiting', waitMs: Math.min(wait, this.s.maxWaitMs) });
      await this.sleep(Math.min(wait, this.s.maxWaitMs), false);
    }
  }

  /** The request itself. No cookies, no credentials: the headers are built here, so the service's key and token cannot ride along. */
  private async send(url: string, accept: string): Promise<Response> {
    try {
      return await timedFetch(
        this.s.fetch,
        url,
        { method: 'GET', headers: { accept }, credentials: 'omit' },
        {
          clock: this.s.clock,
          headersTimeoutMs: this.s.headersTimeoutMs,
          bodyIdleTimeoutMs: this.s.bodyIdleTimeoutMs,
          ...(this.signal ? { signal: this.signal } : {}),
        },
      );
    } catch (error) {
      if (this.signal?.aborted) throw abortedFailure();
      if (error instanceof RedirectError) {
        throw new Failure(
          'network',
          `Steam sent the request elsewhere${error.location ? ` (${hostOf(error.location)})` : ''}; Market Desk does not follow it. Check the Steam address.`,
        );
      }
      if (error instanceof TimeoutError)
        throw new Failure('network', 'Steam did not answer in time. Check the connection and try again.');
      throw new Failure('network', 'Steam could not be reached. Check the connection and try again.');
    }
  }

  /** Waits on the clock; cancelling ends the wait at once. */
  private async sleep(ms: number, quiet = true): Promise<void> {
    if (ms <= 0) return;
    try {
      await this.s.clock.sleep(ms, this.signal);
    } catch {
      throw abortedFailure();
    }
    if (!quiet) this.report({ stage: 'page', waitMs: null });
  }

  private async readBytes(response: Response, cap: number, overCap: string): Promise<Uint8Array> {
    let bytes: Uint8Array | null;
    try {
      bytes = await readCapped(response, cap);
    } catch {
      if (this.signal?.aborted) throw abortedFailure();
      throw new Failure('network', 'The connection to Steam broke off while reading its answer. Try again.');
    }
    if (bytes === null) throw new Failure('bad-data', overCap);
    return bytes;
  }

  /** An inventory page: under the page cap, and under what is left of the cap on all pages together. */
  private async readPage(response: Response): Promise<string> {
    const left = this.s.maxTotalBytes - this.pageBytes;
    const bytes =
      left < this.s.maxPageBytes
        ? await this.readBytes(
            response,
            Math.max(0, left),
            `Steam's answers for this inventory came to more than ${sizeText(this.s.maxTotalBytes)}; Market Desk stopped reading it.`,
          )
        : await this.readBytes(response, this.s.maxPageBytes, tooLarge(this.s.maxPageBytes));
    this.pageBytes += bytes.byteLength;
    return new TextDecoder().decode(bytes);
  }

  private async resolveVanity(name: string): Promise<string> {
    this.report({ stage: 'resolving' });
    const response = await this.get(
      `${this.s.steamUrl}/id/${encodeURIComponent(name)}/?xml=1`,
      'text/xml, application/xml',
    );
    if (response.status === 404) {
      await discard(response);
      throw new Failure('not-found', `There is no Steam profile at /id/${name}.`);
    }
    if (!response.ok) {
      await discard(response);
      throw new Failure(
        'network',
        `Steam answered HTTP ${response.status} for the profile /id/${name}. Try again later.`,
      );
    }
    const read = readProfileXml(
      new TextDecoder().decode(await this.readBytes(response, MAX_XML_BYTES, tooLarge(MAX_XML_BYTES))),
    );
    if ('steamId' in read) return read.steamId;
    if ('notFound' in read)
      throw new Failure('not-found', `There is no Steam profile at /id/${name} (Steam: "${read.notFound}").`);
    throw new Failure(
      'bad-data',
      `Steam's profile page for /id/${name} could not be read. Try the link with /profiles/<SteamID64> instead.`,
    );
  }

  /** Reads one context into `inventory`; answers how many items it added. */
  private async readContext(steamId: string, context: string, inventory: Merged): Promise<number> {
    let start: string | null = null;
    const before = inventory.assets.length;
    this.report({ stage: 'page', context, total: null, waitMs: null });
    for (let page = 0; page < this.s.maxPages; page++) {
      const data = await this.fetchPage(steamId, context, start);
      if (data === 'smaller') {
        page -= 1;
        continue;
      }
      addPage(data, context, inventory, this.s.maxDescriptions);
      const total = data.total_inventory_count ?? null;
      if (page === 0) inventory.total += total ?? 0;
      this.report({
        stage: 'page',
        context,
        pages: this.progress.pages + 1,
        assets: inventory.assets.length,
        total,
        waitMs: null,
      });
      const more = data.more_items === true || data.more_items === 1;
      if (!more) return inventory.assets.length - before;
      if (!data.last_assetid || data.last_assetid === start) {
        throw new Failure('bad-data', 'Steam said there are more items but not where they start. Try again later.');
      }
      start = data.last_assetid;
    }
    throw new Failure(
      'bad-data',
      `The inventory has more than ${this.s.maxPages} pages; Market Desk stopped reading it.`,
    );
  }

  /** One page of a context, read and checked; 'smaller' when Steam refused the page size and it was lowered. */
  private async fetchPage(steamId: string, context: string, start: string | null): Promise<PageData | 'smaller'> {
    const query = `l=english&count=${this.count}${start ? `&start_assetid=${start}` : ''}`;
    const response = await this.get(
      `${this.s.steamUrl}/inventory/${steamId}/${this.request.appId}/${context}?${query}`,
      'application/json',
    );
    if (response.status === 400 && this.count > 1_000) {
      // Steam lowered the page size before (May 2025): ask again for fewer.
      await discard(response);
      this.count = 1_000;
      return 'smaller';
    }
    if (!response.ok) {
      await discard(response);
      if (response.status === 401 || response.status === 403) throw new Failure('private', PRIVATE);
      if (response.status === 404)
        throw new Failure('not-found', `Steam has no inventory of this game for ${steamId} (HTTP 404).`);
      throw new Failure('bad-data', `Steam answered HTTP ${response.status} for the inventory. Try again later.`);
    }
    return parsePage(await this.readPage(response));
  }
}

/** A page's text as Steam's inventory envelope; a private inventory or anything else is a Failure. */
function parsePage(text: string): PageData {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Failure(
      'bad-data',
      'Steam answered with something that is not an inventory (not JSON). Try again later.',
    );
  }
  // Steam answers a private inventory with `null` (or success:false) and HTTP 200 or 403.
  if (json === null) throw new Failure('private', PRIVATE);
  const parsed = PageSchema.safeParse(json);
  if (!parsed.success)
    throw new Failure(
      'bad-data',
      'Steam answered with an inventory Market Desk cannot read (unexpected fields). Try again later.',
    );
  if (parsed.data.success === false || parsed.data.success === 0) throw new Failure('private', PRIVATE);
  return parsed.data;
}

/** A page's assets and the descriptions they use, into the merged inventory, within the caps. */
function addPage(data: PageData, context: string, inventory: Merged, maxDescriptions: number): void {
  for (const raw of data.assets ?? []) {
    const a = readSteamAsset(raw, context);
    if (!a) {
      inventory.unreadable += 1;
      continue;
    }
    inventory.assets.push({
      assetid: a.assetid,
      classid: a.classid,
      instanceid: a.instanceid,
      amount: a.amount,
      contextid: a.contextid,
    });
    inventory.used.add(`${a.classid}_${a.instanceid}`);
  }
  if (inventory.assets.length > MAX_FETCHED_ASSETS) {
    throw new Failure(
      'bad-data',
      `The inventory has more than ${MAX_FETCHED_ASSETS.toLocaleString('en-US')} items; Market Desk stopped reading it.`,
    );
  }
  // Only descriptions some asset uses are kept: a page padded with descriptions of nothing costs only its read.
  for (const raw of data.descriptions ?? []) {
    const d = readSteamDescription(raw);
    if (!d) continue;
    const key = `${d.classid}_${d.instanceid}`;
    if (!inventory.used.has(key) || inventory.descriptions.has(key)) continue;
    if (inventory.descriptions.size >= maxDescriptions) {
      throw new Failure(
        'bad-data',
        `The inventory has more than ${maxDescriptions.toLocaleString('en-US')} different kinds of items; Market Desk stopped reading it.`,
      );
    }
    inventory.descriptions.set(key, d);
  }
}

const discard = async (response: Response): Promise<void> => {
  await response.body?.cancel().catch(() => undefined);
};

const tooLarge = (cap: number): string =>
  `Steam's answer was larger than ${sizeText(cap)}; Market Desk did not read it.`;

/** A fetcher that only says why it cannot fetch (a Steam address in the configuration that was refused). */
export function unavailableFetcher(message: string): SteamInventoryFetcher {
  return async () => ({ ok: false, reason: 'network', message });
}

interface Merged {
  assets: SteamAsset[];
  /** classid_instanceid of every asset read. */
  used: Set<string>;
  descriptions: Map<string, SteamDescription>;
  total: number;
  unreadable: number;
}

const ownerOnlyNote = (context: string): string =>
  `Trade-protected items (inventory context ${context}) are shown to their owner only and are not included.`;

/** What a public fetch of a CS2 inventory cannot see, whatever Steam answered. */
export const RECENTLY_ACQUIRED_NOTE =
  'Steam hides items bought or received in a trade in the last 10 days from anyone but their owner, and shows trade-lock dates to the owner only: such items are not included, and no lock dates are.';

const PRIVATE =
  "This Steam inventory is private (or the profile is): Steam shows it only to its owner. Make the inventory public in Steam's privacy settings, or import a saved inventory file.";

/** Retry-After as ms from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const t = value.trim();
  if (/^\d+$/.test(t)) return Number(t) * 1000;
  const at = Date.parse(t);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

function duration(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return `${s} seconds`;
  const m = Math.ceil(s / 60);
  return m < 120 ? `${m} minutes` : `${Math.ceil(m / 60)} hours`;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'another address';
  }
}
