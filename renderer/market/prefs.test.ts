import { describe, expect, it } from 'vitest';
import { createPreferenceStore, memoryStorage, readPreference, PREFERENCE_PREFIX } from '../lib/preferences';
import { LEGACY_DEFAULT_MIN_PRICE_MARKETS } from '../../shared/catalog/markets';
import {
  GRID_PREFS,
  DEFAULT_MARKET_LIST,
  marketTradesGame,
  planMarkets,
  removeMarketEverywhere,
  type MarketEntry,
} from './prefs';

describe('planMarkets', () => {
  it('by default asks the 28 published names and the 8 unconfirmed ones, and 3 + 4 buy-order markets for CS2', () => {
    const p = planMarkets(DEFAULT_MARKET_LIST, null, 730);
    expect(p.askMarkets).toHaveLength(36);
    expect(p.askMarkets).toContain('steamcommunity');
    expect(p.askMarkets).toContain('lis-skins');
    expect(p.bidMarkets).toEqual(['steamcommunity', 'buff163', 'youpin', 'c5', 'csfloat', 'dmarket', 'csgotm']);
    expect(p.nameOf('buff163')).toBe('Buff163');
    expect(p.nameOf('csgotm')).toBe('Market CSGO');
    expect(p.nameOf('unknown')).toBe('unknown');
  });
  it('keeps the list order, the chosen subset, and only markets that trade the game', () => {
    const p = planMarkets(DEFAULT_MARKET_LIST, ['csfloat', 'steamcommunity', 'mannco'], 440);
    expect(p.askMarkets).toEqual(['steamcommunity', 'mannco']);
    expect(p.bidMarkets).toEqual(['steamcommunity', 'buff163', 'dmarket']);
    expect(marketTradesGame('csfloat', 570)).toBe(false);
    expect(marketTradesGame('my-own-market', 570)).toBe(true);
  });
  it('user-added and renamed markets take part', () => {
    const list: MarketEntry[] = [
      ...DEFAULT_MARKET_LIST.slice(0, 2),
      { slug: 'newmarket', name: 'New', ask: true, bid: true },
    ].map((m) => (m.slug === 'steamcommunity' ? { ...m, name: 'Steam (mine)' } : m));
    const p = planMarkets(list, null, 252490);
    expect(p.askMarkets).toEqual(['steamcommunity', 'buff163', 'newmarket']);
    expect(p.bidMarkets).toEqual(['steamcommunity', 'buff163', 'newmarket']);
    expect(p.nameOf('steamcommunity')).toBe('Steam (mine)');
  });
  it('leaves out the names this service refused, and lists them', () => {
    const p = planMarkets(DEFAULT_MARKET_LIST, null, 730, {
      ask: new Set(['youpin', 'igxe']),
      bid: new Set(['youpin']),
    });
    expect(p.askMarkets).toHaveLength(34);
    expect(p.askMarkets).not.toContain('youpin');
    expect(p.refusedAsk).toEqual(['youpin', 'igxe']);
    expect(p.refusedBid).toEqual(['youpin']);
    expect(p.bidMarkets).not.toContain('youpin');
  });
});

describe('preferences stored before the published names were known', () => {
  it("the old default list becomes today's; other lists, choices, favourites and fees are renamed", () => {
    const storage = memoryStorage();
    const store = createPreferenceStore(storage);
    const old = LEGACY_DEFAULT_MIN_PRICE_MARKETS.map((slug) => ({
      slug,
      name: slug,
      ask: true,
      bid: slug === 'steam',
    }));
    storage.setItem(PREFERENCE_PREFIX + 'grid.markets', JSON.stringify(old));
    expect(readPreference(GRID_PREFS.markets, store)).toEqual(DEFAULT_MARKET_LIST);
    storage.setItem(
      PREFERENCE_PREFIX + 'grid.markets',
      JSON.stringify([
        { slug: 'steam', name: 'Steam', ask: true, bid: true },
        { slug: 'mine', name: 'Mine', ask: true, bid: false },
      ]),
    );
    expect(readPreference(GRID_PREFS.markets, store)).toEqual([
      { slug: 'steamcommunity', name: 'Steam Community Market', ask: true, bid: true },
      { slug: 'mine', name: 'Mine', ask: true, bid: false },
    ]);
    // An old name next to its new one was added on purpose (another service's name): kept as it is.
    const mine = [...DEFAULT_MARKET_LIST, { slug: 'steam', name: 'steam', ask: true, bid: false }];
    storage.setItem(PREFERENCE_PREFIX + 'grid.markets', JSON.stringify(mine));
    expect(readPreference(GRID_PREFS.markets, store)).toEqual(mine);
    storage.setItem(PREFERENCE_PREFIX + 'grid.chosenMarkets', JSON.stringify(['steamcommunity', 'steam']));
    expect(readPreference(GRID_PREFS.chosen, store)).toEqual(['steamcommunity', 'steam']);
    storage.setItem(PREFERENCE_PREFIX + 'grid.chosenMarkets', JSON.stringify(['marketcsgo', 'buff163']));
    expect(readPreference(GRID_PREFS.chosen, store)).toEqual(['csgotm', 'buff163']);
    storage.setItem(PREFERENCE_PREFIX + 'grid.favouriteMarkets', JSON.stringify(['lisskins']));
    expect(readPreference(GRID_PREFS.favourites, store)).toEqual(['lis-skins']);
    storage.setItem(PREFERENCE_PREFIX + 'grid.fees', JSON.stringify({ c5game: { buyBps: 0, sellBps: 100 } }));
    expect(readPreference(GRID_PREFS.fees, store)).toEqual({ c5: { buyBps: 0, sellBps: 100 } });
  });
});

describe('grid preferences', () => {
  it('validate what is stored', () => {
    expect(GRID_PREFS.markets.schema.safeParse(DEFAULT_MARKET_LIST).success).toBe(true);
    expect(GRID_PREFS.markets.schema.safeParse([{ slug: 'has space', name: 'x', ask: true, bid: false }]).success).toBe(
      false,
    );
    expect(GRID_PREFS.markets.schema.safeParse([...DEFAULT_MARKET_LIST, DEFAULT_MARKET_LIST[0]]).success).toBe(false);
    expect(GRID_PREFS.fees.schema.safeParse({ steamcommunity: { buyBps: 0, sellBps: 1500 } }).success).toBe(true);
    expect(GRID_PREFS.fees.schema.safeParse({ steam: { buyBps: -1, sellBps: 0 } }).success).toBe(false);
    expect(GRID_PREFS.watchlist.schema.safeParse({ '730': ['AK-47 | Redline (Field-Tested)'] }).success).toBe(true);
    expect(GRID_PREFS.watchlist.schema.safeParse({ cs2: [] }).success).toBe(false);
    expect(GRID_PREFS.sort.schema.safeParse({ col: 'bestAsk', dir: 'up' }).success).toBe(false);
  });
  it('removing a rejected slug takes it out of the list, the choice and the favourites', () => {
    let markets: MarketEntry[] = [...DEFAULT_MARKET_LIST, { slug: 'bad', name: 'Bad', ask: true, bid: false }];
    let chosen: string[] | null = ['steamcommunity', 'bad'];
    let favourites = ['bad', 'buff163'];
    removeMarketEverywhere('bad', {
      markets: (f) => (markets = f(markets)),
      chosen: (f) => (chosen = f(chosen)),
      favourites: (f) => (favourites = f(favourites)),
    });
    expect(markets.some((m) => m.slug === 'bad')).toBe(false);
    expect(chosen).toEqual(['steamcommunity']);
    expect(favourites).toEqual(['buff163']);
  });
});
