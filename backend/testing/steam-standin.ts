/**
 * A stand-in for steamcommunity.com's public inventory address, for tests (127.0.0.1 only, a random port).
 * It answers the way Steam does, with the made-up inventories of shared/steam/test-fixtures.ts:
 *
 *   GET /inventory/<steamid>/<appid>/<contextid>?l=english&count=<n>[&start_assetid=<id>]
 *       pages of at most `pageSize` items; `more_items` + `last_assetid` while more remain; count > 2000 → 400
 *       with a `null` body (Steam's answer since May 2025); the private profile → 403 with `null`; the empty one
 *       → {"total_inventory_count":0,"success":1,"rwgrsn":-2}; an unknown one → 404 with `null`.
 *   GET /id/<name>/?xml=1
 *       the vanity name → <profile><steamID64>…; any other → <response><error>…could not be found…</error>
 *
 * What a visitor sees is what Steam shows one; the owner (a request with the owner's steamLoginSecure cookie,
 * as a logged-in browser sends) sees everything:
 *   - context 16 (trade-protected items) is the owner's only: a visitor gets 403 `null` (or, with
 *     context16: 'empty', the empty answer) (somespecialone/aiosteampy#95: "for contextid 16 we need the
 *     account's cookies"; Allyans3/steam-market-api-v2#24);
 *   - CS2 items bought or received in a trade in the last 10 days are left out for a visitor, on the
 *     stand-in's clock (DoctorMcKay/node-steamcommunity#348: "purchased and traded Counter-Strike items will
 *     remain hidden from other users viewing your Steam Inventory for 10 days"; Allyans3/steam-market-api-v2#27);
 *   - `owner_descriptions` (the trade lock and protection dates) go to the owner only
 *     (gergelyszabo94/csgo-trader-extension#471).
 *   What Steam puts in total_inventory_count for a visitor is not documented; the stand-in counts what it shows.
 * Its clock is FIXTURE_NOW unless `now` says otherwise: never today, so fixtures do not age.
 *
 * A page can be made to answer 429 (or another status, e.g. a 5xx) with or without a Retry-After a number of
 * times (`rateLimit`). Every request is recorded (path, query, headers) so tests can check what was sent.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SteamAsset } from '../../shared/steam/inventory';
import {
  FIXTURE_ACQUIRED,
  FIXTURE_CONTEXT_16,
  FIXTURE_CONTEXT_2,
  FIXTURE_DESCRIPTIONS,
  FIXTURE_EMPTY_ID,
  FIXTURE_NOW,
  FIXTURE_PRIVATE_ID,
  FIXTURE_STEAM_ID,
  FIXTURE_VANITY,
  RECENTLY_ACQUIRED_HIDDEN_MS,
  inventoryPage,
  type FixtureDescription,
} from '../../shared/steam/test-fixtures';

interface StandinRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly headers: IncomingHttpHeaders;
  readonly at: number;
}

export interface SteamStandinOptions {
  /** Items per page at most, whatever `count` asks (so the 12-asset fixture spans pages). Default 5. */
  readonly pageSize?: number;
  /**
   * Answer 429 (or `status`) for this page (context + start_assetid, null = first page) `times` times, with
   * this Retry-After (null: none, as Steam's 429s come).
   */
  readonly rateLimit?: {
    context: string;
    start: string | null;
    retryAfter: string | null;
    times: number;
    status?: number;
  };
  /** Delay before each answer, ms (to see requests overlap, if they did). Default 0. */
  readonly delayMs?: number;
  /** Context 16 as Steam shows it to a visitor: 'forbidden' (403 null, the default) or 'empty'. The owner sees its items. */
  readonly context16?: 'forbidden' | 'empty';
  /** The stand-in's clock (what "recently acquired" is read against); default FIXTURE_NOW. */
  readonly now?: () => number;
}

const EMPTY = JSON.stringify({ total_inventory_count: 0, success: 1, rwgrsn: -2 });
/** The descriptions as a visitor gets them: without the owner's lines (lock and protection dates). */
const VISITOR_DESCRIPTIONS: readonly FixtureDescription[] = FIXTURE_DESCRIPTIONS.map(
  ({ owner_descriptions: _owner, ...rest }) => rest,
);

export interface SteamStandin {
  readonly url: string;
  readonly requests: StandinRequest[];
  /** The most requests it was answering at the same time. */
  readonly maxInFlight: () => number;
  close(): Promise<void>;
}

const INVENTORIES: Record<string, Record<string, ReadonlyArray<SteamAsset>>> = {
  [FIXTURE_STEAM_ID]: { '2': FIXTURE_CONTEXT_2, '16': FIXTURE_CONTEXT_16 },
};

export async function startSteamStandin(options: SteamStandinOptions = {}): Promise<SteamStandin> {
  const pageSize = options.pageSize ?? 5;
  const now = options.now ?? (() => FIXTURE_NOW);
  const requests: StandinRequest[] = [];
  let limitsLeft = options.rateLimit?.times ?? 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, at: Date.now() });
    const send = (
      status: number,
      body: string,
      type = 'application/json; charset=utf-8',
      headers: Record<string, string> = {},
    ): void => {
      const answer = (): void => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
        res.end(body);
      };
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    };

    const vanity = /^\/id\/([^/]+)\/?$/.exec(url.pathname);
    if (vanity && query.xml === '1') {
      if (decodeURIComponent(vanity[1]!) === FIXTURE_VANITY) {
        send(
          200,
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><profile><steamID64>${FIXTURE_STEAM_ID}</steamID64><steamID><![CDATA[Stand-in Trader]]></steamID><privacyState>public</privacyState></profile>`,
          'text/xml; charset=utf-8',
        );
      } else {
        send(
          200,
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><response><error><![CDATA[The specified profile could not be found.]]></error></response>',
          'text/xml; charset=utf-8',
        );
      }
      return;
    }

    const inv = /^\/inventory\/(\d+)\/(\d+)\/(\d+)\/?$/.exec(url.pathname);
    if (!inv || req.method !== 'GET') {
      send(404, 'null');
      return;
    }
    const [, steamId, appId, context] = inv as unknown as [string, string, string, string];
    const count = Number(query.count ?? '2000');
    if (!Number.isInteger(count) || count < 1 || count > 2000) {
      send(400, 'null');
      return;
    }
    const start = query.start_assetid ?? null;
    const limit = options.rateLimit;
    if (limit && limitsLeft > 0 && limit.context === context && limit.start === start) {
      limitsLeft -= 1;
      send(
        limit.status ?? 429,
        'null',
        'application/json; charset=utf-8',
        limit.retryAfter !== null ? { 'retry-after': limit.retryAfter } : {},
      );
      return;
    }
    if (steamId === FIXTURE_PRIVATE_ID) {
      send(403, 'null');
      return;
    }
    if (steamId === FIXTURE_EMPTY_ID) {
      send(200, EMPTY);
      return;
    }
    const contexts = INVENTORIES[steamId];
    if (!contexts || appId !== '730') {
      send(404, 'null');
      return;
    }
    const owner = (req.headers.cookie ?? '').split(/;\s*/).some((c) => c.startsWith(`steamLoginSecure=${steamId}`));
    if (context === '16' && !owner) {
      if (options.context16 === 'empty') send(200, EMPTY);
      else send(403, 'null');
      return;
    }
    const t = now();
    const all = (contexts[context] ?? []).filter(
      (a) => owner || !(t - (FIXTURE_ACQUIRED[a.assetid] ?? 0) < RECENTLY_ACQUIRED_HIDDEN_MS),
    );
    if (all.length === 0) {
      send(200, EMPTY);
      return;
    }
    const from = start === null ? 0 : all.findIndex((a) => a.assetid === start) + 1;
    if (start !== null && from === 0) {
      send(200, JSON.stringify({ total_inventory_count: all.length, success: 1, rwgrsn: -2 }));
      return;
    }
    send(
      200,
      JSON.stringify(
        inventoryPage(all, from, Math.min(count, pageSize), owner ? FIXTURE_DESCRIPTIONS : VISITOR_DESCRIPTIONS),
      ),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
