import { readFileSync } from 'node:fs';
import uFuzzy from '@leeoniya/ufuzzy';
import { describe, expect, it } from 'vitest';
import { analyzeName, normalizeText } from './search';
import { rankNames as nameOrder } from './shape';
import { UF_OPTIONS, prepare, queryTerms, rankCommands, rankNames, termBase, type Prepared, type Ranked } from './rank';

const WEAPONS = [
  'AK-47',
  'M4A4',
  'M4A1-S',
  'AWP',
  'Desert Eagle',
  'USP-S',
  'Glock-18',
  'P250',
  'Five-SeveN',
  'MP9',
  'MAC-10',
  'FAMAS',
  'Galil AR',
  'SSG 08',
  'Nova',
];
const SKINS = [
  'Redline',
  'Asiimov',
  'Vulcan',
  'Hyper Beast',
  'Fire Serpent',
  'Neo-Noir',
  'Printstream',
  'Bloodsport',
  'Case Hardened',
  'Fade',
  'Slate',
  'Blue Laminate',
  'Elite Build',
  'Red Laminate',
  'Redline Classic',
];
const WEARS = ['Factory New', 'Minimal Wear', 'Field-Tested', 'Well-Worn', 'Battle-Scarred'];

/** 37,500 distinct names shaped like CS2 market names. */
function catalogue(): string[] {
  const out: string[] = [];
  for (let k = 0; out.length < 37_500; k++) {
    for (const w of WEAPONS)
      for (const s of SKINS)
        for (const wear of WEARS) {
          const skin = k === 0 ? s : `${s} ${k}`;
          out.push(`${k % 3 === 1 ? 'StatTrak\u2122 ' : ''}${w} | ${skin} (${wear})`);
        }
  }
  return out.slice(0, 37_500);
}

const NAMES = catalogue();
const P = prepare(NAMES);
const top = (q: string, n = 5) =>
  rankNames(P, q, 50)
    .indexes.slice(0, n)
    .map((i) => NAMES[i]);

describe('rankNames', () => {
  it('finds items by partial words, with trader abbreviations', () => {
    expect(top('ak redl ft')[0]).toBe('AK-47 | Redline (Field-Tested)');
    const r = top('redlin', 50);
    expect(r).toHaveLength(50);
    for (const n of r) expect(n).toMatch(/Redline/);
    expect(top('ak-47 | redl')[0]).toMatch(/^AK-47 \| Redline/);
  });

  it('finds items by misspelled words (one error per word)', () => {
    expect(top('asiimv', 50)).toContain('AWP | Asiimov (Field-Tested)');
    expect(top('awp asiimv ft')[0]).toBe('AWP | Asiimov (Field-Tested)');
    expect(top('awp asimov fn')[0]).toBe('AWP | Asiimov (Factory New)'); // a missing letter
    expect(top('ak redlien bs')[0]).toBe('AK-47 | Redline (Battle-Scarred)'); // swapped letters
    expect(top('ak redlime mw')[0]).toBe('AK-47 | Redline (Minimal Wear)'); // a wrong letter
  });

  it('accepts words out of order', () => {
    expect(top('redline ak ft')[0]).toBe('AK-47 | Redline (Field-Tested)');
  });

  it('puts exact prefixes first, exact words before typo matches', () => {
    const r = top('awp | asiimov', 50);
    expect(r[0]?.startsWith('AWP | Asiimov')).toBe(true);
    const names = ['Desert Eagle | Slate (Field-Tested)', 'Slate (Field-Tested)', 'AK-47 | Slste'];
    const p = prepare(names);
    expect(rankNames(p, 'slate', 10).indexes.map((i) => names[i])).toEqual([
      'Slate (Field-Tested)',
      'Desert Eagle | Slate (Field-Tested)',
      'AK-47 | Slste',
    ]);
  });

  it('caps the results and reports the total', () => {
    const r = rankNames(P, 'ak', 50);
    expect(r.indexes).toHaveLength(50);
    expect(r.total).toBeGreaterThan(1000);
    expect(rankNames(P, '', 50).indexes).toEqual([]);
    expect(rankNames(P, 'zzzzqqq', 50).total).toBe(0);
  });

  it('short words are exact: no typo matches for "ak"', () => {
    for (const i of rankNames(P, 'ak', 50).indexes) expect(NAMES[i]).toMatch(/\bak/i);
  });
});

describe('rankCommands', () => {
  const cmds = [
    { label: 'Go to Prices' },
    { label: 'Go to Analytics' },
    { label: 'Toggle theme', keywords: 'dark light' },
  ];
  it('keeps all commands in order for an empty query, and matches with typos', () => {
    expect(rankCommands(cmds, '')).toEqual(cmds);
    expect(rankCommands(cmds, 'anlytics')[0]?.label).toBe('Go to Analytics');
    expect(rankCommands(cmds, 'dark')[0]?.label).toBe('Toggle theme');
  });
});

/** The ranking as first written (every keystroke searches the whole haystack): the fast paths must equal it. */
const ref = new uFuzzy(UF_OPTIONS);
function reference(p: Prepared, query: string, limit = 50): Ranked {
  const terms = queryTerms(query);
  if (terms.length === 0) return { indexes: [], total: 0 };
  const needle = terms.join(' ');
  const q = normalizeText(query).trim();
  let [idxs, info, order] = ref.search(p.hay, needle, 0, 1000);
  if ((idxs?.length ?? 0) < limit && terms.length > 1 && terms.length <= 3) {
    const all = ref.search(p.hay, needle, terms.length, 1000);
    if ((all[0]?.length ?? 0) > (idxs?.length ?? 0)) [idxs, info, order] = all;
  }
  if (!idxs || idxs.length === 0) return { indexes: [], total: 0 };
  const ordered =
    info && order
      ? order.map((o) => info.idx[o] as number)
      : [...idxs].sort((a, b) => (p.norm[a]?.length ?? 0) - (p.norm[b]?.length ?? 0) || a - b);
  const tierOf = (i: number) =>
    (p.norm[i] ?? '').startsWith(q) ? 0 : terms.every((t) => (p.hay[i] ?? '').includes(t)) ? 1 : 2;
  const tiers: number[][] = [[], [], []];
  for (const i of ordered) tiers[tierOf(i)]?.push(i);
  return { indexes: tiers.flat().slice(0, limit), total: idxs.length };
}

describe('rankNames fast paths (kept word matches, unranked walk) give the reference ranking', () => {
  const real = readFileSync(new URL('../../../service/data/catalog-730.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.slice(l.indexOf('\t') + 1));
  const phrases = [
    'ak redline ft',
    'karambit fade',
    'st awp asiimov',
    'sticker holo',
    'awp asiimv',
    'm4a1 printstrem',
    'redline ak',
    'ak-47 | redl',
    'asiimv',
    'redlien',
    'sticker katowice 2014',
    'kato2014',
    'glock 18 fade',
    'doppler p4',
    "o'neill",
    'xyzzy',
    'aaaa',
    'st',
    'souvenir dragon lore fn',
    'kn fad',
    'bayonet marble',
    'case',
    'gloves vice',
    'mw',
    'ft st ak',
  ];
  it("typed key by key, on the real CS2 catalog (with the grid worker's text) and on the synthetic one", () => {
    const search = real.map(normalizeText);
    for (const p of [
      prepare(real, { search, flags: Uint32Array.from(search, analyzeName), byName: nameOrder(search, real).byName }),
      prepare(NAMES),
    ]) {
      for (const phrase of phrases) {
        for (let k = 1; k <= phrase.length; k++) {
          const q = phrase.slice(0, k);
          expect(rankNames(p, q, 50), q).toEqual(reference(p, q, 50));
        }
      }
      // Backspacing and retyping (kept matches of other words stay valid).
      for (const q of [
        'ak redline',
        'ak redlin',
        'ak redl',
        'ak red',
        'ak r',
        'awp r',
        'awp re',
        'a',
        'as',
        'asi',
        'asii',
        'asiim',
      ]) {
        expect(rankNames(p, q, 50), q).toEqual(reference(p, q, 50));
      }
    }
  });
  it("given the grid worker's text, prepares the same haystack", () => {
    const names = real.slice(0, 2000);
    const search = names.map(normalizeText);
    const a = prepare(names.slice());
    const b = prepare(names, {
      search,
      flags: Uint32Array.from(search, analyzeName),
      byName: nameOrder(search, names).byName,
    });
    expect(b.hay).toEqual(a.hay);
    expect([...b.byLength]).toEqual([...a.byLength]);
    expect([...b.byText]).toEqual([...a.byText]);
  });
  it("a word's base holds all its matches only where the pattern allows", () => {
    expect(termBase('asiim')).toBe('asii'); // both with one error
    expect(termBase('asii')).toBe('a'); // exact "asi" vs one error: only the literal first letter
    expect(termBase('asi')).toBe('as');
    expect(termBase('m4a1')).toBe('m4a'); // a new run of digits
    expect(termBase('2014')).toBe('2'); // 4 digits have an error allowed too
    expect(termBase('20145')).toBe('2014');
    expect(termBase('k')).toBeNull();
    expect(termBase("o'ne")).toBeNull();
  });
});
