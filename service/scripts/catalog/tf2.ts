/**
 * Team Fortress 2 (app 440) catalog: real item names with the quality prefixes the market uses (Strange,
 * Unusual, Vintage, Genuine, Festive, Australium, Killstreak tiers), combined the way real listings combine
 * them. Base names follow the market's convention of dropping a leading "The".
 */
import { lognormal, volumeForPrice, type CatalogEntry } from './entry';

const WEAPONS = [
  // Scout
  'Scattergun', 'Force-A-Nature', 'Shortstop', 'Soda Popper', 'Baby Face\'s Blaster', 'Back Scatter', 'Pistol', 'Winger',
  'Pretty Boy\'s Pocket Pistol', 'Flying Guillotine', 'Bonk! Atomic Punch', 'Crit-a-Cola', 'Mad Milk', 'Bat', 'Sandman',
  'Holy Mackerel', 'Candy Cane', 'Boston Basher', 'Sun-on-a-Stick', 'Fan O\'War', 'Atomizer', 'Wrap Assassin',
  // Soldier
  'Rocket Launcher', 'Direct Hit', 'Black Box', 'Rocket Jumper', 'Liberty Launcher', 'Cow Mangler 5000', 'Original',
  'Beggar\'s Bazooka', 'Air Strike', 'Shotgun', 'Buff Banner', 'Battalion\'s Backup', 'Concheror', 'Reserve Shooter',
  'Righteous Bison', 'Panic Attack', 'Shovel', 'Equalizer', 'Pain Train', 'Half-Zatoichi', 'Disciplinary Action',
  'Market Gardener', 'Escape Plan',
  // Pyro
  'Flame Thrower', 'Backburner', 'Degreaser', 'Phlogistinator', 'Dragon\'s Fury', 'Flare Gun', 'Detonator', 'Manmelter',
  'Scorch Shot', 'Thermal Thruster', 'Gas Passer', 'Fire Axe', 'Axtinguisher', 'Homewrecker', 'Powerjack',
  'Back Scratcher', 'Sharpened Volcano Fragment', 'Third Degree', 'Neon Annihilator', 'Hot Hand',
  // Demoman
  'Grenade Launcher', 'Loch-n-Load', 'Loose Cannon', 'Iron Bomber', 'Stickybomb Launcher', 'Scottish Resistance',
  'Quickiebomb Launcher', 'Sticky Jumper', 'Chargin\' Targe', 'Splendid Screen', 'Tide Turner', 'Bottle', 'Eyelander',
  'Scotsman\'s Skullcutter', 'Ullapool Caber', 'Claidheamh Mòr', 'Persian Persuader',
  // Heavy
  'Minigun', 'Natascha', 'Brass Beast', 'Tomislav', 'Huo-Long Heater', 'Family Business', 'Sandvich', 'Dalokohs Bar',
  'Buffalo Steak Sandvich', 'Fists', 'Killing Gloves of Boxing', 'Gloves of Running Urgently', 'Warrior\'s Spirit',
  'Fists of Steel', 'Eviction Notice', 'Holiday Punch',
  // Engineer
  'Frontier Justice', 'Widowmaker', 'Pomson 6000', 'Rescue Ranger', 'Wrangler', 'Short Circuit', 'Wrench', 'Gunslinger',
  'Southern Hospitality', 'Jag', 'Eureka Effect',
  // Medic
  'Syringe Gun', 'Blutsauger', 'Crusader\'s Crossbow', 'Overdose', 'Medi Gun', 'Kritzkrieg', 'Quick-Fix', 'Vaccinator',
  'Bonesaw', 'Ubersaw', 'Vita-Saw', 'Amputator', 'Solemn Vow',
  // Sniper
  'Sniper Rifle', 'Huntsman', 'Sydney Sleeper', 'Bazaar Bargain', 'Machina', 'Hitman\'s Heatmaker', 'Classic', 'SMG',
  'Cleaner\'s Carbine', 'Jarate', 'Razorback', 'Darwin\'s Danger Shield', 'Cozy Camper', 'Kukri', 'Tribalman\'s Shiv',
  'Bushwacka', 'Shahanshah',
  // Spy
  'Revolver', 'Ambassador', 'L\'Etranger', 'Enforcer', 'Diamondback', 'Knife', 'Your Eternal Reward', 'Conniver\'s Kunai',
  'Big Earner', 'Spy-cicle', 'Sapper', 'Red-Tape Recorder', 'Invis Watch', 'Cloak and Dagger', 'Dead Ringer',
  // All-class
  'Frying Pan', 'Conscientious Objector', 'Freedom Staff', 'Bat Outta Hell', 'Memory Maker', 'Ham Shank',
  'Necro Smasher', 'Crossing Guard', 'Prinny Machete',
];

/** Weapons that exist as Festive (and Strange Festive) versions. */
const FESTIVE = [
  'Rocket Launcher', 'Scattergun', 'Flame Thrower', 'Minigun', 'Medi Gun', 'Sniper Rifle', 'Knife', 'Wrench',
  'Grenade Launcher', 'Stickybomb Launcher', 'Bat', 'Frontier Justice', 'Crusader\'s Crossbow', 'Ubersaw', 'Huntsman',
  'Ambassador', 'Axtinguisher', 'Eyelander', 'SMG', 'Revolver', 'Shotgun', 'Backburner', 'Buff Banner', 'Sandvich',
  'Jarate', 'Force-A-Nature', 'Black Box', 'Flare Gun', 'Holy Mackerel', 'Bonesaw', 'Wrangler',
  'Gloves of Running Urgently', 'Chargin\' Targe', 'Sapper', 'Shovel', 'Fire Axe', 'Kukri', 'Bottle', 'Fists',
];

/** Australium weapons: always Strange on the market. */
const AUSTRALIUM = [
  'Rocket Launcher', 'Scattergun', 'Flame Thrower', 'Grenade Launcher', 'Stickybomb Launcher', 'Minigun',
  'Frontier Justice', 'Wrench', 'Medi Gun', 'Blutsauger', 'Sniper Rifle', 'SMG', 'Knife', 'Ambassador',
  'Force-A-Nature', 'Black Box', 'Tomislav', 'Eyelander', 'Axtinguisher',
];

/** Weapons from before Mann-Conomy, also found in Vintage quality. */
const VINTAGE_WEAPONS = [
  'Force-A-Nature', 'Sandman', 'Bonk! Atomic Punch', 'Direct Hit', 'Equalizer', 'Buff Banner', 'Backburner',
  'Flare Gun', 'Axtinguisher', 'Eyelander', 'Chargin\' Targe', 'Scottish Resistance', 'Natascha', 'Sandvich',
  'Killing Gloves of Boxing', 'Blutsauger', 'Kritzkrieg', 'Ubersaw', 'Huntsman', 'Jarate', 'Razorback', 'Ambassador',
  'Cloak and Dagger', 'Dead Ringer', 'Your Eternal Reward', 'Frontier Justice', 'Wrangler', 'Gunslinger',
  'Southern Hospitality', 'Homewrecker', 'Tribalman\'s Shiv', 'Sydney Sleeper', 'Holy Mackerel', 'Shortstop',
];

/** Promotional weapons found in Genuine quality. */
const GENUINE_WEAPONS = [
  'Sun-on-a-Stick', 'Fan O\'War', 'Conscientious Objector', 'Frying Pan', 'Sharpened Volcano Fragment',
  'Bat Outta Hell', 'Ham Shank', 'Crossing Guard', 'Prinny Machete', 'Freedom Staff', 'Memory Maker', 'Big Earner',
  'Red-Tape Recorder', 'Enforcer', 'Diamondback', 'Pomson 6000', 'Short Circuit', 'Manmelter',
];

/** Popular weapons sold with killstreak kits applied. */
const KILLSTREAK = [
  'Rocket Launcher', 'Scattergun', 'Flame Thrower', 'Minigun', 'Medi Gun', 'Sniper Rifle', 'Knife', 'Wrench',
  'Grenade Launcher', 'Stickybomb Launcher', 'Direct Hit', 'Black Box', 'Original', 'Degreaser', 'Phlogistinator',
  'Loose Cannon', 'Iron Bomber', 'Eyelander', 'Brass Beast', 'Tomislav', 'Frontier Justice', 'Rescue Ranger',
  'Crusader\'s Crossbow', 'Ubersaw', 'Machina', 'Hitman\'s Heatmaker', 'Ambassador', 'Your Eternal Reward',
  'Market Gardener', 'Half-Zatoichi', 'Huntsman', 'Baby Face\'s Blaster', 'Shortstop', 'Force-A-Nature', 'Axtinguisher',
];

const HATS = [
  'Team Captain', 'Bill\'s Hat', 'Towering Pillar of Hats', 'Killer Exclusive', 'Pyro\'s Beanie', 'Hat With No Name',
  'Tyrant\'s Helm', 'Ellis\' Cap', 'Professor Speks', 'Prussian Pickelhaube', 'Stainless Pot', 'Sergeant\'s Drill Hat',
  'Grenadier\'s Softcap', 'Football Helmet', 'Bonk Helm', 'Baseball Bill\'s Sports Shine', 'Vintage Tyrolean',
  'Texas Ten Gallon', 'Hotrod', 'Mining Light', 'Engineer\'s Cap', 'Trophy Belt', 'Hard Counter', 'Detective Noir',
  'Fancy Fedora', 'Backbiter\'s Billycock', 'Stovepipe Sniper Shako', 'Otolaryngologist\'s Mirror', 'Ze Goggles',
  'Vintage Merryweather', 'Tough Guy\'s Toque', 'Officer\'s Ushanka', 'Pugilist\'s Protector', 'Hound Dog',
  'Madame Dixie', 'Batter\'s Helmet', 'Bombing Run', 'Charmer\'s Chapeau', 'Glengarry Bonnet', 'Scotsman\'s Stove Pipe',
  'Tam O\' Shanter', 'Brigade Helm', 'Flamboyant Flamenco', 'Troublemaker\'s Tossle Cap', 'Modest Pile of Hat',
  'Noble Amassment of Hats', 'Lumbricus Lid', 'Magistrate\'s Mullet', 'Pencil Pusher', 'Spine-Chilling Skull',
  'Voodoo Juju', 'Summer Hat', 'Bolted Bushman', 'Crone\'s Dome', 'Executioner', 'Brainiac Hairpiece',
  'Dr\'s Dapper Topper', 'Boxcar Bomber', 'Condor Cap', 'Virtual Reality Headset', 'Frontline Field Recorder',
  'Vive La France', 'Bounty Hat', 'Cosa Nostra Cap', 'Hong Kong Cone', 'Tin Pot', 'Ye Olde Baker Boy',
  'Conjurer\'s Cowl', 'Hazard Headgear', 'Sober Stuntman', 'Carouser\'s Capotain', 'Pampered Pyro',
  'Bloke\'s Bucket Hat', 'Sky High Fly Guy', 'Surgeon\'s Stahlhelm', 'Beep Boy', 'Burning Bandana', 'Antlers',
  'Point and Shoot', 'Sultan\'s Ceremonial', 'Graybanns', 'Ebenezer', 'Horrific Headsplitter', 'Bonedolier',
  'Brown Bomber', 'Lord Cockswain\'s Pith Helmet', 'Stahlhelm', 'B.M.O.C.', 'Private Eye', 'Anger', 'Law',
  'Sniper\'s Snipin\' Glass', 'Private Maggot Muncher', 'Bucket Hat', 'Cheet Sheet', 'Pyromancer\'s Mask',
  'Soldier\'s Stash', 'Gentle Munitionne of Leisure', 'Sarif Cap', 'Merc\'s Pride Scarf', 'Hetman\'s Headpiece',
  'Defiant Spartan', 'Coupe D\'isaster', 'Gym Rat', 'Heavy Duty Rag', 'Tsarboosh', 'Dead Cone', 'Dead Little Buddy',
];

/** Old hats that exist in Vintage quality. */
const VINTAGE_HATS = [
  'Towering Pillar of Hats', 'Killer Exclusive', 'Pyro\'s Beanie', 'Tyrant\'s Helm', 'Professor Speks',
  'Prussian Pickelhaube', 'Stainless Pot', 'Sergeant\'s Drill Hat', 'Grenadier\'s Softcap', 'Football Helmet',
  'Bonk Helm', 'Texas Ten Gallon', 'Hotrod', 'Mining Light', 'Engineer\'s Cap', 'Trophy Belt', 'Fancy Fedora',
  'Stovepipe Sniper Shako', 'Otolaryngologist\'s Mirror', 'Ze Goggles', 'Vintage Merryweather', 'Tough Guy\'s Toque',
  'Officer\'s Ushanka', 'Glengarry Bonnet', 'Scotsman\'s Stove Pipe', 'Vintage Tyrolean', 'Batter\'s Helmet',
];

const TAUNTS = [
  'The Conga', 'Rock, Paper, Scissors', 'Square Dance', 'Flippin\' Awesome', 'Kazotsky Kick', 'Mannrobics',
  'The Victory Lap', 'Zoomin\' Broom', 'Results Are In', 'The Boiling Point', 'Yeti Punch', 'Yeti Smash',
  'Deep Fried Desire', 'Oblooterated', 'The Carlton', 'Borrowed Bones', 'The Skating Scorcher', 'Time Out Therapy',
  'The Scaredycat!', 'Texas Truckin', 'Bucking Bronco', 'Rancho Relaxo', 'Mannbulance!', 'The Table Tantrum',
  'The Boston Breakdance', 'Scorcher\'s Solo', 'The Fubar Fanfare', 'Spin-to-Win', 'Neck Snap', 'The Dueling Banjo',
  'The Drunken Sailor', 'Burstchester', 'The Killer Solo', 'Tailored Terminal', 'The Headcase', 'The Trackman\'s Touchdown',
];

const PAINTS = [
  'A Color Similar to Slate', 'A Deep Commitment to Purple', 'A Distinctive Lack of Hue', 'A Mann\'s Mint',
  'After Eight', 'Aged Moustache Grey', 'An Extraordinary Abundance of Tinge', 'Australium Gold',
  'Color No. 216-190-216', 'Dark Salmon Injustice', 'Drably Olive', 'Indubitably Green', 'Mann Co. Orange',
  'Muskelmannbraun', 'Noble Hatter\'s Violet', 'Peculiarly Drab Tincture', 'Pink as Hell', 'Radigan Conagher Brown',
  'The Bitter Taste of Defeat and Lime', 'The Color of a Gentlemann\'s Business Pants', 'Ye Olde Rustic Colour',
  'Zepheniah\'s Greed', 'An Air of Debonair', 'Balaclavas Are Forever', 'Cream Spirit', 'Operator\'s Overalls',
  'Team Spirit', 'The Value of Teamwork', 'Waterlogged Lab Coat',
];

const STRANGE_PARTS = [
  'Airborne Enemies Killed', 'Buildings Destroyed', 'Critical Kills', 'Damage Dealt', 'Demomen Killed', 'Dominations',
  'Engineers Killed', 'Full Health Kills', 'Gib Kills', 'Headshot Kills', 'Heavies Killed',
  'Kills While Explosive-Jumping', 'Kills While Low Health', 'Kills While Übercharged', 'Medics Killed',
  'Medics Killed That Have Full ÜberCharge', 'Point Blank Kills', 'Projectiles Reflected', 'Pyros Killed', 'Revenges',
  'Robots Destroyed', 'Scouts Killed', 'Snipers Killed', 'Soldiers Killed', 'Spies Killed', 'Allied Healing Done',
  'Posthumous Kills', 'Tanks Destroyed', 'Unusual-Wearing Player Kills', 'Burning Enemy Kills', 'Killstreaks Ended',
  'Cloaked Spies Killed', 'Defenders Killed', 'Sappers Destroyed', 'Fires Survived', 'Kills During Victory Time',
  'Freezecam Taunt Appearances', 'Underwater Kills', 'Long-Distance Kills', 'Player Hits',
];

const CASES = [
  'Mann Co. Supply Crate', 'Mann Co. Supply Munition', 'Winter 2016 Cosmetic Case', 'Blue Moon Cosmetic Case',
  'Creepy Crawly Case', 'Abominable Cosmetic Case', 'Unlocked Creepy Scout Crate', 'Unlocked Creepy Soldier Crate',
  'Unlocked Creepy Pyro Crate', 'Unlocked Creepy Demo Crate', 'Unlocked Creepy Heavy Crate',
  'Unlocked Creepy Engineer Crate', 'Unlocked Creepy Medic Crate', 'Unlocked Creepy Sniper Crate',
  'Unlocked Creepy Spy Crate', 'Gargoyle Case', 'Quarantined Collection Case', 'Confidential Collection Case',
  'Rainy Day Cosmetic Case', 'Mayflower Cosmetic Case', 'Violet Vermin Case', 'Wicked Windfall Case',
  'Winter 2017 Cosmetic Case', 'Winter 2018 Cosmetic Case', 'Winter 2019 Cosmetic Case', 'Winter 2020 Cosmetic Case',
  'Winter 2021 Cosmetic Case', 'Winter 2022 Cosmetic Case', 'Jungle Inferno Cosmetic Case',
  'Jungle Inferno Weapons Case', 'Decorated War Hero War Paint Case', 'Contract Campaigner War Paint Case',
  'Infernal Reward War Paint Case', 'Scream Fortress XIII War Paint Case', 'Scream Fortress XIV War Paint Case',
  'Scream Fortress XV War Paint Case', 'Summer 2023 Cosmetic Case', 'Winter 2023 Cosmetic Case',
];

const TOOLS: [string, number, number][] = [
  ['Mann Co. Supply Crate Key', 1.95, 4000], ['Tour of Duty Ticket', 0.95, 800], ['Name Tag', 0.3, 150],
  ['Description Tag', 0.25, 80], ['Gift-Wrap', 0.15, 40], ['Strange Bacon Grease', 4, 20], ['Backpack Expander', 0.6, 40],
  ['Secret Saxton', 0.4, 30], ['Strange Count Transfer Tool', 2, 20], ['Festivizer', 9, 15], ['Dueling Mini-Game', 0.25, 30],
  ['Noise Maker - Winter Holiday', 0.2, 20], ['Mann Co. Store Package', 0.3, 20], ['Decal Tool', 0.2, 15],
  ['Strange Golden Frying Pan', 2200, 0.05],
];

export function buildTf2(): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  const add = (name: string, cat: CatalogEntry['cat'], usd: number, k: number): void => {
    out.push({ name, cat, usd, volume: volumeForPrice(usd, k) * lognormal(name, 0.7, 50) });
  };
  for (const w of WEAPONS) {
    const f = lognormal(w, 0.5, 51);
    add(w, 'w', 0.05 * f, 2);
    add(`Strange ${w}`, 'w', 0.6 * f * f, 6);
  }
  for (const w of FESTIVE) {
    add(`Festive ${w}`, 'w', 1.2 * lognormal(w, 0.5, 52), 4);
    add(`Strange Festive ${w}`, 'w', 5 * lognormal(w, 0.6, 53), 3);
  }
  for (const w of AUSTRALIUM) {
    const f = lognormal(w, 0.35, 54);
    add(`Strange Australium ${w}`, 'k', 45 * f, 12);
    add(`Strange Professional Killstreak Australium ${w}`, 'k', 80 * f, 8);
  }
  for (const w of KILLSTREAK) {
    const f = lognormal(w, 0.5, 55);
    add(`Killstreak ${w}`, 'w', 0.9 * f, 4);
    add(`Specialized Killstreak ${w}`, 'w', 2.5 * f, 3);
    add(`Professional Killstreak ${w}`, 'w', 9 * f, 3);
    add(`Strange Professional Killstreak ${w}`, 'w', 14 * f, 3);
    add(`Killstreak ${w} Kit`, 't', 0.8 * f, 3);
    add(`Specialized Killstreak ${w} Kit`, 't', 2 * f, 2);
    add(`Professional Killstreak ${w} Kit`, 't', 8 * f, 2);
  }
  for (const w of VINTAGE_WEAPONS) add(`Vintage ${w}`, 'w', 0.35 * lognormal(w, 0.6, 56), 1);
  for (const w of GENUINE_WEAPONS) add(`Genuine ${w}`, 'w', 1.5 * lognormal(w, 0.7, 57), 1);
  for (const h of HATS) {
    const f = lognormal(h, 0.8, 58);
    add(h, 'x', 0.7 * f, 6);
    add(`Unusual ${h}`, 'u', 60 * f * lognormal(h, 0.7, 59), 6);
  }
  for (const h of HATS.slice(0, 40)) add(`Strange ${h}`, 'x', 4 * lognormal(h, 0.6, 60), 2);
  for (const h of VINTAGE_HATS) add(`Vintage ${h}`, 'x', 6 * lognormal(h, 0.7, 61), 1);
  for (const t of TAUNTS) {
    const f = lognormal(t, 0.7, 62);
    add(`Taunt: ${t}`, 'h', 4 * f, 10);
    add(`Unusual Taunt: ${t}`, 'u', 35 * f, 3);
  }
  for (const p of PAINTS) add(p, 't', (p === 'Australium Gold' || p === 'An Extraordinary Abundance of Tinge' ? 9 : 2) * lognormal(p, 0.5, 63), 6);
  for (const p of STRANGE_PARTS) add(`Strange Part: ${p}`, 't', 2.5 * lognormal(p, 0.9, 64), 5);
  for (const c of CASES) add(c, 'c', 0.25 * lognormal(c, 0.9, 65), 30);
  for (const [name, usd, volume] of TOOLS) out.push({ name, cat: name.includes('Key') ? 'y' : 't', usd, volume });
  return out;
}
