import { describe, expect, it } from 'vitest';
import { joinRecs } from './join';
import { REASON_BIT, type RecColumns } from './rec-columns';
import { shapeRecs } from './rec-reader';
import { recSampleRows } from './rec-sample';
import { attachRecSearch, recSearchIndex } from './rec-search';
import { buildSearchIndex } from '../model/search-index';
import {
  ALL_REASON_BITS,
  applyRecFilter,
  DEFAULT_REC_SORT,
  dealsFilter,
  EMPTY_REC_FILTER,
  recNarrows,
  sortedRecs,
  sortRecs,
} from './view';
import { computeDerived } from '../model/price-arithmetic';
import { ask, snapshotOf } from '../model/test-helpers';

const row = (name: string, suggested: number | null, reasons: unknown, liquidity: number | null, sales = 1) => ({
  market_hash_name: name,
  suggested_price: suggested,
  unstable_reasons: reasons,
  total_sales: sales,
  price_difference: 0,
  price_change_percentage: 0,
  liquidity_score: liquidity,
});

const recs: RecColumns = shapeRecs(
  [
    row('AK-47 | Redline (Field-Tested)', 10_000, [], 8000, 50),
    row('StatTrak™ AK-47 | Redline (Field-Tested)', 30_000, ['BOOST_RISK'], 2000, 5),
    row('Sticker | Crown (Foil)', 500_000, ['NOT_POPULAR', 'NEW_CODE'], 100, 5),
    row('Fracture Case', 400, null, 10_000, 9000),
    row('AWP | Asiimov (Battle-Scarred)', null, [], null, 0),
  ],
  { game: 730, type: 'general', markets: null },
  { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
)!;
const names = (order: Int32Array) => [...order].map((i) => recs.names[i]);
const all = sortRecs(recs, null, { key: 'name', dir: 'asc' });

describe('recommendation filters', () => {
  it('a narrowing filter is known as one, and filtering the last view then gives the rows the whole list gives', () => {
    const f = (text: string, more: Partial<typeof EMPTY_REC_FILTER> = {}) => ({ ...EMPTY_REC_FILTER, text, ...more });
    expect(recNarrows(f('ak'), f('ak r'))).toBe(true);
    expect(recNarrows(f('redl'), f('redli'))).toBe(true);
    // A short word matches at a word's start, a long one anywhere: "redl" may match what "red" did not.
    expect(recNarrows(f('red'), f('redl'))).toBe(false);
    expect(recNarrows(f('ak -st'), f('ak -st r'))).toBe(true);
    // Fewer words, another word, an exclusion made longer (keeps more), other conditions: not narrowing.
    expect(recNarrows(f('ak r'), f('ak'))).toBe(false);
    expect(recNarrows(f('ak'), f('awp'))).toBe(false);
    expect(recNarrows(f('ak -st'), f('ak -sta'))).toBe(false);
    expect(recNarrows(f('ak'), f('ak', { hideReasons: ALL_REASON_BITS }))).toBe(false);
    expect(recNarrows(f('ak'), f('ak r', { minLiquidity: 100 }))).toBe(false);
    for (const [before, after] of [
      ['a', 'ak'],
      ['ak', 'ak ft'],
      ['redl', 'redline'],
      ['st', 'st ak'],
    ] as const) {
      expect(recNarrows(f(before), f(after))).toBe(true);
      const last = applyRecFilter(all, recs, f(before), null);
      expect(names(applyRecFilter(last, recs, f(after), null))).toEqual(
        names(applyRecFilter(all, recs, f(after), null)),
      );
    }
  });
  it('text search is the grid search (abbreviations, negation)', () => {
    // No filter: every item, in the order given (that very order: nothing to copy).
    expect(applyRecFilter(all, recs, EMPTY_REC_FILTER, null)).toBe(all);
    expect(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, text: '   ' }, null)).toBe(all);
    expect(names(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, text: 'redline -st' }, null))).toEqual([
      'AK-47 | Redline (Field-Tested)',
    ]);
    expect(names(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, text: 'ak ft st' }, null))).toEqual([
      'StatTrak™ AK-47 | Redline (Field-Tested)',
    ]);
  });
  it('stable only hides every reason, an unknown code and an unreadable list; one reason can be allowed', () => {
    expect(names(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, hideReasons: ALL_REASON_BITS }, null))).toEqual([
      'AK-47 | Redline (Field-Tested)',
      'AWP | Asiimov (Battle-Scarred)',
    ]);
    const allowBoost = ALL_REASON_BITS & ~REASON_BIT.BOOST_RISK;
    expect(names(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, hideReasons: allowBoost }, null))).toContain(
      'StatTrak™ AK-47 | Redline (Field-Tested)',
    );
    expect(
      names(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, hideReasons: REASON_BIT.NOT_POPULAR }, null)),
    ).not.toContain('Sticker | Crown (Foil)');
  });
  it('liquidity and price bounds are inclusive and a missing value never passes', () => {
    expect(names(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, minLiquidity: 2000 }, null))).toEqual([
      'AK-47 | Redline (Field-Tested)',
      'Fracture Case',
      'StatTrak™ AK-47 | Redline (Field-Tested)',
    ]);
    expect(names(applyRecFilter(all, recs, { ...EMPTY_REC_FILTER, minPrice: 400, maxPrice: 10_000 }, null))).toEqual([
      'AK-47 | Redline (Field-Tested)',
      'Fracture Case',
    ]);
  });
  it('a deals preset without live prices shows nothing; with them, only gains at least the margin', () => {
    const deal = dealsFilter('buy', EMPTY_REC_FILTER);
    expect(deal.hideReasons).toBe(ALL_REASON_BITS);
    expect(deal.deal).toEqual({ side: 'buy', marginBps: 500 });
    expect(applyRecFilter(all, recs, deal, null)).toHaveLength(0);
    // Redline: ask 9,500 -> gain 5.0 % exactly (passes 5 %); 9,501 would not.
    const snap = snapshotOf(
      [
        { market_hash_name: 'AK-47 | Redline (Field-Tested)', prices: [ask('m1', 9_500)] },
        { market_hash_name: 'Fracture Case', prices: [ask('m1', 390)] },
      ],
      [],
      ['m1'],
      [],
    );
    const d = computeDerived({ snap, askCols: [0], bidCols: [], fees: {}, net: true });
    const join = joinRecs({ recs, snap, shown: d, net: d });
    expect(names(applyRecFilter(all, recs, { ...deal, minLiquidity: null, hideReasons: 0 }, join))).toEqual([
      'AK-47 | Redline (Field-Tested)',
    ]);
    expect(
      names(
        applyRecFilter(
          all,
          recs,
          { ...deal, minLiquidity: null, hideReasons: 0, deal: { side: 'buy', marginBps: 250 } },
          join,
        ),
      ),
    ).toEqual(['AK-47 | Redline (Field-Tested)', 'Fracture Case']);
    // A gain of exactly 7.2 % (720 / 10,000: the float ratio is 7.199999…) passes a 7.2 % margin.
    const snap72 = snapshotOf(
      [{ market_hash_name: 'AK-47 | Redline (Field-Tested)', prices: [ask('m1', 9_280)] }],
      [],
      ['m1'],
      [],
    );
    const d72 = computeDerived({ snap: snap72, askCols: [0], bidCols: [], fees: {}, net: true });
    const join72 = joinRecs({ recs, snap: snap72, shown: d72, net: d72 });
    expect(
      names(
        applyRecFilter(
          all,
          recs,
          { ...deal, minLiquidity: null, hideReasons: 0, deal: { side: 'buy', marginBps: 720 } },
          join72,
        ),
      ),
    ).toEqual(['AK-47 | Redline (Field-Tested)']);
    expect(
      names(
        applyRecFilter(
          all,
          recs,
          { ...deal, minLiquidity: null, hideReasons: 0, deal: { side: 'buy', marginBps: 721 } },
          join72,
        ),
      ),
    ).toEqual([]);
  });
});

describe('recommendation sorting', () => {
  it('sorts numbers either way with missing values last, ties by name', () => {
    expect(names(sortRecs(recs, null, { key: 'suggested', dir: 'desc' }))).toEqual([
      'Sticker | Crown (Foil)',
      'StatTrak™ AK-47 | Redline (Field-Tested)',
      'AK-47 | Redline (Field-Tested)',
      'Fracture Case',
      'AWP | Asiimov (Battle-Scarred)',
    ]);
    expect(names(sortRecs(recs, null, { key: 'suggested', dir: 'asc' })).at(-1)).toBe('AWP | Asiimov (Battle-Scarred)');
    expect(names(sortRecs(recs, null, { key: 'sales', dir: 'desc' })).slice(0, 2)).toEqual([
      'Fracture Case',
      'AK-47 | Redline (Field-Tested)',
    ]);
    // Reasons: most first (2: known + unknown; the unreadable list counts as one).
    expect(names(sortRecs(recs, null, { key: 'reasons', dir: 'desc' }))[0]).toBe('Sticker | Crown (Foil)');
  });
  it('join columns sort as missing before prices arrive', () => {
    expect(names(sortRecs(recs, null, { key: 'buyGain', dir: 'desc' }))).toEqual(names(all));
  });
});

describe('recommendation filters with the search index', () => {
  it('give the same items as without it, for words, abbreviations, exclusions and phrases', () => {
    const list = shapeRecs(
      recSampleRows(600).concat([
        row('★ Karambit | Fade (Factory New)', 1, [], 1),
        row('Souvenir AWP | Dragon Lore (Field-Tested)', 1, [], 1),
      ]),
      { game: 730, type: 'general', markets: null },
      { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
    )!;
    const order = sortRecs(list, null, { key: 'sales', dir: 'desc' });
    const plain = [
      'ak red',
      'st',
      'st knife',
      'karambit fade',
      'c',
      'case',
      '-souvenir',
      'sv',
      '"| fa"',
      'fn gloves',
      'redline -st',
      'xyz',
      'music kit 12',
    ].map((text) => [...applyRecFilter(order, list, { ...EMPTY_REC_FILTER, text }, null)]);
    const { search, flags } = list;
    list.search = [];
    list.flags = new Uint32Array(0);
    attachRecSearch(list, { search: () => search, flags, index: buildSearchIndex(search) });
    expect(recSearchIndex(list)).not.toBeNull();
    const indexed = [
      'ak red',
      'st',
      'st knife',
      'karambit fade',
      'c',
      'case',
      '-souvenir',
      'sv',
      '"| fa"',
      'fn gloves',
      'redline -st',
      'xyz',
      'music kit 12',
    ].map((text) => [...applyRecFilter(order, list, { ...EMPTY_REC_FILTER, text }, null)]);
    expect(indexed).toEqual(plain);
    expect(plain.some((v) => v.length > 0 && v.length < list.n)).toBe(true);
  });
});

describe('sortedRecs', () => {
  it('uses the order the worker sorted in when it is the one asked for, else sorts', () => {
    const order = sortRecs(recs, null, DEFAULT_REC_SORT);
    const list: RecColumns = { ...recs, presorted: { ...DEFAULT_REC_SORT, order } };
    expect(sortedRecs(list, null, DEFAULT_REC_SORT)).toBe(order);
    expect([...sortedRecs(list, null, { key: 'sales', dir: 'asc' })]).toEqual([
      ...sortRecs(recs, null, { key: 'sales', dir: 'asc' }),
    ]);
    expect([...sortedRecs(list, null, { key: 'name', dir: 'asc' })]).toEqual([...all]);
  });
});
