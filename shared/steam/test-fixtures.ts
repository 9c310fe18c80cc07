/**
 * Test data: made-up Steam inventories in the shape the public inventory address answers
 * (https://steamcommunity.com/inventory/<steamid>/<appid>/<contextid>?l=english&count=<n>), written for
 * these tests (no one's real inventory). Used by the import parser's tests and the Steam stand-in server.
 *
 * The SteamID64s are below the first individual account id (76561197960265728), so they cannot be anyone's.
 */
import type { SteamAsset, SteamDescription } from './inventory';

export const FIXTURE_STEAM_ID = '76561190000000001';
export const FIXTURE_PRIVATE_ID = '76561190000000002';
export const FIXTURE_EMPTY_ID = '76561190000000003';
export const FIXTURE_VANITY = 'standin-trader';
/**
 * The fixtures' clock: every date below is read against this fixed "now" (the stand-in's default clock, the
 * page clock in e2e), never against today, so no test stops checking when a date passes.
 */
export const FIXTURE_NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
/** 2026-12-01 07:00 GMT: the lock end of the fixture's locked AWPs (bought 7 days before: Steam's market hold). */
export const FIXTURE_LOCK_END = Date.UTC(2026, 11, 1, 7, 0, 0);
/** 2026-11-30 07:00 GMT: the trade protection end of the context-16 item (received in a trade 7 days before). */
export const FIXTURE_PROTECTION_END = Date.UTC(2026, 10, 30, 7, 0, 0);
/**
 * How long Steam hides a CS2 item bought or received in a trade from anyone but its owner: 10 days, since the
 * CS2 update of 2024-04-03 (DoctorMcKay/node-steamcommunity#348; Allyans3/steam-market-api-v2#27).
 */
export const RECENTLY_ACQUIRED_HIDDEN_MS = 10 * DAY;

/**
 * A Steam description as the page has it: more fields than the parser reads, and `owner_descriptions` as
 * Steam sends it (a list of {type, value, color}, or "" when there are none).
 */
export type FixtureDescription = Omit<SteamDescription, 'owner_descriptions'> & {
  owner_descriptions?: unknown;
} & Record<string, unknown>;

function description(
  classid: string,
  instanceid: string,
  name: string,
  extra: Partial<FixtureDescription> = {},
): FixtureDescription {
  return {
    appid: 730,
    classid,
    instanceid,
    currency: 0,
    background_color: '',
    icon_url: `fixture-icon-${classid}`,
    descriptions: [{ type: 'html', value: ' ' }],
    tradable: 1,
    name: name.replace(/ \([^)]*\)$/, ''),
    name_color: 'D2D2D2',
    type: 'Fixture',
    market_name: name,
    market_hash_name: name,
    commodity: 0,
    market_tradable_restriction: 7,
    market_marketable_restriction: 7,
    marketable: 1,
    ...extra,
  };
}

export const FIXTURE_DESCRIPTIONS: readonly FixtureDescription[] = [
  description('3001', '0', 'Fracture Case', { commodity: 1 }),
  description('3002', '188530139', 'AK-47 | Redline (Field-Tested)'),
  description('3003', '302028390', 'AWP | Asiimov (Field-Tested)', {
    tradable: 0,
    marketable: 0,
    owner_descriptions: [
      { type: 'html', value: ' ' },
      { type: 'html', value: 'Tradable/Marketable After Dec 01, 2026 (7:00:00) GMT', color: 'ff4040' },
    ],
  }),
  description('3004', '0', '5 Year Veteran Coin', { tradable: 0, marketable: 0, owner_descriptions: '' }),
  description('3005', '519977179', 'M4A1-S | Printstream (Minimal Wear)', {
    tradable: 0,
    marketable: 0,
    owner_descriptions: [
      {
        type: 'html',
        value:
          'This item is trade-protected and cannot be consumed, modified, or transferred until Nov 30, 2026 (7:00:00) GMT',
        color: 'ff4040',
      },
    ],
  }),
];

function asset(
  n: number,
  classid: string,
  instanceid: string,
  contextid = '2',
  amount = '1',
): SteamAsset & { appid: number } {
  return { appid: 730, contextid, assetid: String(40_000_000_000 + n), classid, instanceid, amount };
}

/** Context 2: 7 cases (as 4 assets: 1 + 1 + 1 + 4 stacked), 2 Redlines, 2 locked AWPs, 1 coin. */
export const FIXTURE_CONTEXT_2: ReadonlyArray<SteamAsset & { appid: number }> = [
  asset(1, '3001', '0'),
  asset(2, '3002', '188530139'),
  asset(3, '3001', '0'),
  asset(4, '3003', '302028390'),
  asset(5, '3002', '188530139'),
  asset(6, '3003', '302028390'),
  asset(7, '3004', '0'),
  asset(8, '3001', '0'),
  asset(9, '3001', '0', '2', '4'),
];

/** Context 16 (trade protected): one Printstream. */
export const FIXTURE_CONTEXT_16: ReadonlyArray<SteamAsset & { appid: number }> = [
  asset(100, '3005', '519977179', '16'),
];

/**
 * When the owner got each asset (assetid -> ms), for what Steam shows visitors: the AWPs were bought 7 days
 * before their lock end and the Printstream traded 7 days before its protection end, both within the last 10
 * days of FIXTURE_NOW; everything else long ago.
 */
export const FIXTURE_ACQUIRED: Readonly<Record<string, number>> = Object.fromEntries([
  ...FIXTURE_CONTEXT_2.map(
    (a) => [a.assetid, a.classid === '3003' ? FIXTURE_LOCK_END - 7 * DAY : FIXTURE_NOW - 400 * DAY] as const,
  ),
  ...FIXTURE_CONTEXT_16.map((a) => [a.assetid, FIXTURE_PROTECTION_END - 7 * DAY] as const),
]);

/** One page of an inventory as Steam answers it: only the page's descriptions, paging fields while more remain. */
export function inventoryPage(
  all: ReadonlyArray<SteamAsset>,
  start: number,
  count: number,
  descriptions: readonly FixtureDescription[] = FIXTURE_DESCRIPTIONS,
): Record<string, unknown> {
  const assets = all.slice(start, start + count);
  const used = new Set(assets.map((a) => `${a.classid}_${a.instanceid}`));
  const page: Record<string, unknown> = {
    assets,
    descriptions: descriptions.filter((d) => used.has(`${d.classid}_${d.instanceid}`)),
    total_inventory_count: all.length,
    success: 1,
    rwgrsn: -2,
  };
  if (start + count < all.length) {
    page.more_items = 1;
    page.last_assetid = assets[assets.length - 1]?.assetid;
  }
  return page;
}

/** A large made-up inventory: `n` assets over `kinds` items, every fifth one locked (benchmarks, timing tests). */
export function syntheticInventory(
  n: number,
  kinds = 400,
): { assets: SteamAsset[]; descriptions: FixtureDescription[]; total_inventory_count: number } {
  const descriptions: FixtureDescription[] = [];
  for (let k = 0; k < kinds; k++) {
    const locked = k % 5 === 0;
    descriptions.push(
      description(
        String(500_000 + k),
        '0',
        `Fixture Item ${k} (Field-Tested)`,
        locked
          ? {
              tradable: 0,
              marketable: 0,
              owner_descriptions: [
                { value: `Tradable/Marketable After Dec ${String((k % 28) + 1).padStart(2, '0')}, 2026 (7:00:00) GMT` },
              ],
            }
          : {},
      ),
    );
  }
  const assets: SteamAsset[] = [];
  for (let i = 0; i < n; i++) {
    const k = (i * 7919) % kinds;
    assets.push({
      assetid: String(50_000_000_000 + i),
      classid: String(500_000 + k),
      instanceid: '0',
      amount: '1',
      contextid: '2',
    });
  }
  return { assets, descriptions, total_inventory_count: n };
}
