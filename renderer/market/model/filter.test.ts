import { describe, expect, it } from 'vitest';
import { computeDerived } from './price-arithmetic';
import { EMPTY_FILTER, applyFilter, isFiltering, narrows } from './filter';
import { ask, snapshotOf } from './test-helpers';

const names = [
  'AK-47 | Redline (Field-Tested)',
  'StatTrak™ AK-47 | Redline (Field-Tested)',
  'Souvenir AWP | Dragon Lore (Factory New)',
  '★ Karambit | Fade (Factory New)',
  'Sticker | Crown (Foil)',
  'Chroma 2 Case',
];
const snap = snapshotOf(
  names.map((n, i) => ({ market_hash_name: n, prices: i === 5 ? [] : [ask('steam', (i + 1) * 10_000, i * 10)] })),
  [],
  ['steam'],
  [],
);
const d = computeDerived({ snap, askCols: [0], bidCols: [], fees: {}, net: false });
const all = Int32Array.from(names.map((_, i) => i));
const run = (f: Partial<typeof EMPTY_FILTER>, watched?: Uint8Array) => [
  ...applyFilter(all, snap, d, { ...EMPTY_FILTER, ...f }, watched),
];

describe('applyFilter', () => {
  it('passes everything with the empty filter, in the given order', () => {
    expect(run({})).toEqual([0, 1, 2, 3, 4, 5]);
    expect([...applyFilter(Int32Array.from([5, 0]), snap, d, EMPTY_FILTER)]).toEqual([5, 0]);
    expect(isFiltering(EMPTY_FILTER)).toBe(false);
  });
  it('text: all words must match', () => {
    expect(run({ text: 'ak redline ft' })).toEqual([0, 1]);
    expect(run({ text: 'awp' })).toEqual([2]);
    expect(run({ text: 'ak redline st' })).toEqual([1]);
    expect(run({ text: 'xyz' })).toEqual([]);
    expect(isFiltering({ ...EMPTY_FILTER, text: 'a' })).toBe(true);
  });
  it('price range on the best ask (items without an ask fail a bound)', () => {
    expect(run({ minPrice: 20_000, maxPrice: 40_000 })).toEqual([1, 2, 3]);
    expect(run({ maxPrice: 10_000 })).toEqual([0]);
  });
  it('minimum offers', () => {
    expect(run({ minOffers: 30 })).toEqual([3, 4]);
  });
  it('category, wear, StatTrak™ and Souvenir', () => {
    expect(run({ category: 'knife' })).toEqual([3]);
    expect(run({ category: 'sticker' })).toEqual([4]);
    expect(run({ category: 'case' })).toEqual([5]);
    expect(run({ category: 'weapon' })).toEqual([0, 1, 2]);
    expect(run({ wear: 'fn' })).toEqual([2, 3]);
    expect(run({ stattrak: 'only' })).toEqual([1]);
    expect(run({ stattrak: 'exclude', category: 'weapon' })).toEqual([0, 2]);
    expect(run({ souvenir: 'only' })).toEqual([2]);
  });
  it('watchlist view', () => {
    const watched = new Uint8Array(6);
    watched[4] = 1;
    watched[0] = 1;
    expect(run({ watchlist: true }, watched)).toEqual([0, 4]);
    expect(run({ watchlist: true })).toEqual([]);
  });
});

describe('narrows (incremental typing)', () => {
  const f = (text: string, more: Partial<typeof EMPTY_FILTER> = {}) => ({ ...EMPTY_FILTER, text, ...more });
  it('one more letter or word narrows', () => {
    expect(narrows(f('a'), f('ak'))).toBe(true);
    expect(narrows(f('ak'), f('ak red'))).toBe(true);
    expect(narrows(f('ak redl'), f('ak redline'))).toBe(true);
    // a short word (word start) growing into a long one (anywhere) may widen: "tra" -> "trak" (StatTrak)
    expect(narrows(f('ak red'), f('ak redl'))).toBe(false);
    expect(narrows(f(''), f('x'))).toBe(true);
    // the same abbreviation or exclusion kept, another word added
    expect(narrows(f('st'), f('st '))).toBe(true);
    expect(narrows(f('st'), f('st a'))).toBe(true);
    expect(narrows(f('ak -st'), f('ak -st r'))).toBe(true);
    expect(narrows(f('"ak r"'), f('"ak r" x'))).toBe(true);
  });
  it('deleting, abbreviations, category words, exclusions or other fields do not', () => {
    expect(narrows(f('ak'), f('a'))).toBe(false);
    // "knife" also matches knives whose names lack the word (★ Bayonet): it widens "knif"
    expect(narrows(f('knif'), f('knife'))).toBe(false);
    expect(narrows(f('knife'), f('knifed'))).toBe(false);
    expect(narrows(f('s'), f('st'))).toBe(false);
    expect(narrows(f('ak -st'), f('ak -sta'))).toBe(false);
    expect(narrows(f('ak'), f('ak', { wear: 'fn' }))).toBe(false);
  });
  it('filtering the previous result gives the same view when it narrows', () => {
    for (const [a, b] of [
      ['a', 'ak'],
      ['ak', 'ak red'],
      ['redl', 'redline ak'],
      ['st', 'st ak'],
      ['-st', '-st ak'],
      ['fn', 'fn kar'],
    ] as const) {
      const full = run({ text: b });
      const prev = applyFilter(all, snap, d, f(a), undefined);
      const inc = [...applyFilter(prev, snap, d, f(b), undefined)];
      expect(narrows(f(a), f(b))).toBe(true);
      expect(inc).toEqual(full);
    }
  });
});

describe('hide low confidence', () => {
  it('counts as a filter ("Clear filters" clears it) and a switch never narrows the last view', () => {
    expect(isFiltering({ ...EMPTY_FILTER, hideLowConfidence: true })).toBe(true);
    expect(narrows({ ...EMPTY_FILTER, text: 'ak' }, { ...EMPTY_FILTER, text: 'ak r', hideLowConfidence: true })).toBe(
      false,
    );
    expect(
      narrows(
        { ...EMPTY_FILTER, text: 'ak', hideLowConfidence: true },
        { ...EMPTY_FILTER, text: 'ak r', hideLowConfidence: true },
      ),
    ).toBe(true);
  });
});
