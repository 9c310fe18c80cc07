/**
 * CS2 catalog from the maintained item data in @ianlucas/cs2-lib: every marketable kind of item, named the
 * way the Steam Community Market names it (market_hash_name), with an anchor price and volume from rarity,
 * wear, StatTrak/Souvenir, knife/glove type, tournament and finish. The anchors are plausible orders of
 * magnitude, not quotes; the simulation adds per-item variation and movement.
 */
import { CS2_ITEMS, CS2Economy, type CS2EconomyItem } from '@ianlucas/cs2-lib';
import { english } from '@ianlucas/cs2-lib/translations';
import { lognormal, volumeForPrice, type CatalogEntry } from './entry';

const WEARS = [
  { name: 'Factory New', min: 0, max: 0.07 },
  { name: 'Minimal Wear', min: 0.07, max: 0.15 },
  { name: 'Field-Tested', min: 0.15, max: 0.38 },
  { name: 'Well-Worn', min: 0.38, max: 0.45 },
  { name: 'Battle-Scarred', min: 0.45, max: 1 },
] as const;

/** The wear tiers a paint can have: those whose float interval overlaps the paint's [wearMin, wearMax]. */
function wearsOf(item: CS2EconomyItem): number[] {
  const lo = item.wearMin ?? 0.06;
  const hi = item.wearMax ?? 0.8;
  const out: number[] = [];
  WEARS.forEach((w, i) => {
    if (lo < w.max && hi > w.min) out.push(i);
  });
  return out;
}

const RARITY: Record<string, number> = {
  '#ded6cc': 0,
  '#b0c3d9': 1,
  '#5e98d9': 2,
  '#4b69ff': 3,
  '#8847ff': 4,
  '#d32ce6': 5,
  '#eb4b4b': 6,
  '#e4ae39': 7,
};

/** Field-Tested price of a normal skin by rarity (USD). */
const SKIN_BASE = [0.05, 0.04, 0.06, 0.1, 0.5, 2.5, 12, 2500];
/** Wear multipliers on price and on volume (FT is the most traded tier). */
const WEAR_PRICE = [2.2, 1.35, 1, 0.92, 0.85];
const WEAR_VOLUME = [0.45, 0.7, 1, 0.35, 0.45];

/** Famous skins (FT-equivalent normal price, USD): the long tail of the market. */
const FAMOUS: Record<string, number> = {
  'AWP | Dragon Lore': 4500,
  'AWP | Gungnir': 4500,
  'AWP | The Prince': 1600,
  'AWP | Medusa': 1500,
  'AWP | Desert Hydra': 450,
  'AWP | Lightning Strike': 200,
  'AWP | Fade': 700,
  'AWP | Asiimov': 90,
  'AWP | Printstream': 60,
  'AWP | Containment Breach': 60,
  'AWP | Wildfire': 55,
  'AWP | Graphite': 70,
  'AWP | BOOM': 50,
  'AWP | Oni Taiji': 60,
  'AWP | Hyper Beast': 25,
  'AWP | Redline': 25,
  'AWP | Neo-Noir': 22,
  'AWP | Chromatic Aberration': 20,
  "AWP | Man-o'-war": 25,
  'AWP | Electric Hive': 20,
  'AWP | Corticera': 20,
  'AWP | Pink DDPAT': 150,
  'AWP | Snake Camo': 25,
  'AWP | Silk Tiger': 400,
  'M4A4 | Howl': 3500,
  'M4A4 | Poseidon': 450,
  'M4A4 | Asiimov': 60,
  'M4A4 | The Emperor': 25,
  'M4A4 | Temukau': 25,
  'M4A4 | Neo-Noir': 15,
  'M4A4 | Hellfire': 15,
  'M4A4 | Desolate Space': 14,
  'M4A4 | Radiation Hazard': 25,
  'M4A4 | Daybreak': 60,
  'M4A4 | Dark Blossom': 80,
  'M4A4 | X-Ray': 40,
  'M4A1-S | Welcome to the Jungle': 1500,
  'M4A1-S | Hot Rod': 400,
  'M4A1-S | Knight': 1200,
  'M4A1-S | Icarus Fell': 500,
  'M4A1-S | Master Piece': 250,
  'M4A1-S | Printstream': 80,
  'M4A1-S | Hyper Beast': 20,
  'M4A1-S | Golden Coil': 35,
  "M4A1-S | Chantico's Fire": 40,
  'M4A1-S | Blue Phosphor': 300,
  'M4A1-S | Imminent Danger': 350,
  'M4A1-S | Player Two': 40,
  'M4A1-S | Mecha Industries': 15,
  'M4A1-S | Cyrex': 12,
  'M4A1-S | Decimator': 15,
  'AK-47 | Wild Lotus': 4000,
  'AK-47 | Gold Arabesque': 2500,
  'AK-47 | Fire Serpent': 700,
  'AK-47 | Case Hardened': 250,
  'AK-47 | Hydroponic': 450,
  'AK-47 | Jet Set': 250,
  'AK-47 | Vulcan': 150,
  'AK-47 | Fuel Injector': 70,
  'AK-47 | Asiimov': 55,
  'AK-47 | Redline': 30,
  'AK-47 | Bloodsport': 70,
  'AK-47 | Neon Rider': 45,
  'AK-47 | The Empress': 50,
  'AK-47 | X-Ray': 150,
  'AK-47 | Panthera onca': 900,
  'AK-47 | Aquamarine Revenge': 30,
  'AK-47 | Nightwish': 60,
  'AK-47 | Head Shot': 40,
  'AK-47 | Inheritance': 120,
  'AK-47 | Neon Revolution': 25,
  'AK-47 | Frontside Misty': 25,
  'AK-47 | Point Disarray': 20,
  'AK-47 | Bloodsport ': 70,
  'AK-47 | Legion of Anubis': 30,
  'AK-47 | Ice Coaled': 15,
  'AK-47 | Slate': 5,
  'Desert Eagle | Blaze': 450,
  'Desert Eagle | Printstream': 55,
  'Desert Eagle | Code Red': 40,
  'Desert Eagle | Golden Koi': 60,
  'Desert Eagle | Hypnotic': 100,
  'Desert Eagle | Fennec Fox': 60,
  'Desert Eagle | Emerald Jörmungandr': 300,
  'Desert Eagle | Kumicho Dragon': 15,
  'Desert Eagle | Sunset Storm 壱': 120,
  'Glock-18 | Fade': 1500,
  'Glock-18 | Gamma Doppler': 250,
  'Glock-18 | Dragon Tattoo': 45,
  'Glock-18 | Twilight Galaxy': 25,
  'Glock-18 | Water Elemental': 8,
  'Glock-18 | Neo-Noir': 10,
  'USP-S | Kill Confirmed': 80,
  'USP-S | The Traitor': 40,
  'USP-S | Printstream': 80,
  'USP-S | Orion': 30,
  'USP-S | Neo-Noir': 20,
  'USP-S | Whiteout': 120,
  'USP-S | Dark Water': 20,
  'USP-S | Jawbreaker': 10,
  'P90 | Emerald Dragon': 250,
  'P90 | Asiimov': 10,
  'P90 | Death by Kitty': 60,
  'Five-SeveN | Case Hardened': 60,
  'Five-SeveN | Hyper Beast': 10,
  'SSG 08 | Dragonfire': 25,
  'SSG 08 | Blood in the Water': 60,
  'AUG | Akihabara Accept': 300,
  'SG 553 | Integrale': 300,
  'P250 | Nuclear Threat': 150,
  'Tec-9 | Nuclear Threat': 120,
  'MP9 | Wild Lily': 150,
  'MAC-10 | Neon Rider': 8,
  'MP7 | Whiteout': 90,
  'Nova | Hyper Beast': 8,
  'P2000 | Fire Elemental': 12,
  'Dual Berettas | Cobra Strike': 5,
  'CZ75-Auto | Victoria': 8,
  'R8 Revolver | Fade': 20,
  'UMP-45 | Blaze': 15,
  'MAG-7 | Cinquedea': 100,
  'FAMAS | Djinn': 5,
  'Galil AR | Chatterbox': 25,
  'Galil AR | Cerberus': 20,
  'Sawed-Off | The Kraken': 15,
  'Negev | Mjölnir': 150,
  'M249 | Emerald Poison Dart': 2,
};

/** Knife type FT-price (USD) for a plain finish. */
const KNIFE_BASE: Record<string, number> = {
  Karambit: 650,
  'Butterfly Knife': 850,
  'M9 Bayonet': 480,
  Bayonet: 320,
  'Talon Knife': 480,
  'Skeleton Knife': 420,
  'Stiletto Knife': 300,
  'Flip Knife': 210,
  'Ursus Knife': 160,
  'Huntsman Knife': 140,
  'Falchion Knife': 115,
  'Bowie Knife': 125,
  'Nomad Knife': 220,
  'Paracord Knife': 150,
  'Survival Knife': 130,
  'Classic Knife': 220,
  'Gut Knife': 95,
  'Navaja Knife': 85,
  'Shadow Daggers': 85,
  'Kukri Knife': 190,
};
/** Finish multipliers for knives (the sought-after patterns carry most of the value). */
const KNIFE_FINISH: Record<string, number> = {
  Fade: 2.4,
  Doppler: 1.9,
  'Gamma Doppler': 2.1,
  'Marble Fade': 2.3,
  'Tiger Tooth': 1.7,
  Lore: 1.8,
  Autotronic: 1.4,
  Slaughter: 1.6,
  'Crimson Web': 1.5,
  'Case Hardened': 1.5,
  'Black Laminate': 1.1,
  'Bright Water': 0.95,
  Freehand: 0.95,
  'Damascus Steel': 0.95,
  'Rust Coat': 0.7,
  Ultraviolet: 1.05,
  'Blue Steel': 1.05,
  Stained: 0.95,
  Night: 0.95,
  'Forest DDPAT': 0.7,
  'Safari Mesh': 0.62,
  'Boreal Forest': 0.66,
  'Urban Masked': 0.66,
  Scorched: 0.66,
  'Night Stripe': 0.8,
  Vanilla: 1.35,
};
const KNIFE_WEAR = [2.0, 1.3, 1, 0.88, 0.82];

const GLOVE_BASE: Record<string, number> = {
  'Sport Gloves': 650,
  'Specialist Gloves': 380,
  'Driver Gloves': 210,
  'Hand Wraps': 200,
  'Moto Gloves': 260,
  'Bloodhound Gloves': 220,
  'Hydra Gloves': 160,
  'Broken Fang Gloves': 160,
};
const GLOVE_FINISH: Record<string, number> = {
  "Pandora's Box": 5,
  Vice: 3.2,
  'Hedge Maze': 3,
  Superconductor: 2.8,
  'Crimson Kimono': 2.7,
  'Emerald Web': 2.2,
  Fade: 1.8,
  'King Snake': 1.6,
  Amphibious: 1.8,
  Omega: 1.5,
  'Crimson Weave': 1.5,
  Slaughter: 1.5,
  'Cobalt Skulls': 1.3,
  Foundation: 1.2,
  'Marble Fade': 1.6,
  Nocts: 1.4,
};
const GLOVE_WEAR = [7, 2.4, 1, 0.8, 0.7];

/** Sticker prices by tournament/capsule (USD for a paper sticker) and a per-category volume factor. */
function stickerBase(category: string): { usd: number; vol: number } {
  if (category.includes('2014 EMS One Katowice')) return { usd: 220, vol: 0.03 };
  if (category.includes('2013 DreamHack')) return { usd: 30, vol: 0.1 };
  if (category.includes('2014 ESL One Cologne')) return { usd: 8, vol: 0.2 };
  if (category.includes('2014 DreamHack')) return { usd: 5, vol: 0.25 };
  if (category.includes('2015 ESL One Katowice')) return { usd: 4, vol: 0.3 };
  const year = /20(\d\d)/.exec(category)?.[1];
  if (year !== undefined) {
    const y = Number(year);
    const isMajor =
      /Cologne|Cluj|Columbus|Atlanta|Krakow|Boston|London|Katowice|Berlin|RMR|Stockholm|Antwerp|Rio|Paris|Copenhagen|Shanghai|Austin|Budapest/.test(
        category,
      );
    if (isMajor) {
      const usd = y <= 15 ? 0.6 : y <= 17 ? 0.35 : y <= 19 ? 0.2 : y <= 21 ? 0.15 : y <= 23 ? 0.07 : 0.05;
      const vol = y <= 17 ? 0.4 : y <= 19 ? 0.7 : y <= 22 ? 1 : y <= 24 ? 1.5 : 3;
      return { usd, vol };
    }
  }
  if (category === 'Valve') return { usd: 1.2, vol: 0.5 };
  return { usd: 0.7, vol: 0.8 };
}

function stickerFinish(name: string): number {
  if (/\(Holo\).*Katowice 2014/.test(name)) return 45;
  if (/\(Foil\).*Katowice 2014/.test(name)) return 12;
  if (/Gold/.test(name)) return 25;
  if (/Foil/.test(name)) return 6;
  if (/Holo/.test(name)) return 4;
  if (/Lenticular/.test(name)) return 3;
  if (/Embroidered/.test(name)) return 3;
  if (/Glitter/.test(name)) return 1.8;
  return 1;
}

const STICKER_FAMOUS: Record<string, number> = {
  'Sticker | iBUYPOWER (Holo) | Katowice 2014': 8,
  'Sticker | Titan (Holo) | Katowice 2014': 5,
  'Sticker | Reason Gaming (Holo) | Katowice 2014': 3,
  'Sticker | Vox Eminor (Holo) | Katowice 2014': 2.5,
  'Sticker | LGB eSports (Holo) | Katowice 2014': 2.2,
  'Sticker | Crown (Foil)': 60,
  'Sticker | Howling Dawn': 25,
  'Sticker | iBUYPOWER | Katowice 2014': 3,
  'Sticker | Titan | Katowice 2014': 2.5,
};

const CASE_PRICES: Record<string, [usd: number, vol: number]> = {
  'CS:GO Weapon Case': [95, 25],
  'eSports 2013 Case': [60, 20],
  'Operation Bravo Case': [45, 50],
  'CS:GO Weapon Case 2': [12, 60],
  'eSports 2013 Winter Case': [15, 60],
  'Winter Offensive Weapon Case': [8, 100],
  'CS:GO Weapon Case 3': [8, 100],
  'Operation Phoenix Weapon Case': [4, 300],
  'Huntsman Weapon Case': [6, 200],
  'Operation Breakout Weapon Case': [4, 300],
  'eSports 2014 Summer Case': [6, 100],
  'Operation Vanguard Weapon Case': [3, 300],
  'Chroma Case': [4, 300],
  'Chroma 2 Case': [3, 300],
  'Falchion Case': [1.5, 1000],
  'Shadow Case': [1.2, 1000],
  'Revolver Case': [1.5, 1500],
  'Operation Wildfire Case': [2, 800],
  'Chroma 3 Case': [2, 1000],
  'Gamma Case': [2, 1000],
  'Gamma 2 Case': [2, 1000],
  'Glove Case': [4, 800],
  'Spectrum Case': [3, 600],
  'Operation Hydra Case': [25, 100],
  'Spectrum 2 Case': [2, 800],
  'Clutch Case': [0.8, 5000],
  'Horizon Case': [1.2, 2000],
  'Danger Zone Case': [1, 3000],
  'Prisma Case': [1, 3000],
  'Shattered Web Case': [4, 500],
  'CS20 Case': [1, 3000],
  'Prisma 2 Case': [0.9, 5000],
  'Fracture Case': [0.4, 20000],
  'Operation Broken Fang Case': [4, 500],
  'Snakebite Case': [0.35, 20000],
  'Operation Riptide Case': [8, 300],
  'Dreams & Nightmares Case': [1.5, 20000],
  'Recoil Case': [0.4, 40000],
  'Revolution Case': [0.5, 30000],
  'Kilowatt Case': [0.6, 30000],
  'Gallery Case': [0.7, 30000],
  'Fever Case': [0.8, 30000],
  'Sticker Capsule': [25, 20],
  'Sticker Capsule 2': [18, 20],
  'Community Sticker Capsule 1': [20, 20],
  'EMS Katowice 2014 Legends': [1100, 0.5],
  'EMS Katowice 2014 Challengers': [800, 0.5],
  'ESL One Cologne 2014 Legends': [60, 5],
  'ESL One Cologne 2014 Challengers': [55, 5],
  'DreamHack 2014 Legends (Holo/Foil)': [40, 5],
  'ESL One Cologne 2014 Cobblestone Souvenir Package': [900, 1],
  'DreamHack 2014 Cobblestone Souvenir Package': [300, 1],
  'ESL One Katowice 2015 Cobblestone Souvenir Package': [150, 1],
};

function containerPrice(name: string): [number, number] {
  const known = CASE_PRICES[name];
  if (known) return known;
  const y = Number(/20(\d\d)/.exec(name)?.[1] ?? '0');
  const aged = (p14: number, p15: number, p17: number, p19: number, p22: number, p25: number): number =>
    y === 0 ? p19 : y <= 14 ? p14 : y <= 15 ? p15 : y <= 17 ? p17 : y <= 19 ? p19 : y <= 22 ? p22 : p25;
  if (/Souvenir Package/.test(name)) {
    const map = /Cobblestone|Inferno|Dust II/.test(name) ? 1.8 : 1;
    return [aged(70, 25, 12, 5, 2.5, 1.2) * map, aged(1.5, 3, 5, 10, 30, 150)];
  }
  if (/Autograph Capsule/.test(name)) return [aged(5, 3, 2, 1.2, 0.8, 0.5), aged(1, 2, 3, 5, 10, 20)];
  if (/Legends|Challengers|Contenders/.test(name))
    return [aged(40, 6, 2.5, 1.2, 0.6, 0.3), aged(5, 10, 30, 60, 300, 2000)];
  if (/Music Kit Box/.test(name)) return [/StatTrak/.test(name) ? 14 : 6, 20];
  if (/Pins Capsule/.test(name)) return [25, 10];
  if (/Patch Pack/.test(name)) return [3, 30];
  if (/Graffiti/.test(name)) return [0.6, 50];
  if (/Capsule|Collection|Package|Box|Pack/.test(name)) return [1.5, 60];
  if (/Terminal/.test(name)) return [1, 3000];
  return [1.5, 400];
}

function add(out: CatalogEntry[], e: CatalogEntry): void {
  out.push(e);
}

export function buildCs2(): CatalogEntry[] {
  CS2Economy.use({ items: CS2_ITEMS, language: english });
  const all = CS2Economy.itemsAsArray;
  // StatTrak™ for skins that drop from weapon cases; Souvenir for skins in souvenir packages.
  const inWeaponCase = new Set<number>();
  const inSouvenir = new Set<number>();
  for (const c of CS2_ITEMS) {
    if (c.type !== 'case') continue;
    if (c.containerType === 0) for (const id of c.contents ?? []) inWeaponCase.add(id);
    if (c.containerType === 3) for (const id of c.contents ?? []) inSouvenir.add(id);
  }
  const out: CatalogEntry[] = [];
  const stickerUsd = new Map<string, number>();

  for (const it of all) {
    const rarity = RARITY[it.rarity ?? ''] ?? 1;
    switch (it.type) {
      case 'weapon': {
        if (it.base || it.free) break;
        const fam = lognormal(it.name, rarity >= 6 ? 0.6 : 0.75, 1);
        const base = FAMOUS[it.name] ?? (SKIN_BASE[rarity] ?? 0.1) * fam;
        // Famous skins are famous because everybody trades them.
        const popularity = lognormal(it.name, 0.9, 2) * (FAMOUS[it.name] ? 8 : 1);
        for (const w of wearsOf(it)) {
          const wearName = WEARS[w]!.name;
          const usd = base * WEAR_PRICE[w]!;
          const vol = volumeForPrice(usd, 60, 0.5) * WEAR_VOLUME[w]! * popularity;
          add(out, { name: `${it.name} (${wearName})`, cat: 'w', usd, volume: vol });
          if (inWeaponCase.has(it.id)) {
            add(out, {
              name: `StatTrak™ ${it.name} (${wearName})`,
              cat: 'w',
              usd: usd * 2.4 + 0.05,
              volume: vol * 0.3,
            });
          }
          if (inSouvenir.has(it.id)) {
            add(out, { name: `Souvenir ${it.name} (${wearName})`, cat: 'w', usd: usd * 4 + 0.3, volume: vol * 0.08 });
          }
        }
        break;
      }
      case 'melee': {
        if (it.free) break;
        const [type, finish = 'Vanilla'] = it.name.split(' | ');
        const usd0 = (KNIFE_BASE[type ?? ''] ?? 150) * (KNIFE_FINISH[finish] ?? lognormal(it.name, 0.3, 3));
        const popularity = lognormal(it.name, 0.5, 4);
        if (it.base) {
          // Vanilla knives have no wear.
          add(out, { name: `★ ${it.name}`, cat: 'k', usd: usd0, volume: volumeForPrice(usd0, 300, 0.6) * popularity });
          add(out, {
            name: `★ StatTrak™ ${it.name}`,
            cat: 'k',
            usd: usd0 * 1.3,
            volume: volumeForPrice(usd0, 300, 0.6) * popularity * 0.2,
          });
          break;
        }
        for (const w of wearsOf(it)) {
          const wearName = WEARS[w]!.name;
          const usd = usd0 * KNIFE_WEAR[w]! * (finish === 'Crimson Web' && w === 0 ? 6 : 1);
          const vol = volumeForPrice(usd, 300, 0.6) * WEAR_VOLUME[w]! * popularity;
          add(out, { name: `★ ${it.name} (${wearName})`, cat: 'k', usd, volume: vol });
          add(out, { name: `★ StatTrak™ ${it.name} (${wearName})`, cat: 'k', usd: usd * 1.3, volume: vol * 0.2 });
        }
        break;
      }
      case 'glove': {
        if (it.base || it.free) break;
        const [type, finish = ''] = it.name.split(' | ');
        const usd0 = (GLOVE_BASE[type ?? ''] ?? 200) * (GLOVE_FINISH[finish] ?? lognormal(it.name, 0.35, 5));
        for (const w of wearsOf(it)) {
          const usd = usd0 * GLOVE_WEAR[w]!;
          const vol = volumeForPrice(usd, 200, 0.6) * WEAR_VOLUME[w]!;
          add(out, { name: `★ ${it.name} (${WEARS[w]!.name})`, cat: 'g', usd, volume: vol });
        }
        break;
      }
      case 'sticker': {
        const { usd: b, vol } = stickerBase(it.category ?? '');
        const usd = b * stickerFinish(it.name) * (STICKER_FAMOUS[it.name] ?? lognormal(it.name, 0.7, 6));
        stickerUsd.set(it.name, usd);
        add(out, { name: it.name, cat: 's', usd, volume: volumeForPrice(usd, 40) * vol * lognormal(it.name, 0.8, 7) });
        break;
      }
      case 'keychain': {
        if (it.name.startsWith('Sticker Slab | ')) {
          const sticker = stickerUsd.get(it.name.replace('Sticker Slab | ', 'Sticker | '));
          const usd = (sticker ?? 0.5) * 1.25 + 0.6;
          add(out, { name: it.name, cat: 'l', usd, volume: volumeForPrice(usd, 1.2) * lognormal(it.name, 0.9, 8) });
        } else {
          const usd = [0.3, 0.3, 0.3, 0.4, 1.2, 4, 18, 30][rarity]! * lognormal(it.name, 0.6, 9);
          add(out, { name: it.name, cat: 'h', usd, volume: volumeForPrice(usd, 30) * lognormal(it.name, 0.7, 10) });
        }
        break;
      }
      case 'graffiti': {
        const usd = [0.03, 0.03, 0.05, 0.1, 0.3, 1.5, 3, 3][rarity]! * lognormal(it.name, 0.5, 11);
        const name = it.name.replace(/^Graffiti \| /, 'Sealed Graffiti | ');
        add(out, { name, cat: 'f', usd, volume: volumeForPrice(usd, 1.5) * lognormal(it.name, 1, 12) });
        break;
      }
      case 'patch': {
        const usd = [0.5, 0.5, 0.5, 0.6, 1.5, 4, 8, 8][rarity]! * lognormal(it.name, 0.6, 13);
        add(out, { name: it.name, cat: 'p', usd, volume: volumeForPrice(usd, 12) });
        break;
      }
      case 'agent': {
        const usd = [1, 1, 1, 0.8, 2.5, 7, 18, 18][rarity]! * lognormal(it.name, 0.6, 14);
        add(out, { name: it.name.replace(/^Agent \| /, ''), cat: 'a', usd, volume: volumeForPrice(usd, 70) });
        break;
      }
      case 'musickit': {
        if (it.free) break;
        const usd = 3 * lognormal(it.name, 0.5, 15);
        add(out, { name: it.name, cat: 'm', usd, volume: volumeForPrice(usd, 12) });
        add(out, {
          name: it.name.replace(/^Music Kit/, 'StatTrak™ Music Kit'),
          cat: 'm',
          usd: usd * 2.5,
          volume: volumeForPrice(usd, 12) * 0.35,
        });
        break;
      }
      case 'case': {
        const name = it.name.replace(/^Container \| /, '');
        const [usd, vol] = containerPrice(name);
        const f = lognormal(name, 0.25, 16);
        add(out, { name, cat: 'c', usd: usd * f, volume: vol / f });
        break;
      }
      case 'key': {
        const name = it.name.replace(/^Key \| /, '');
        add(out, { name, cat: 'y', usd: 2.49 * lognormal(name, 0.1, 17), volume: 800 * lognormal(name, 0.6, 18) });
        break;
      }
      case 'tool': {
        const name = it.name.replace(/^Tool \| /, '');
        if (name === 'Name Tag') add(out, { name, cat: 't', usd: 1.9, volume: 900 });
        if (name === 'StatTrak™ Swap Tool') add(out, { name, cat: 't', usd: 2.6, volume: 150 });
        break;
      }
      case 'collectible': {
        // Only pins trade on the market; coins, medals and trophies are not marketable.
        if (!/ Pin$/.test(it.name)) break;
        const name = it.name.replace(/^Collectible \| /, '');
        const usd = (/Howl|Guardian Elite|Death Sentence/.test(name) ? 45 : 9) * lognormal(name, 0.5, 19);
        add(out, { name, cat: 'n', usd, volume: volumeForPrice(usd, 10) });
        break;
      }
      default:
        break;
    }
  }
  return out;
}
