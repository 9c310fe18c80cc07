/**
 * Across the layers (which is why it lives at the root): the host's fetcher reads the Steam stand-in over
 * real HTTP, and what it answers goes through the page's import parser into the grouped holdings a trader
 * sees in the preview.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSteamInventoryFetcher } from './backend/steam-inventory';
import { startSteamStandin, type SteamStandin } from './backend/testing/steam-standin';
import {
  FIXTURE_LOCK_END,
  FIXTURE_NOW,
  FIXTURE_PROTECTION_END,
  FIXTURE_STEAM_ID,
  FIXTURE_VANITY,
} from './shared/steam/test-fixtures';
import { importSteamInventory } from './renderer/features/portfolio/model/import/steam-inventory';

let standin: SteamStandin | null = null;
afterEach(async () => {
  await standin?.close();
  standin = null;
});

describe('Fetch from Steam, then import', () => {
  it('a vanity link over two pages and both contexts, with a 429 on the way, becomes the grouped drafts a visitor can see', async () => {
    standin = await startSteamStandin({ rateLimit: { context: '2', start: null, retryAfter: '1', times: 1 } });
    const fetcher = createSteamInventoryFetcher({
      fetch: (input, init) => fetch(input, init),
      steamUrl: standin.url,
      pauseMs: 1,
    });
    const result = await fetcher({ profile: `https://steamcommunity.com/id/${FIXTURE_VANITY}`, appId: 730 });
    expect(result).toMatchObject({ ok: true, steamId: FIXTURE_STEAM_ID });
    const preview = importSteamInventory(result, { game: 730, now: FIXTURE_NOW });
    expect(preview.fatal).toBeNull();
    // Steam shows a visitor neither the AWPs bought in the last 10 days nor the trade-protected Printstream.
    expect(preview.rows.map((r) => [r.draft?.name, r.draft?.quantity, r.draft?.lockedUntil, r.warning])).toEqual([
      ['Fracture Case', 7, null, null],
      ['AK-47 | Redline (Field-Tested)', 2, null, null],
      ['5 Year Veteran Coin', 1, null, 'Not tradable; not marketable'],
    ]);
    expect(preview.rows.every((r) => r.draft?.origin === 'steam' && r.error === null)).toBe(true);
    expect(result.ok && result.notes).toHaveLength(2);
  });

  it("the owner's own saved pages (with the lock dates only the owner gets) become all five holdings, locks read on the fixed clock", async () => {
    standin = await startSteamStandin({ pageSize: 100 });
    const owner = { cookie: `steamLoginSecure=${FIXTURE_STEAM_ID}%7C%7Cfixture-token` };
    const pages = await Promise.all(
      ['2', '16'].map(
        async (c) =>
          (
            await fetch(`${standin!.url}/inventory/${FIXTURE_STEAM_ID}/730/${c}?l=english&count=2000`, {
              headers: owner,
            })
          ).json() as Promise<unknown>,
      ),
    );
    const preview = importSteamInventory(pages, { game: 730, now: FIXTURE_NOW });
    expect(preview.rows.map((r) => [r.draft?.name, r.draft?.quantity, r.draft?.lockedUntil, r.warning])).toEqual([
      ['Fracture Case', 7, null, null],
      ['AK-47 | Redline (Field-Tested)', 2, null, null],
      ['AWP | Asiimov (Field-Tested)', 2, FIXTURE_LOCK_END, 'Trade-locked until 2026-12-01 07:00 UTC'],
      ['5 Year Veteran Coin', 1, null, 'Not tradable; not marketable'],
      ['M4A1-S | Printstream (Minimal Wear)', 1, FIXTURE_PROTECTION_END, 'Trade-locked until 2026-11-30 07:00 UTC'],
    ]);
  });
});
