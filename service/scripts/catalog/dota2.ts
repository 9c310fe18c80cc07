/**
 * Dota 2 (app 570) catalog: real item names (arcanas, immortals, couriers, wards, weather, announcers,
 * treasures) with the quality prefixes the market lists (Inscribed, Genuine, Exalted, Autographed, Unusual,
 * Corrupted), combined the way real listings combine them.
 */
import { lognormal, volumeForPrice, type CatalogEntry } from './entry';

/** Arcanas: the top tier; each also trades Inscribed and (when leveled) Exalted. */
const ARCANAS = [
  'Manifold Paradox',
  'Fractal Horns of Inner Abysm',
  'Demon Eater',
  'Blades of Voth Domosh',
  'Frost Avalanche',
  'Bladeform Legacy',
  'Tempest Helm of the Thundergod',
  'Feast of Abscession',
  'Swine of the Sunken Galley',
  'Fiery Soul of the Slayer',
  "Great Sage's Reckoning",
  'The Magus Cypher',
  'Planetfall',
  'Eminence of Ristul',
  'Compass of the Rising Gale',
  "Flockheart's Gamble",
  'Claszureme Hourglass',
  'Dread Retribution',
];

const IMMORTALS = [
  'Dragonclaw Hook',
  'Golden Dragonclaw Hook',
  'Kantusa the Script Sword',
  'Golden Kantusa the Script Sword',
  'Bracers of Aeons',
  'Golden Bracers of Aeons',
  'Moonfall',
  'Golden Moonfall',
  'Gravelmaw',
  'Golden Gravelmaw',
  'Dark Artistry Cape',
  'Ornithomancer Mantle',
  'Golden Ornithomancer Mantle',
  'Mantle of the Cinder Baron',
  'Magus Accord',
  'Scavenging Guttleslug',
  'Severing Crest',
  'Golden Severing Crest',
  "Tiara of the Dragon's Ire",
  'Flight of the Shadow Serpent',
  'Axe of Phractos',
  'Golden Axe of Phractos',
  'Crimson Wyrmling',
  'Stache of the Bogatyr',
  'Pipe of Dezun',
  'Bitter Lineage',
  'Golden Flight of Epiphany',
  'Mask of Madness',
  'Helm of the Guardian Construct',
  'Tormented Staff',
  'Rapier of the Burning God',
  'Shattered Greatsword',
  'Golden Shattered Greatsword',
  'Twin Blades of the Deep',
  'Voice of the Blood Scion',
  'Gaze of Sorrow',
  'Blade of Tears',
  'Golden Blade of Tears',
  'Focal Resonance',
  'Vigil Signet',
];

const COURIERS = [
  'Baby Roshan',
  'Golden Baby Roshan',
  'Platinum Baby Roshan',
  'Desert Sands Baby Roshan',
  'Prismatic Drake',
  'Mighty Boar',
  'Mok',
  'Cluckles the Brave',
  'Krobeling',
  'Golden Krobeling',
  'Bearzky',
  'Drodo the Druffin',
  'Murrissey the Smeevil',
  'Onibi',
  'Fearless Badger',
  'Tory the Sky Guardian',
  'Nilbog',
  'Lockjaw the Boxhound',
  'Butch',
  'Snowl',
  'Shagbark',
  'Shroomling',
  'Mango Tang',
  'Enduring War Dog',
  'Hermid',
  'Coco the Courageous',
  'Itsy',
  'Baekho',
  'Azuremir',
  'Doomling',
  'Golden Doomling',
  'Trapjaw',
  'Kupu the Metamorpher',
  'Waldi the Faithful',
  'Blotto and Stick',
  'Grimsneer',
  'Braze the Zonkey',
  'Arnabus the Fairy Rabbit',
  'Jumo',
  'Pholi the Filth Eater',
  'Mechanical Mana Sprite',
  'Throe',
  'Sir Augustus',
  'Captain Bamboo',
  'Huntling',
  'Juggling Jester',
  'Chocobo',
  'Deathbringer',
  'Seekling',
  'Golden Seekling',
  'Porcine Princess Penelope',
  'Wyvern Hatchling',
  'Golden Greevil',
  "Morok's Mechanical Mediary",
  'Donkey',
  'Cursed Wraith',
  'Skip the Delivery Frog',
  'Flopjaw',
  'Tinkbot',
];

const WARDS = [
  'Watcher Below',
  'Jaguar Ward',
  'Roshan Ward',
  'Celestial Observer',
  'Gazing Idol',
  'Portal Ward',
  "Thunder God's Eye",
  'Tree of Eternity',
  'Bloodseeker Ward',
  'Pirate Parrot Ward',
  'Frog of Shadows',
  'Mechanical Eye',
  'Crystal Ward',
  'Watcher of the Forest',
  'Coalcharm Ward',
];

const WEATHER = [
  'Weather: Rain',
  'Weather: Snow',
  'Weather: Ash',
  'Weather: Aurora',
  'Weather: Harvest',
  'Weather: Moonbeam',
  'Weather: Pestilence',
  'Weather: Sirocco',
  'Weather: Spring',
  'Weather: Fireworks',
];

const ANNOUNCERS = [
  'Announcer: Bastion',
  'Announcer: GLaDOS',
  'Announcer: Axe',
  'Announcer: Trine',
  'Announcer: Defense Grid',
  'Announcer: Tuskar',
  'Announcer: Pirate Meepo',
  'Announcer: Storm Spirit',
  'Announcer: Bristleback',
  'Announcer: Dr. Kleiner',
  'Announcer: Juggernaut',
  'Announcer: Lina',
  'Announcer: Techies',
  'Announcer: Pyramid Head',
  'Announcer: Gabe Newell',
  'Announcer: Dota Plus',
  'Announcer: Workshop',
  'Announcer: The Stanley Parable',
  'Announcer: Rick and Morty',
  'Announcer: Portal 2',
];

const TREASURES = [
  'Immortal Treasure I 2015',
  'Immortal Treasure II 2015',
  'Immortal Treasure III 2015',
  'Immortal Treasure I 2016',
  'Immortal Treasure II 2016',
  'Immortal Treasure III 2016',
  'Immortal Treasure I 2017',
  'Immortal Treasure II 2017',
  'Immortal Treasure III 2017',
  'Immortal Treasure I 2018',
  'Immortal Treasure II 2018',
  'Immortal Treasure III 2018',
  'Immortal Treasure I 2019',
  'Immortal Treasure II 2019',
  'Immortal Treasure III 2019',
  'Immortal Treasure I 2020',
  'Immortal Treasure II 2020',
  'Immortal Treasure III 2020',
  "The International 2015 Collector's Cache",
  "The International 2016 Collector's Cache",
  "The International 2017 Collector's Cache",
  "The International 2018 Collector's Cache",
  "The International 2019 Collector's Cache",
  "The International 2020 Collector's Cache",
  "The International 2022 Collector's Cache",
  "Aghanim's 2021 Collector's Cache",
  "Diretide 2022 Collector's Cache",
  'Treasure of the Crimson Witness',
  'Treasure of the Fallen Star',
  'Treasure of the Cursed Wanderer',
  'Trove Carafe 2016',
  'Trove Carafe 2017',
  'Trove Carafe 2018',
  'Trove Carafe 2019',
  'Autumn Treasure 2017',
  'Winter Treasure 2017',
  'Spring Treasure 2018',
  'Frostivus Treasure 2018',
  'Cavern Crawl Treasure',
  'Dark Moon Treasure',
];

export function buildDota2(): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  const add = (name: string, cat: CatalogEntry['cat'], usd: number, k: number): void => {
    out.push({ name, cat, usd, volume: volumeForPrice(usd, k) * lognormal(name, 0.7, 70) });
  };
  for (const a of ARCANAS) {
    const f = lognormal(a, 0.4, 71);
    add(a, 'k', 28 * f, 60);
    add(`Inscribed ${a}`, 'k', 30 * f, 30);
    add(`Exalted ${a}`, 'k', 45 * f, 8);
  }
  for (const it of IMMORTALS) {
    const golden = it.startsWith('Golden ');
    const f = lognormal(it, 0.9, 72) * (golden ? 12 : 1) * (it === 'Dragonclaw Hook' ? 60 : 1);
    add(it, 'x', 1.5 * f, 15);
    add(`Inscribed ${it}`, 'x', 2 * f, 6);
    if (!golden) add(`Autographed ${it}`, 'x', 3 * f, 1);
    if (!golden) add(`Genuine ${it}`, 'x', 4 * f, 1);
  }
  for (const c of COURIERS) {
    const f = lognormal(c, 1, 73) * (c.startsWith('Golden') || c.startsWith('Platinum') ? 20 : 1);
    add(c, 'h', 2 * f, 6);
    add(`Unusual ${c}`, 'u', 25 * f, 2);
    add(`Genuine ${c}`, 'h', 5 * f, 1);
    add(`Corrupted ${c}`, 'h', 6 * f, 0.5);
  }
  for (const w of WARDS) {
    const f = lognormal(w, 0.8, 74);
    add(w, 'h', 1 * f, 6);
    add(`Inscribed ${w}`, 'h', 1.5 * f, 2);
    add(`Genuine ${w}`, 'h', 3 * f, 1);
  }
  for (const w of WEATHER) {
    add(w, 't', 1.2 * lognormal(w, 0.6, 75), 10);
    add(`Genuine ${w}`, 't', 6 * lognormal(w, 0.6, 76), 2);
  }
  for (const a of ANNOUNCERS) {
    add(a, 't', 2.5 * lognormal(a, 0.7, 77), 5);
    add(`Inscribed ${a}`, 't', 3.5 * lognormal(a, 0.7, 78), 2);
  }
  for (const t of TREASURES) add(t, 'c', 3 * lognormal(t, 1.1, 79), 40);
  return out;
}
