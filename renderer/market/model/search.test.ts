import { describe, expect, it } from 'vitest';
import { FLAG, analyzeName, categoryOf, compileQuery, hasCategory, normalizeText, tokenize } from './search';

const flagsOf = (name: string) => analyzeName(normalizeText(name));
const matches = (query: string, name: string) => {
  const m = compileQuery(query);
  const s = normalizeText(name);
  return m === null ? true : m(s, analyzeName(s));
};

describe('analyzeName: categories from CS2 names', () => {
  it.each([
    ['★ Karambit | Fade (Factory New)', 'knife'],
    ['★ StatTrak™ Butterfly Knife | Doppler (Minimal Wear)', 'knife'],
    ['★ Karambit', 'knife'],
    ['★ Sport Gloves | Vice (Field-Tested)', 'gloves'],
    ['★ Hand Wraps | Cobalt Skulls (Well-Worn)', 'gloves'],
    ['Sticker | Natus Vincere (Holo) | Katowice 2014', 'sticker'],
    ['Chroma 2 Case', 'case'],
    ['CS:GO Weapon Case', 'case'],
    ['Paris 2023 Legends Sticker Capsule', 'case'],
    ['ESL One Cologne 2014 Dust II Souvenir Package', 'case'],
    ["Cmdr. Mae 'Dead Cold' Jamison | SWAT", 'agent'],
    ["'Two Times' McCoy | TACP Cavalry", 'agent'],
    ['Sir Bloody Miami Darryl | The Professionals', 'agent'],
    ['AK-47 | Redline (Field-Tested)', 'weapon'],
    ['StatTrak™ AWP | Asiimov (Battle-Scarred)', 'weapon'],
    ['Souvenir M4A1-S | Knight (Factory New)', 'weapon'],
    ['Sealed Graffiti | Lambda (Shark White)', 'graffiti'],
    ['Chroma 2 Case Key', 'other'],
    ['Operation Hydra Access Pass', 'other'],
    ['Mann Co. Supply Crate Key', 'other'],
  ])('%s -> %s', (name, cat) => {
    expect(categoryOf(flagsOf(name))).toBe(cat);
  });

  it('finds StatTrak™, Souvenir and the wear', () => {
    const st = flagsOf('StatTrak™ AK-47 | Redline (Field-Tested)');
    expect(st & FLAG.stattrak).toBeTruthy();
    expect(st & FLAG.ft).toBeTruthy();
    expect(st & FLAG.souvenir).toBe(0);
    const sv = flagsOf('Souvenir AWP | Dragon Lore (Factory New)');
    expect(sv & FLAG.souvenir).toBeTruthy();
    expect(sv & FLAG.fn).toBeTruthy();
    expect(flagsOf('AK-47 | Case Hardened (Well-Worn)') & FLAG.ww).toBeTruthy();
    expect(flagsOf('M4A4 | Howl (Minimal Wear)') & FLAG.mw).toBeTruthy();
    expect(flagsOf('P250 | Sand Dune (Battle-Scarred)') & FLAG.bs).toBeTruthy();
    expect(categoryOf(flagsOf('AK-47 | Case Hardened (Well-Worn)'))).toBe('weapon');
  });

  it('"other" is the absence of every category', () => {
    expect(hasCategory(flagsOf('Chroma 2 Case Key'), 'other')).toBe(true);
    expect(hasCategory(flagsOf('Chroma 2 Case'), 'other')).toBe(false);
  });
});

describe('tokenize', () => {
  it('lower-cases, splits on spaces, drops duplicates', () => {
    expect(tokenize('  AK  ak Redline ').map((t) => t.text)).toEqual(['ak', 'redline']);
  });
  it('marks abbreviations as word-start attribute tokens', () => {
    const [ft, st, red] = tokenize('FT st redline');
    expect(ft).toMatchObject({ text: 'ft', flag: FLAG.ft, wordStart: true, negate: false });
    expect(st).toMatchObject({ text: 'st', flag: FLAG.stattrak, wordStart: true });
    expect(red).toMatchObject({ text: 'redline', flag: 0, wordStart: false });
    expect(tokenize('ak')[0]).toMatchObject({ text: 'ak', flag: 0, wordStart: true });
  });
  it('reads -exclusions and "phrases"', () => {
    const t = tokenize('ak -souvenir "field-tested" -"well worn"');
    expect(t).toEqual([
      { text: 'ak', negate: false, flag: 0, wordStart: true },
      { text: 'souvenir', negate: true, flag: FLAG.souvenir, wordStart: false },
      { text: 'field-tested', negate: false, flag: 0, wordStart: false },
      { text: 'well worn', negate: true, flag: 0, wordStart: false },
    ]);
  });
  it('ignores a lone dash and empty phrases', () => {
    expect(tokenize('- "" ak')).toEqual([{ text: 'ak', negate: false, flag: 0, wordStart: true }]);
  });
});

describe('compileQuery: every word must match', () => {
  const redlineFT = 'AK-47 | Redline (Field-Tested)';
  const redlineMW = 'AK-47 | Redline (Minimal Wear)';
  const stRedline = 'StatTrak™ AK-47 | Redline (Field-Tested)';

  it('empty query matches everything', () => {
    expect(compileQuery('   ')).toBeNull();
  });
  it('"ak redline ft" finds AK-47 | Redline (Field-Tested) only', () => {
    expect(matches('ak redline ft', redlineFT)).toBe(true);
    expect(matches('ak redline ft', stRedline)).toBe(true);
    expect(matches('ak redline ft', redlineMW)).toBe(false);
    expect(matches('ak redline ft', 'AWP | Redline (Field-Tested)')).toBe(false);
    // "ak" is inside "StatTrak" but a short word only matches at a word start
    expect(matches('ak redline ft', 'StatTrak™ AWP | Redline (Field-Tested)')).toBe(false);
  });
  it('short words match at word starts, longer words anywhere', () => {
    expect(matches('47', redlineFT)).toBe(true);
    expect(matches('m4', 'M4A1-S | Hyper Beast (Minimal Wear)')).toBe(true);
    expect(matches('ine', redlineFT)).toBe(false);
    expect(matches('line', redlineFT)).toBe(true);
    expect(matches('a1', 'M4A1-S | Hyper Beast (Minimal Wear)')).toBe(false);
    expect(matches('4a1', 'M4A1-S | Hyper Beast (Minimal Wear)')).toBe(false);
    expect(matches('4a1-', 'M4A1-S | Hyper Beast (Minimal Wear)')).toBe(true);
  });
  it.each([
    ['fn', 'AWP | Asiimov (Factory New)'],
    ['mw', redlineMW],
    ['ww', 'AK-47 | Redline (Well-Worn)'],
    ['bs', 'AK-47 | Redline (Battle-Scarred)'],
  ])('wear abbreviation %s matches %s', (q, name) => {
    expect(matches(`ak ${q}`, name.replace('AWP', 'AK-47'))).toBe(true);
    expect(matches(q, redlineFT)).toBe(false);
  });
  it('case-insensitive and accent-insensitive', () => {
    expect(matches('REDLINE', redlineFT)).toBe(true);
    expect(matches('pokemon', 'Sticker | Pokémon Master')).toBe(true);
    expect(matches('pokémon', 'Sticker | Pokemon Master')).toBe(true);
  });
  it('"st" means StatTrak™ (or a word starting with st), not a substring of Field-Tested', () => {
    expect(matches('ak redline st', stRedline)).toBe(true);
    expect(matches('ak redline st', redlineFT)).toBe(false);
    expect(matches('st', 'Sticker | Crown (Foil)')).toBe(true);
    expect(matches('stattrak', stRedline)).toBe(true);
  });
  it('category words match items whose names do not say them', () => {
    expect(matches('knife fade', '★ Karambit | Fade (Factory New)')).toBe(true);
    expect(matches('gloves', '★ Hand Wraps | Slaughter (Field-Tested)')).toBe(true);
  });
  it('exclusions and phrases', () => {
    expect(matches('redline -stattrak', stRedline)).toBe(false);
    expect(matches('redline -stattrak', redlineFT)).toBe(true);
    expect(matches('"ak-47 | redline"', redlineFT)).toBe(true);
    expect(matches('"redline ak"', redlineFT)).toBe(false);
  });
  it('handles emoji, quotes and markup in names as plain text', () => {
    expect(matches('🔥', 'Sticker | 🔥 Fire "Hot" <b>bold</b>')).toBe(true);
    expect(matches('<b>', 'Sticker | 🔥 Fire "Hot" <b>bold</b>')).toBe(true);
    expect(matches('"hot"', 'Sticker | 🔥 Fire "Hot" <b>bold</b>')).toBe(true);
  });
});
