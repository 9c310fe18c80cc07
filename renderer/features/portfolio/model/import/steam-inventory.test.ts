import { describe, expect, it } from 'vitest';
import {
  FIXTURE_CONTEXT_16,
  FIXTURE_CONTEXT_2,
  FIXTURE_DESCRIPTIONS,
  FIXTURE_LOCK_END,
  FIXTURE_PROTECTION_END,
  inventoryPage,
  syntheticInventory,
} from '../../../../../shared/steam/test-fixtures';
import { importSteamInventory, importSteamInventoryText } from './steam-inventory';
import { readLockSentence } from './steam-lock';

const NOW = Date.UTC(2026, 10, 25, 12);
const opts = { game: 730 as const, now: NOW };

describe('readLockSentence', () => {
  it.each([
    ['Tradable/Marketable After Dec 01, 2026 (7:00:00) GMT', Date.UTC(2026, 11, 1, 7)],
    ['Tradable After Oct 01, 2027 (7:00:00) GMT', Date.UTC(2027, 9, 1, 7)],
    ['Tradable/Marketable After 3 Feb, 2027 (18:00:00) GMT', Date.UTC(2027, 1, 3, 18)],
    [
      'This item is trade-protected and cannot be consumed, modified, or transferred until Nov 30, 2026 (7:00:00) GMT',
      Date.UTC(2026, 10, 30, 7),
    ],
    // Without a year: the next such day (here, next year's August).
    ['Tradable/Marketable After 5 Aug @ 5:00am', Date.UTC(2027, 7, 5, 5)],
    ['Tradable/Marketable After Nov 26 @ 5:00pm', Date.UTC(2026, 10, 26, 17)],
  ])('%s', (text, at) => {
    expect(readLockSentence(text, NOW)).toBe(at);
  });
  it('is null for other descriptions', () => {
    expect(readLockSentence(' ', NOW)).toBeNull();
    expect(readLockSentence('Exterior: Field-Tested', NOW)).toBeNull();
  });
});

describe('importSteamInventory', () => {
  const saved = inventoryPage(FIXTURE_CONTEXT_2, 0, 2000);

  it('groups a saved page by name and lock end, counting amounts, with the lock date and warnings', () => {
    const preview = importSteamInventoryText(JSON.stringify(saved), opts);
    expect(preview.fatal).toBeNull();
    expect(
      preview.rows.map((r) => [r.draft?.name, r.draft?.quantity, r.draft?.lockedUntil, r.warning, r.error]),
    ).toEqual([
      ['Fracture Case', 7, null, null, null],
      ['AK-47 | Redline (Field-Tested)', 2, null, null, null],
      ['AWP | Asiimov (Field-Tested)', 2, FIXTURE_LOCK_END, 'Trade-locked until 2026-12-01 07:00 UTC', null],
      ['5 Year Veteran Coin', 1, null, 'Not tradable; not marketable', null],
    ]);
    expect(preview.rows[0]!.draft).toEqual({
      game: 730,
      name: 'Fracture Case',
      quantity: 7,
      unitCost: null,
      fee: null,
      acquired: null,
      place: null,
      lockedUntil: null,
      note: '',
      origin: 'steam',
    });
    expect(preview.rows[2]!.text).toBe('2 × AWP | Asiimov (Field-Tested) · locked until 2026-12-01 07:00 UTC');
  });

  it('reads what fetchSteamInventory answers (both contexts merged) and a list of saved pages alike', () => {
    const merged = {
      ok: true,
      steamId: '76561190000000001',
      fetchedAt: NOW,
      inventory: {
        assets: [...FIXTURE_CONTEXT_2, ...FIXTURE_CONTEXT_16],
        descriptions: FIXTURE_DESCRIPTIONS,
        total_inventory_count: 10,
      },
    };
    const a = importSteamInventory(merged, opts);
    expect(a.rows.map((r) => [r.draft?.name, r.draft?.quantity, r.draft?.lockedUntil])).toContainEqual([
      'M4A1-S | Printstream (Minimal Wear)',
      1,
      FIXTURE_PROTECTION_END,
    ]);
    const pages = [
      inventoryPage(FIXTURE_CONTEXT_2, 0, 4),
      inventoryPage(FIXTURE_CONTEXT_2, 4, 4),
      inventoryPage(FIXTURE_CONTEXT_2, 8, 4),
    ];
    const b = importSteamInventory(pages, opts);
    expect(b.rows.map((r) => r.draft)).toEqual(importSteamInventory(saved, opts).rows.map((r) => r.draft));
  });

  it('splits one item into two holdings when the lock ends differ, and forgets a lock that has passed', () => {
    const desc = (instanceid: string, date: string) => ({
      classid: '9',
      instanceid,
      market_hash_name: 'X',
      tradable: 0,
      marketable: 0,
      owner_descriptions: [{ value: `Tradable After ${date} (7:00:00) GMT` }],
    });
    const page = {
      assets: [
        { assetid: '1', classid: '9', instanceid: '1', amount: '1' },
        { assetid: '2', classid: '9', instanceid: '2', amount: '1' },
        { assetid: '3', classid: '9', instanceid: '3', amount: '1' },
      ],
      descriptions: [desc('1', 'Dec 01, 2026'), desc('2', 'Dec 02, 2026'), desc('3', 'Jan 01, 2020')],
      total_inventory_count: 3,
    };
    const rows = importSteamInventory(page, opts).rows;
    expect(rows.map((r) => r.draft?.lockedUntil)).toEqual([Date.UTC(2026, 11, 1, 7), Date.UTC(2026, 11, 2, 7), null]);
  });

  it('falls back to cache_expiration on an untradable item without the sentence', () => {
    const page = {
      assets: [{ assetid: '1', classid: '9', instanceid: '0', amount: '1' }],
      descriptions: [
        {
          classid: '9',
          instanceid: '0',
          market_hash_name: 'X',
          tradable: 0,
          marketable: 1,
          cache_expiration: '2026-12-03T07:00:00Z',
        },
      ],
    };
    expect(importSteamInventory(page, opts).rows[0]!.draft?.lockedUntil).toBe(Date.UTC(2026, 11, 3, 7));
  });

  it('turns assets without a description into rows with an error, not a crash', () => {
    const page = {
      assets: [{ assetid: '1', classid: '77', instanceid: '0', amount: '1' }],
      descriptions: [],
      total_inventory_count: 1,
    };
    const rows = importSteamInventory(page, opts).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.error).toMatch(/No description .* class 77/);
  });

  it('says clearly when the file is not an inventory, private, empty or of another game', () => {
    expect(importSteamInventoryText('<html>', opts).fatal).toMatch(/not JSON/);
    expect(importSteamInventoryText('null', opts).fatal).toMatch(/private/);
    expect(importSteamInventoryText('{"success":false}', opts).fatal).toMatch(/private/);
    expect(importSteamInventoryText('{"holdings":[]}', opts).fatal).toMatch(/not a Steam inventory/);
    expect(importSteamInventoryText('[1,2]', opts).fatal).toMatch(/not a Steam inventory/);
    expect(importSteamInventoryText('{"assets":"x"}', opts).fatal).toMatch(/not a Steam inventory/);
    expect(importSteamInventoryText('{"total_inventory_count":0,"success":1,"rwgrsn":-2}', opts).fatal).toMatch(
      /empty/,
    );
    expect(
      importSteamInventory({ ok: false, reason: 'private', message: 'This Steam inventory is private.' }, opts).fatal,
    ).toBe('This Steam inventory is private.');
    const dota = {
      assets: [{ appid: 570, assetid: '1', classid: '1', instanceid: '0', amount: '1' }],
      descriptions: [{ classid: '1', instanceid: '0', market_hash_name: 'X' }],
    };
    expect(importSteamInventory(dota, opts).fatal).toMatch(/Dota 2 inventory/);
  });

  // Its time (goal: within 1 s) is measured by `npm run bench:portfolio`.
  it('parses and groups 5,000 assets', () => {
    const preview = importSteamInventoryText(JSON.stringify(syntheticInventory(5_000)), opts);
    expect(preview.fatal).toBeNull();
    expect(preview.rows.reduce((n, r) => n + (r.draft?.quantity ?? 0), 0)).toBe(5_000);
    expect(preview.rows).toHaveLength(400);
  });
});
