/**
 * The Steam stand-in shows a visitor what Steam shows one, not what the owner sees:
 *  - the trade-protected context 16 only to the owner (aiosteampy#95: "for contextid 16 we need the account's
 *    cookies"; Allyans3/steam-market-api-v2#24);
 *  - CS2 items bought or received in a trade in the last 10 days are hidden from other viewers
 *    (DoctorMcKay/node-steamcommunity#348; Allyans3/steam-market-api-v2#27);
 *  - `owner_descriptions` (the lock and protection dates) only to the owner (gergelyszabo94/csgo-trader-extension#471).
 * "The owner" is a request carrying the owner's steamLoginSecure cookie, as a logged-in browser's does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  FIXTURE_ACQUIRED,
  FIXTURE_CONTEXT_16,
  FIXTURE_CONTEXT_2,
  FIXTURE_NOW,
  FIXTURE_STEAM_ID,
  RECENTLY_ACQUIRED_HIDDEN_MS,
} from '../../shared/steam/test-fixtures';
import { startSteamStandin, type SteamStandin } from './steam-standin';

let standin: SteamStandin | null = null;
afterEach(async () => {
  await standin?.close();
  standin = null;
});

const OWNER = { cookie: `steamLoginSecure=${FIXTURE_STEAM_ID}%7C%7Cfixture-token` };

async function get(context: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${standin!.url}/inventory/${FIXTURE_STEAM_ID}/730/${context}?l=english&count=2000`, {
    headers,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const ids = (body: unknown) => ((body as { assets?: Array<{ assetid: string }> }).assets ?? []).map((a) => a.assetid);
const ownerLines = (body: unknown) =>
  ((body as { descriptions?: Array<{ owner_descriptions?: unknown }> }).descriptions ?? []).filter(
    (d) => d.owner_descriptions !== undefined,
  );

describe('the Steam stand-in, as Steam shows an inventory to a visitor and to its owner', () => {
  it('serves the trade-protected context 16 to the owner only; a visitor gets 403 null', async () => {
    standin = await startSteamStandin({ pageSize: 100 });
    expect(await get('16')).toEqual({ status: 403, body: null });
    const owner = await get('16', OWNER);
    expect(owner.status).toBe(200);
    expect(ids(owner.body)).toEqual(FIXTURE_CONTEXT_16.map((a) => a.assetid));
  });

  it('hides items acquired in the last 10 days, and every lock date, from a visitor; the owner sees both', async () => {
    standin = await startSteamStandin({ pageSize: 100 });
    const recent = FIXTURE_CONTEXT_2.filter(
      (a) => FIXTURE_NOW - FIXTURE_ACQUIRED[a.assetid]! < RECENTLY_ACQUIRED_HIDDEN_MS,
    ).map((a) => a.assetid);
    expect(recent).toHaveLength(2);
    const visitor = await get('2');
    expect(ids(visitor.body)).toEqual(FIXTURE_CONTEXT_2.map((a) => a.assetid).filter((id) => !recent.includes(id)));
    expect(ownerLines(visitor.body)).toEqual([]);
    const owner = await get('2', OWNER);
    expect(ids(owner.body)).toEqual(FIXTURE_CONTEXT_2.map((a) => a.assetid));
    expect(ownerLines(owner.body).length).toBeGreaterThan(0);
  });

  it('reads "recent" on its own clock, never today: 10 days on, the items show to visitors too', async () => {
    standin = await startSteamStandin({
      pageSize: 100,
      now: () => FIXTURE_NOW + RECENTLY_ACQUIRED_HIDDEN_MS + 86_400_000,
    });
    expect(ids((await get('2')).body)).toEqual(FIXTURE_CONTEXT_2.map((a) => a.assetid));
  });

  it('answers a forced 5xx on a page like a 429, and context 16 "empty" as Steam answers an inventory with nothing visible', async () => {
    standin = await startSteamStandin({
      pageSize: 100,
      context16: 'empty',
      rateLimit: { context: '2', start: null, retryAfter: null, times: 1, status: 502 },
    });
    expect((await get('2')).status).toBe(502);
    expect((await get('2')).status).toBe(200);
    expect(await get('16')).toEqual({ status: 200, body: { total_inventory_count: 0, success: 1, rwgrsn: -2 } });
  });
});
