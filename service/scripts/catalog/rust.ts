/**
 * Rust (app 252490) catalog: real workshop skin names, which are the Steam market names for Rust, grouped by
 * the item they skin. Anchor prices: most skins trade for cents to a few dollars; a handful of early or
 * limited skins are worth hundreds.
 */
import { lognormal, volumeForPrice, type CatalogEntry } from './entry';
import type { Category } from '../../src/sim/catalog-code';

interface Group {
  cat: Category;
  /** Typical price (USD) of a skin of this item. */
  usd: number;
  names: string[];
}

const GROUPS: Record<string, Group> = {
  'Assault Rifle': {
    cat: 'w', usd: 4, names: [
      'Agony Yellow', 'Aircraft Parts AK47', 'AK-47 From Hell', 'Alien Red', 'Anubis Ak47', 'Battle-Scarred AKS47',
      'Betty Lou AK47', 'Cartagena AK47', 'Checkpoint AK47', 'Chivalry AK47', 'Claw AK47', 'Cobra', 'Conquerer AK47',
      'Crimson King', 'Crypt of Death AK47', 'Dark Flames', 'Dead Pirate Rifle', 'Death in Spades AK47', 'Diesel AK47',
      'Digital Camo AK47', 'Doombringer AK47', 'Epidemic AK47', 'Farseer AK47', 'Fate Destroyer', 'Frost Wolf',
      'Glorious AK', 'Glory AK47', 'Golden Drake AK47', 'Jaws AK47', 'King of the Jungle AK47', 'Mandrill',
      'Military Camo AK47', 'Night Howler AK47', 'Panther AK47', 'Piranha AK47', 'Rabble Rouser AK47',
      'Retro Car Parts AK47', 'Rumble AK47', 'Rustpunk AK47', 'Sandstorm AK47', 'Santa Muerte', 'Scrapper AK47',
      'Soul Taker AK47', 'Talon AK47', 'Tempered AK47', 'The Beast AK47', 'The Beast Of The East', 'The Reptile',
      'Urban Ice AK47', 'War Machine AK47', 'Wyrm Rifle',
    ],
  },
  'Armored Door': {
    cat: 'x', usd: 1.5, names: [
      'Apocalypse Door', 'Aristocratic Armored Door', 'Armored Concrete', 'Armored Vault Door', 'Bunker Door',
      'Clockwork Portal', 'Cobalt Graffiti Door', 'Corroded Bronze Door', 'Green Armored Container Door', 'High Voltage',
      'Incarceration Armored Door', 'Keep Out Armored Door', 'Laboratory Armored Door', 'Military Armored Door',
      'No Escape', 'Radioactive Armored Door', 'Safe Room Door', 'TacCom Security Door', 'Urban Armored Door',
    ],
  },
  'Bolt Action Rifle': {
    cat: 'w', usd: 1.5, names: [
      'Army Bolt Rifle', 'Deadly Rose BAR', 'Dreamcatcher', 'Ghost Bolt Rifle', 'Glory BAR', 'Great War Service Rifle',
      'Hunter\'s Bolt', 'Polymer BAR', 'Rustpunk Rifle', 'Sandwar BAR', 'Smuggler\'s BAR', 'Steel and Brass BAR',
      'Survivor BAR', 'Tundra Bolt Rifle',
    ],
  },
  'Metal Facemask': {
    cat: 'x', usd: 3, names: [
      'Army Armored Facemask', 'Army Facemask', 'Aztek Night Hunter', 'Big Grin', 'Blingin Grill',
      'BoltFace Metal Facemask', 'Bronze War Mask', 'Bruiser Facemask', 'Carbon Facemask', 'Clan Leader Mask',
      'Conquistador Face Mask', 'Death Facemask', 'Deathwing Facemask', 'Diesel Facemask', 'Elder\'s Metal Facemask',
      'Flesh Facemask', 'Frostbite', 'Glowing Metal Pumpkin Mask', 'Glowing Skull', 'Heavy Industry',
      'Human Sacrifice Mask', 'Hunter Mask', 'Industrial Protection Mask', 'Juggernaut Mask', 'Looter\'s Mask',
      'Machina Mask', 'Mask of Sacrifice', 'Metalhunter Facemask', 'Metalmute Facemask', 'Mosaic Mask', 'Overlord Mask',
      'Punishment Mask', 'Red Dead Jester', 'Rusted Smile', 'Sacrificial Mask', 'Savage Facemask', 'Scavenger Facemask',
      'Scrapyard Curse', 'Space Rocket Face Mask', 'Stainless Facemask', 'Steampunk Leather Mask',
      'Sunrise Metal Facemask', 'Tank Crew Facemask', 'Tempered Mask', 'Templar', 'War Machine Mask', 'Warface Mask',
      'Where Eagles Dare',
    ],
  },
  'Metal Chest Plate': {
    cat: 'x', usd: 2, names: [
      'Chainmail', 'Chest Resistance', 'Conquistador Chest Plate', 'Engineer\'s Chest Plate', 'Flak Vest - Green',
      'Forest Camo Chest Plate', 'Hazardous Grater Chest Plate', 'Hornet Chestplate', 'Looter\'s Chain and Plate',
      'Machina Plate', 'Metal Barrel Chest Plate', 'Metalhunter Chest Plate', 'Oil Barrel Chest Plate',
      'Plate Carrier - Black', 'Press Vest', 'Racing Stripes Chest Plate', 'Retro Car Parts Chestplate',
      'Salvaged Plating Armor', 'Space Rocket Chest Plate', 'War Machine Chestplate', 'Warface Chestplate',
    ],
  },
  'Hoodie': {
    cat: 'x', usd: 1, names: [
      'Arctic Wolf Hoodie', 'Army Armored Hoodie', 'BCHILLZ! Hoodie', 'Black Hoodie', 'Bloody Hoodie', 'Blue Hoodie',
      'Charitable Rust 2017 Hoodie', 'Chekist\'s Hoodie', 'Conquistador Hoodie', 'Cuda87 Hoodie', 'Denim Studded Hoodie',
      'Desert Conqueror Hoodie', 'Explorer Hoodie', 'Firefighter Hoodie', 'Gang Leader Hoodie', 'Green Hoodie',
      'Huntsman Hoodie', 'Leather Strapped Hoodie', 'Looter\'s Hoodie', 'Metalhunter Hoodie', 'Nordic Beast Hoodie',
      'Official Vertiigo Hoodie', 'Predator Hoodie', 'Prospector\'s Hoodie', 'Regulator\'s Hoodie', 'Revolution Hoodie',
      'Rhinocrunch Hoodie', 'Rocket Factory Crew Hoodie', 'Safety Crew', 'Savage Jacket', 'Scudpunk Hoodie',
      'Skeleton Hoodie', 'Sky Seal Hoodie', 'Stalker Hoodie', 'Tailgunner Hoodie', 'Tank Crew Hoodie',
      'Unknown Territory Hoodie', 'Urban Ice Hoodie', 'Wasteland Hunter Hoodie', 'Worker Hoodie', 'Yellow Police Jacket',
      'Yellow Racer Hoodie',
    ],
  },
  'Pants': {
    cat: 'x', usd: 0.6, names: [
      'Arctic Wolf Pants', 'Army Armored Pants', 'Blue Jeans', 'Blue Track Pants', 'Caravanner Pants', 'Chekist\'s Pants',
      'Conquistador Pants', 'Desert Conqueror Pants', 'Explorer Pants', 'Firefighter Pants', 'Forest Camo Pants',
      'Huntsman Pants', 'Metalhunter Pants', 'Nordic Beast Pants', 'Old Prisoner Pants', 'One Percenter Chaps',
      'Predator Pants', 'Prospector\'s Pants', 'Punk Rock Pants', 'Revolution Jeans', 'Santa\'s Helper Pants',
      'Savage Pants', 'Sky Seal Pants', 'Snow Camo Pants', 'Stalker Pants', 'Steppe Camo Pants', 'Tailgunner Pants',
      'Tank Crew Pants', 'Urban Camo Pants', 'Urban Ice Pants', 'Wasteland Hunter Pants', 'Worker Pants',
      'Yellow Racer Pants',
    ],
  },
  'Boots': {
    cat: 'x', usd: 0.5, names: [
      'Arctic Wolf Boots', 'Armored Boots', 'Army Armored Boots', 'Army Black Boots', 'Army Boots', 'Black Boots',
      'Bloody Boots', 'Caravanner Boots', 'Combat Boots', 'Explorer Boots', 'Hazard Move Boots', 'Metalhunter Boots',
      'Muddy Boots', 'Punk Boots', 'Rock Star Boots', 'Scavenged Sneaker Boots', 'Sky Seal Boots', 'Stalker Boots',
      'Tactical Boots', 'Tailgunner Boots', 'Tan Boots', 'Wasteland Hunter Boots', 'Yellow Race Boots',
    ],
  },
  'Leather Gloves': {
    cat: 'x', usd: 0.5, names: [
      'Arctic Wolf Gloves', 'Army Armored Gloves', 'Black Alligator', 'Boxer\'s Bandages', 'Bruiser Gloves',
      'Caravanner Gloves', 'Duelist Gloves', 'Firefighter Gloves', 'Junklord Gloves', 'Merciless Gloves',
      'Metalhunter Gloves', 'Motorcycle Gloves', 'Sky Seal Gloves', 'Space Rocket Work Gloves', 'Stalker Gloves',
      'Tailgunner Gloves', 'Wasteland Hunter Gloves',
    ],
  },
  'Road Sign Jacket': {
    cat: 'x', usd: 1, names: [
      'Apocalypse Vest', 'Army Sign Vest', 'British Sign Vest', 'Chopshop Body Armor', 'Cobalt Armor Vest',
      'Deathwing Vest', 'Defender Vest', 'Desert Patrol Vest', 'Diesel Roadsign Vest', 'Epidemic Roadsign Vest',
      'Freebooter Vest', 'Hazard Protection Vest', 'Heavy Alloy Vest', 'Junker\'s Vest', 'Junkyard Samurai Vest',
      'Loot Leader Vest', 'Mad Vest', 'Metalhunter Roadsign Vest', 'Nordic Beast Vest', 'Patchwork Cuirass',
      'Plywood Vest', 'Raider Roadsign Vest', 'Saboteur\'s Vest', 'Samurai Dou', 'Scrap Hazard Vest', 'Scrapper Vest',
      'Spiked Metal Vest', 'Tank Crew Roadsign Vest', 'The Last Viking Vest', 'Utilizer Vest', 'Wasteland Legionnaire',
    ],
  },
  'Road Sign Kilt': {
    cat: 'x', usd: 0.8, names: [
      'Apocalypse Kilt', 'Army Sign Kilt', 'British Sign Pants', 'Chopshop Kilt', 'Cobalt Armor Pants', 'Deathwing Pants',
      'Defender Pants', 'Desert Patrol Pants', 'Diesel Roadsign Pants', 'Epidemic Roadsign Pants', 'Freebooter Pants',
      'Hazard Cover Pants', 'Heavy Alloy Pants', 'Junker\'s Kilt', 'Junkyard Samurai Pants', 'Loot Leader Pants',
      'Mad Pants', 'Metalhunter Roadsign Pants', 'Military Camo Roadsign Kilt', 'Nordic Beast Kilt', 'Patchwork War Kilt',
      'Plywood Kilt', 'Raider Roadsign Pants', 'Saboteur\'s Pants', 'Samurai Haidate', 'Scrap Hazard Kilt',
      'Scrapper Pants', 'Spiked Metal Kilt', 'Tank Crew Roadsign Pants', 'Utilizer Pants',
    ],
  },
  'Coffee Can Helmet': {
    cat: 'x', usd: 0.9, names: [
      'Apocalypse Helmet', 'Army Armored Helmet', 'Cobalt Armor Helmet', 'Defender Helmet', 'Desert Patrol Helmet',
      'Epidemic Helmet', 'Funhouse Helmet', 'Junkyard Samurai Helmet', 'Lizard Skull', 'Loot Leader Helmet',
      'Mad Helmet', 'Metalhunter Can Helmet', 'Nordic Beast Helmet', 'Plywood Helmet', 'Roadsign Warrior Helmet',
      'Rusty Coffee Can Helmet', 'Saboteur\'s Can Helmet', 'Samurai Kabuto', 'Scrap Hazard Helmet', 'Scrapper Helmet',
      'Skull Hazard', 'Spare Parts', 'Sunrise Helmet', 'Utilizer Helmet', 'Warboy Helmet', 'Welding Helmet',
    ],
  },
  'Sheet Metal Door': {
    cat: 'x', usd: 1.2, names: [
      'Ambulance Door', 'Antique Metal Door', 'Army Metal Door', 'Aztec Door', 'Aztec Gold Door', 'Blacksmith\'s Door',
      'Blue Puzzle Door', 'Brass Sentinel Door', 'Brutal Door', 'Dead Room Door', 'Death Crypt Door', 'Doomsday Door',
      'Door to Death', 'Dragon Relic Door', 'Eisensheet Door', 'Engineer\'s Door', 'Fire Truck Door', 'Fretwork Door',
      'Grey Fire Door', 'Grid Door', 'Halloween Door', 'Hazard Metal Door', 'Hideout Door', 'Jeweler\'s Security Door',
      'KEEP OUT', 'Laboratory Door', 'Locomotive Door', 'Lost Metal Door', 'Lost Treasure Door', 'Metal Shutter Door',
      'Metalshop Scrap Door', 'Military Vehicle Door', 'Polar Station Door', 'Prison Door', 'Quarantine Door',
      'Recycled Garage Door', 'Roadsign Door', 'Salvaged APC Door', 'Salvation Door', 'School Bus Door',
      'Scrap Robot Door', 'Scrap Tanker Door', 'Shipping Container Door', 'Submarine Door', 'Truck Door',
    ],
  },
  'Garage Door': {
    cat: 'x', usd: 1.5, names: [
      'Checkpoint Door', 'Chop Shop Garage Door', 'Cobalt Space Door', 'Defense Garage Door', 'Factory Rolling Door',
      'Reactor Room 3 of 10', 'Rolling Exit Door', 'Trash Garage Door',
    ],
  },
  'Large Wood Box': {
    cat: 'x', usd: 0.8, names: [
      'Ammo Box', 'Ammo Wooden Box', 'Aztec Gold Chest', 'Aztec Trunk', 'Bone Collector Box', 'Cabin Chest',
      'Captain\'s Treasure', 'Carpenter\'s Chest', 'Charitable Rust 2017 Relief Crate', 'Childhood Toolbox',
      'Christmas Holiday LWB', 'Christmas Storage', 'Components Storage', 'D.O.A Trunk', 'Danger Box',
      'Dead Pirates Chest', 'Eisensheet Box', 'Explosives Box', 'Fire Hose Box', 'First Aid Green', 'First Aid Large Box',
      'Food Box Large', 'Forgotten Temple Box', 'Gun Box', 'Hazard Crate', 'Ichtaca Treasure Box', 'Idolized Toolbox',
      'Large Stone Box', 'Leather Bound Trunk', 'Lone Wolf Chest', 'Long Hauler\'s Trunk', 'Medieval Box',
      'Metropolitan Trunk', 'Military Crate', 'Mini Nuke Case', 'Muertos Chest', 'Padded Armor Trunk', 'Pandora\'s box',
      'Recyclables Box', 'Royal Wooden Box', 'Salvaged Cargo Box', 'Scrapper Storage Chest', 'Trash Box',
      'Urban Large Wood Storage', 'Vaccine box', 'Weapons Box', 'Wyrm Chest',
    ],
  },
  'Sleeping Bag': {
    cat: 'x', usd: 1, names: [
      'Aston Christmas', 'Bear Bag', 'Blue Plaid Sleeping Bag', 'Cannibal Survival Bag', 'Caravanner Bedroll',
      'Christmas Bag', 'Christmas Holiday Bag', 'Cobalt Survival Bag', 'Fisher Sleeping Bag', 'Freefolk Bedroll',
      'Freshly Dug Grave', 'Horror Bag', 'Jungle Camo Sleeping Bag', 'Muertos Sleeping Bag', 'Nuke Bag', 'Ranger Bedroll',
      'Red Survival Sleeping Bag', 'Sleep Catcher', 'Spooky Pumpkin Bed', 'Star Bedroll', 'Supply Drop Sleeping Bag',
      'No Mercy Bag',
    ],
  },
  'Semi-Automatic Rifle': {
    cat: 'w', usd: 1.5, names: [
      'Army SAR', 'Aztec SAR', 'Bandito SAR', 'Blood Dragon Rifle', 'Fire Starter SAR', 'Forgotten Warfare SAR',
      'Freedom SAR', 'Glory SAR', 'Gunsmith SAR', 'Hazard Semi Auto Rifle', 'Hellcat SAR', 'Hero\'s SAR', 'Meridian SAR',
      'Nightmare SAR', 'Pharaoh SAR', 'Saboteur Rifle', 'SAR Scarecrow', 'Scrapper SAR', 'Snakebite SAR', 'Soulburn SAR',
      'Soulkeeper SAR', 'Sublime SAR', 'Suzy-Q SAR', 'To Hell And Back', 'Urban Light SAR', 'Warbeast SAR',
      'Workbench SAR',
    ],
  },
  'Semi-Automatic Pistol': {
    cat: 'w', usd: 0.8, names: [
      'Aircraft Parts SAP', 'Armageddon SAP', 'Base Invaders SAP', 'Bitin\' Dog SAP', 'Checkpoint SAP', 'Chrome SAP',
      'Contamination Pistol', 'Croc Shot', 'Demonic Pistol', 'Desert Hunter', 'Dime Bag SAP', 'Direct Threat SAP',
      'Faded SAP', 'Fang', 'Fight Like a Girl', 'Fire Walk SAP', 'Golden Dragon', 'Golden Leaf SAP', 'Halloween Bat',
      'Khalifa SAP', 'Last Eclipse SAP', 'LCD Marine Sidearm', 'Looter\'s SAP', 'Nightmare', 'Nishikigoi SAP', 'Oink SAP',
      'Ol\' Greasy', 'Paint Rush SAP', 'Polymer SAP', 'Poseidon Semi Auto Pistol', 'Reaper Note Pistol',
      'Red Shine Pistol', 'Retro Car Parts SAP', 'Salt Shaker SAP', 'Silent Sting SAP', 'Soul Eater SAP', 'Sting SAP',
      'Sunrise SAP', 'Tehno Pistol', 'Triad SAP', 'Yellow Racer SAP',
    ],
  },
  'MP5A4': {
    cat: 'w', usd: 1.2, names: [
      'Arctic Wolf MP5', 'Dead Fish MP5', 'Digital Camo MP5', 'Elite Mp5', 'Military Camo MP5', 'Nomad MP5', 'Polymer MP5',
      'Spitfire MP5', 'Tank MP5', 'Tempered Mp5', 'Urban Camo MP5', 'Wild Flame MP5', 'Wild Tiger MP5',
    ],
  },
  'Custom SMG': {
    cat: 'w', usd: 0.7, names: [
      'Alien Relic SMG', 'Anarchy SMG', 'Bandito SMG', 'Bone Shaman SMG', 'Dark Flames SMG', 'Engineer SMG',
      'Finish Line SMG', 'Firestarter Custom SMG', 'Hailstorm SMG', 'Hunter SMG', 'Looter\'s SMG', 'Polymer SMG',
      'Safari SMG', 'Survivor SMG', 'Tank SMG', 'tRUSTy Friend',
    ],
  },
  'Python Revolver': {
    cat: 'w', usd: 0.9, names: [
      'Black Mamba', 'Cold Hunter Python', 'Dark Silver Python', 'Devourer', 'Engraved Python', 'Holy Python',
      'Hot Battle Steel', 'Necromancer Python', 'Outlaw Python', 'Phantom', 'Punk Python', 'Relict Python',
      'Steam Python', 'Trausi\'s Python', 'Warstory Python', 'Widowmaker Python',
    ],
  },
  'Revolver': {
    cat: 'w', usd: 0.5, names: [
      'Bandito Revolver', 'Death Viper', 'Defender', 'Devourer Revolver', 'Duelist Revolver', 'Dynamo Revolver',
      'Eightball', 'Firefighter Revolver', 'Forest Guardian Revolver', 'Frostbitten Revolver', 'Handmade Revolver',
      'Hot-tempered Revolver', 'Junkyard Revolver', 'Outback revolver', 'Outlaw Revolver', 'Patriot Revolver',
      'Phantom Revolver', 'Pink Grunge', 'Rebel Revolver', 'Shamanism Revolver', 'Sting Revolver', 'Tribal Revolver',
      'Western Revolver Gold',
    ],
  },
  'Pump Shotgun': {
    cat: 'w', usd: 0.9, names: [
      'Chieftain Pump Shotgun', 'Conquerer Shotgun', 'Frostfire Shotgun', 'Head Hunter Shotgun', 'Loot Leader Shotgun',
      'Modern Knight Shotgun', 'Native Gold', 'Native Yellow', 'Polymer Pump Shotgun', 'Problem Solver Stick',
      'Rebel Shotgun', 'Royalty Pump Shotgun', 'Tank Pump Shotgun', 'The Billy Baroo', 'The Swampmaster',
      'Urban Afterburn Pump Shotgun',
    ],
  },
  'Double Barrel Shotgun': {
    cat: 'w', usd: 0.6, names: [
      'Aircraft Parts DBS', 'Bespoke DBS', 'Caution DBS', 'Double Trouble DBS', 'Grandfather DBS', 'Heat Double Shotgun',
      'Hellion DBS', 'Industrial DBS', 'Last Hero DBS', 'Military Boomstick', 'Nitro-Maniac DBS', 'Quick Death DBS',
      'Saboteur DBS', 'Santa\'s Boomstick', 'Steam DBS', 'Vigilante DBS', 'Whopper DBS',
    ],
  },
  'Crossbow': {
    cat: 'w', usd: 0.5, names: [
      'Ancient Artifact Crossbow', 'Chrome Crossbow', 'Dead Man Crossbow', 'Doomwing Crossbow', 'Engraved Crossbow',
      'Gurkha Crossbow', 'Hawk Crossbow', 'HazardCross', 'Lone Wulf Crossbow', 'Marauder', 'Northwind Crossbow',
      'Phoenix Crossbow', 'POP Crossbow', 'Primal Crossbow', 'Ronin', 'Tank Crossbow',
    ],
  },
  'Rocket Launcher': {
    cat: 'w', usd: 1.5, names: [
      'Aircraft Parts RL', 'Army Surplus Rocket Launcher', 'Beans Cannon', 'Glass Cannon', 'Hot Topic', 'KNOCK KNOCK',
      'Surge Rocket Launcher', 'ThatGermanGuy Warhawk', 'Wood Barreled',
    ],
  },
  'Hatchet': {
    cat: 'w', usd: 0.4, names: [
      'Ancient Artifact Hatchet', 'Beast Hunter Hatchet', 'Damascus Steel Hatchet', 'Eater Hatchet', 'Fenrir Hatchet',
      'Firefighter Hatchet', 'Full Metal Hatchet', 'Golden Axe', 'Hatchet of Antiquities', 'Hunter Hatchet',
      'Iron Jaws Hatchet', 'Iron Wing', 'Leather Hatchet', 'Macbeth Hatchet', 'Military Hatchet',
      'Modern Lumberjack Hatchet', 'Notorious Hatchet', 'Ornate Axe', 'Polynesian War Axe', 'Prospector\'s Hatchet',
      'Raider Hatchet', 'Red Chopper', 'Refined Hatchet', 'Replacement Blade Hatchet', 'Scrapper Hatchet',
      'Shinobi Hatchet', 'Siege Breaker', 'Snow Valley Hatchet', 'Soul Collector Hatchet', 'Soulburn Hatchet',
      'Spider King Hatchet', 'Sunrise Hatchet', 'Survivor Hatchet', 'Tomb Hatchet', 'Tribal Hatchet', 'Veteran Hatchet',
      'Vikings Tomahawk', 'Vintage Hatchet', 'Virulent Hatchet', 'Widowmaker Hatchet',
    ],
  },
  'Pickaxe': {
    cat: 'w', usd: 0.4, names: [
      'Ancient Artifact Pick Axe', 'Damascus Steel Pickaxe', 'Elegant Pick Axe', 'Fenrir Pickaxe', 'Gold Digger',
      'Leather Pick Axe', 'Military Pick Axe', 'Ornate Pick Axe', 'Prospector\'s Pickaxe', 'Rescue Pick Axe',
      'Shinobi Pick Axe', 'Tarnished Sun Pick Axe', 'Tomb Pickaxe', 'Virulent Pick Axe',
    ],
  },
  'Furnace': {
    cat: 'x', usd: 0.7, names: [
      'Ancient Furnace', 'Angry Furnace', 'Aztec Furnace', 'Blacksmith Furnace', 'Brutal Furnace', 'Cannibal Furnace',
      'Christmas Furnace', 'Furnace of the Shaman', 'Hydraulic Furnace', 'Iron Forge', 'Military Furnace',
      'Mosaic Furnace', 'Potbelly Furnace', 'Ritual Furnace', 'Snowboy', 'Totem Furnace', 'Urban Furnace',
      'Victorian Furnace',
    ],
  },
  'Riot Helmet': {
    cat: 'x', usd: 0.8, names: [
      'Biker Goth Helmet', 'Blast Shield Helmet', 'Born To Loot', 'Captain\'s Helmet', 'Checkpoint Riot Helmet',
      'Digger Helmet', 'Furious Raider Riot Helmet', 'Hardline Helmet', 'Medical Riot Helmet', 'Raider Helmet',
      'Ruthless Riot Helmet', 'Yellow Racer Helmet',
    ],
  },
  'Improvised Balaclava': {
    cat: 'x', usd: 0.6, names: [
      'Burglar Mask', 'Burlap Brains Balaclava', 'Desert Camo Balaclava', 'Double Yellow Balaclava', 'Executioner Latex',
      'Forest Camo Balaclava', 'Frankenstein Mask', 'Knitted Balaclava', 'Meat Mask', 'Murica Balaclava', 'Nerd Glasses',
      'Nightmare Balaclava', 'Red Check Balaclava', 'Rorschach Skull', 'Rotten Scalp', 'Santa Balaclava',
      'Skin Balaclava', 'Stitched Skin', 'The Rust Knight', 'Toupee', 'Valentine Balaclava', 'Zipper Face',
    ],
  },
  'Rock': {
    cat: 'h', usd: 0.5, names: [
      'Ancient World Rock', 'Barb Wire Rock', 'Fresh Brain', 'Frozen Turkey', 'Gold Rock', 'Hot Potato', 'Junkyard Rock',
      'Meteorite', 'Mossy Fossil', 'My Only Friend', 'Ripe Watermelon', 'Shard of True Ice', 'Sharptooth',
    ],
  },
};

/** Skins known to trade far above their item's typical price (USD). */
const FAMOUS: Record<string, number> = {
  'Tempered AK47': 180, 'Alien Red': 90, 'Big Grin': 320, 'Glory AK47': 25, 'Punishment Mask': 45,
  'No Mercy Bag': 20, 'Charitable Rust 2017 Hoodie': 140, 'Charitable Rust 2017 Relief Crate': 60,
  'BCHILLZ! Hoodie': 35, 'Rhinocrunch Hoodie': 30, 'Cuda87 Hoodie': 25, 'Official Vertiigo Hoodie': 20,
  'Tempered Mask': 60, 'Tempered Mp5': 40, 'Glowing Skull': 30, 'Digital Camo AK47': 12, 'Military Camo AK47': 10,
  'Blingin Grill': 25, 'Rusted Smile': 15, 'Where Eagles Dare': 12, 'Golden Axe': 8, 'Gold Rock': 6,
  'Western Revolver Gold': 5, 'Native Gold': 4, 'Wyrm Rifle': 20, 'Santa Muerte': 15, 'Anubis Ak47': 12,
};

export function buildRust(): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (const g of Object.values(GROUPS)) {
    for (const name of g.names) {
      const usd = FAMOUS[name] ?? g.usd * lognormal(name, 0.9, 40);
      out.push({ name, cat: g.cat, usd, volume: volumeForPrice(usd, 8) * lognormal(name, 0.8, 41) });
    }
  }
  return out;
}
