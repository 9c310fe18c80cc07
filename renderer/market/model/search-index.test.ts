import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, applyFilter, type FilterState } from './filter';
import { buildSearchIndex, candidateMask, candidates, isSearchIndex, textCandidates } from './search-index';
import { analyzeName, compileQuery, normalizeText, tokenize } from './search';

/** The reference service's catalogs: every real name shape (CS2, TF2, Dota 2, Rust). */
function catalog(game: number): string[] {
  const text = readFileSync(new URL(`../../../service/data/catalog-${game}.tsv`, import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.slice(l.indexOf('\t') + 1));
}

const TRICKY = [
  '',
  'a',
  'Ünïcödé Ärmor | Café',
  '★',
  'x-ray | 4-4',
  'Sticker | "Quoted" (Holo)',
  'AK-47 | Redline (Field-Tested)',
  'ak47',
  '🔥 Fire',
];
const names = [...catalog(730), ...catalog(440), ...catalog(570), ...catalog(252490), ...TRICKY];
const search = names.map(normalizeText);
const flags = Uint32Array.from(search, analyzeName);
const n = names.length;
const indexed = { search, flags, searchIndex: buildSearchIndex(search) };
const plain = { search, flags };
const order = Int32Array.from({ length: n }, (_, i) => n - 1 - i);
const d = { bestAsk: new Float64Array(n).fill(1000), totalOffers: new Float64Array(n).fill(1) };

/** The first difference of two results (a cheap way to compare 40,000-long arrays), or null. */
function diff(got: Int32Array, want: Int32Array): string | null {
  for (let k = 0; k < Math.max(got.length, want.length); k++)
    if (got[k] !== want[k])
      return `at ${k}: ${names[got[k] ?? -1]} vs ${names[want[k] ?? -1]} (${got.length} vs ${want.length})`;
  return null;
}

const QUERIES = [
  'a',
  'ak',
  'ak ',
  'ak r',
  'ak red',
  'ak redl',
  'ak redline',
  'ak redline ft',
  'ak redline st',
  'karambit fade',
  'st awp asiimov',
  'sticker holo',
  'st',
  'sv',
  'fn',
  'mw ak',
  '-souvenir',
  'ak -st',
  'knife',
  'knives fade',
  'gloves',
  'agent',
  'stattrak',
  'stattrak™',
  '"dragon lore"',
  '"ak-47 | r"',
  '"a"',
  '"ab',
  '-',
  '- -',
  '47',
  '-47',
  '4',
  '★',
  '★ kar',
  '|',
  '| r',
  '(field',
  'cafe',
  'café',
  'unicode',
  'ü',
  'x-r',
  '🔥',
  '🔥 fire',
  'q',
  'zz',
  'xyzzy',
  'key',
  'mann co',
  'strange',
  'unusual',
  'arcana',
  'hoodie',
  'ak-47',
  'm4a1-s',
  'case hardened',
  'doppler phase',
  'holo katowice 2014',
  'the',
  'of',
  's',
  'ta',
  'tac',
];

/** Random queries from the names: word starts and inner pieces of 1-8 characters, some excluded. */
function randomQueries(count: number): string[] {
  let seed = 42;
  const rnd = (k: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % k;
  };
  const out: string[] = [];
  for (let q = 0; q < count; q++) {
    const words: string[] = [];
    const nWords = 1 + rnd(3);
    for (let w = 0; w < nWords; w++) {
      const s = search[rnd(n)] ?? '';
      const at = rnd(Math.max(1, s.length));
      const piece =
        s
          .slice(at, at + 1 + rnd(8))
          .trim()
          .split(' ')[0] ?? '';
      words.push(rnd(6) === 0 ? `-${piece}` : piece);
    }
    out.push(words.join(' '));
  }
  return out;
}

describe('search index', () => {
  it('gives exactly the scan result for every query', () => {
    for (const text of [...QUERIES, ...randomQueries(150)]) {
      const f: FilterState = { ...EMPTY_FILTER, text };
      expect(diff(applyFilter(order, indexed, d, f), applyFilter(order, plain, d, f)), text).toBeNull();
    }
  });

  it('also with the other filters and a narrowed base', () => {
    const fs: Array<Partial<FilterState>> = [
      { wear: 'ft' },
      { category: 'knife' },
      { stattrak: 'only' },
      { souvenir: 'exclude' },
    ];
    for (const more of fs) {
      for (const text of ['ak', 'fade', 'st', 'a k', 'redline -st']) {
        const f: FilterState = { ...EMPTY_FILTER, ...more, text };
        expect(diff(applyFilter(order, indexed, d, f), applyFilter(order, plain, d, f)), text).toBeNull();
      }
    }
    const base = applyFilter(order, plain, d, { ...EMPTY_FILTER, text: 'a' });
    const f = { ...EMPTY_FILTER, text: 'ak' };
    expect(diff(applyFilter(base, indexed, d, f), applyFilter(base, plain, d, f))).toBeNull();
  });

  it('candidates are a superset of the matches of the word they come from', () => {
    for (const text of ['ak', 'redline', 'st', 'knife', 'a', '47', 'ase hard']) {
      const toks = tokenize(text);
      const c = candidates(indexed.searchIndex, toks, flags);
      expect(c, text).not.toBeNull();
      const inList = new Set(c?.list ?? []);
      const m = compileQuery(text);
      const missed = names.filter(
        (_, i) =>
          m?.(search[i] as string, flags[i] as number) &&
          !inList.has(i) &&
          ((flags[i] as number) & (c?.flag ?? 0)) === 0,
      );
      expect(missed, text).toEqual([]);
      // And it narrows: far fewer than the catalog for a selective word.
      if (text === 'redline') expect(c?.size).toBeLessThan(n / 50);
    }
  });

  it('cannot look up 1-2 letter phrases or exclusions (the filter then scans)', () => {
    expect(textCandidates(indexed.searchIndex, { text: 'ab', wordStart: false })).toBeNull();
    expect(candidates(indexed.searchIndex, tokenize('-ak'), flags)).toBeNull();
    expect(candidates(indexed.searchIndex, tokenize('"a"'), flags)).toBeNull();
  });

  it('is checked when it crosses from the worker', () => {
    const x = buildSearchIndex(['ak-47 | redline', 'awp']);
    expect(isSearchIndex(x)).toBe(true);
    expect(isSearchIndex({ ...x, items: new Int32Array(1) })).toBe(false);
    expect(isSearchIndex({ ...x, offsets: new Int32Array(3) })).toBe(false);
    expect(isSearchIndex({ ...x, bits: 99 })).toBe(false);
    expect(isSearchIndex(null)).toBe(false);
    const empty = buildSearchIndex([]);
    expect(isSearchIndex(empty)).toBe(true);
    expect(empty.items.length).toBe(0);
  });
});

describe('candidateMask', () => {
  it('marks the candidates out of n when they are fewer than the items walked', () => {
    const cand = { list: Int32Array.of(1, 3, 4), flag: 0b100, size: 4 };
    expect(candidateMask(cand, 6, 5)).toEqual({ marked: Uint8Array.of(0, 1, 0, 1, 1, 0), flag: 0b100 });
  });

  it('gives no mask (walk every item) with no candidates, or as many candidates as items walked', () => {
    expect(candidateMask(null, 6, 6)).toEqual({ marked: null, flag: 0 });
    expect(candidateMask({ list: Int32Array.of(1, 3, 4), flag: 0b100, size: 4 }, 6, 4)).toEqual({
      marked: null,
      flag: 0,
    });
  });

  it('marks the items of the looked-up word', () => {
    const s = [
      'AK-47 | Redline (Field-Tested)',
      'AWP | Asiimov (Field-Tested)',
      'M4A4 | Howl (Minimal Wear)',
      'AWP | Redline (Minimal Wear)',
    ].map(normalizeText);
    const cand = candidates(buildSearchIndex(s), tokenize('redline'), Uint32Array.from(s, analyzeName));
    expect(candidateMask(cand, 4, 4)).toEqual({ marked: Uint8Array.of(1, 0, 0, 1), flag: 0 });
  });
});
