import { describe, expect, it } from 'vitest';
import { loadCatalog, parseCatalog, sliceCatalog } from './catalog';
import { GAME_IDS } from '../../../shared/catalog/games';

describe('committed catalogs', () => {
  const catalogs = new Map(GAME_IDS.map((id) => [id, loadCatalog(id)]));

  it('have the required sizes and no duplicate names', () => {
    for (const [id, c] of catalogs) {
      expect(c.names.length, `game ${id}`).toBeGreaterThanOrEqual(id === 730 ? 30000 : 300);
      expect(new Set(c.names).size, `game ${id} duplicates`).toBe(c.names.length);
      for (const n of c.names) {
        expect(n.trim()).toBe(n);
        expect(n).not.toMatch(/[\t\r\n]/);
      }
    }
  });

  it('name CS2 items the way the Steam market does', () => {
    const names = new Set(catalogs.get(730)!.names);
    for (const n of [
      '★ Karambit | Doppler (Factory New)',
      '★ StatTrak™ Karambit | Fade (Minimal Wear)',
      '★ Karambit',
      "★ Sport Gloves | Pandora's Box (Factory New)",
      'AK-47 | Redline (Field-Tested)',
      'StatTrak™ AK-47 | Redline (Field-Tested)',
      'Souvenir AWP | Dragon Lore (Factory New)',
      'Sticker | iBUYPOWER (Holo) | Katowice 2014',
      'Recoil Case',
      'CS:GO Weapon Case',
      'Operation Bravo Case',
      'EMS Katowice 2014 Legends',
      'CS:GO Case Key',
      'Music Kit | Noisia, Sharpened',
      'StatTrak™ Music Kit | Noisia, Sharpened',
      'Name Tag',
      'Howl Pin',
    ])
      expect(names.has(n), n).toBe(true);
    // Wear tiers follow each paint's float range: Fade only comes FN/MW, Asiimov (AWP) never FN.
    expect(names.has('★ Karambit | Fade (Field-Tested)')).toBe(false);
    expect(names.has('AWP | Asiimov (Factory New)')).toBe(false);
    expect(names.has('AWP | Asiimov (Battle-Scarred)')).toBe(true);
    // Gloves have no StatTrak; only the package-dropping skins have Souvenirs.
    expect([...names].some((n) => n.startsWith('★ StatTrak™') && n.includes('Gloves'))).toBe(false);
    expect(names.has('Souvenir AK-47 | Redline (Field-Tested)')).toBe(false);
    const kinds = [
      /^Sticker \| /,
      /^Sealed Graffiti \| /,
      /^Patch \| /,
      /^Charm \| /,
      / Case$/,
      / Capsule/,
      /\| (SWAT|FBI|The Professionals)/,
    ];
    for (const k of kinds)
      expect(
        [...names].some((n) => k.test(n)),
        String(k),
      ).toBe(true);
  });

  it('carry real names for the other games', () => {
    expect(catalogs.get(440)!.names).toEqual(
      expect.arrayContaining([
        'Mann Co. Supply Crate Key',
        'Strange Rocket Launcher',
        'Unusual Team Captain',
        'Strange Australium Rocket Launcher',
        'Taunt: The Conga',
      ]),
    );
    expect(catalogs.get(570)!.names).toEqual(
      expect.arrayContaining([
        'Manifold Paradox',
        'Fractal Horns of Inner Abysm',
        'Inscribed Manifold Paradox',
        'Golden Baby Roshan',
      ]),
    );
    expect(catalogs.get(252490)!.names).toEqual(
      expect.arrayContaining(['Tempered AK47', 'Alien Red', 'Big Grin', 'No Mercy Bag', 'Glory AK47']),
    );
  });

  it('rejects malformed lines', () => {
    expect(() => parseCatalog(1, 'w0\tshort code')).toThrow();
    expect(() => parseCatalog(1, 'Q00\tbad category')).toThrow();
    expect(parseCatalog(1, '# header\nwab\tName\n').names).toEqual(['Name']);
  });
});

describe('sliceCatalog', () => {
  it('keeps every n-th item and the named ones, with their classes, in catalog order', () => {
    const c = loadCatalog(730);
    const slice = sliceCatalog(c, { every: 8, keep: '^(StatTrak™ )?AK-47 \\| Redline' });
    const redlines = c.names.filter((n) => /^(StatTrak™ )?AK-47 \| Redline/.test(n));
    expect(redlines.length).toBeGreaterThan(4);
    for (const n of redlines) expect(slice.names, n).toContain(n);
    const every = c.names.filter((_, i) => i % 8 === 0);
    for (const n of every) expect(slice.names.includes(n), n).toBe(true);
    expect(slice.names.length).toBe(new Set([...every, ...redlines]).size);
    expect(slice.names.length).toBeLessThan(c.names.length / 7);
    // Order and per-item classes follow the catalog.
    const pos = slice.names.map((n) => c.names.indexOf(n));
    expect(pos).toEqual([...pos].sort((a, b) => a - b));
    pos.forEach((i, j) => {
      expect(slice.cat[j]).toBe(c.cat[i]);
      expect(slice.priceClass[j]).toBe(c.priceClass[i]);
      expect(slice.volumeClass[j]).toBe(c.volumeClass[i]);
    });
    expect(sliceCatalog(c, { every: 1 }).names).toEqual(c.names);
    expect(() => sliceCatalog(c, { every: 0 })).toThrow(/positive integer/);
  });
});
