import { describe, expect, it } from 'vitest';
import { GRID_PREFS, DEFAULT_MARKET_LIST, marketTradesGame, planMarkets, removeMarketEverywhere, type MarketEntry } from './prefs';

describe('planMarkets', () => {
  it('by default asks all 36 markets and the 7 buy-order markets for CS2', () => {
    const p = planMarkets(DEFAULT_MARKET_LIST, null, 730);
    expect(p.askMarkets).toHaveLength(36);
    expect(p.bidMarkets).toEqual(['steam', 'buff163', 'youpin', 'c5game', 'csfloat', 'dmarket', 'marketcsgo']);
    expect(p.nameOf('buff163')).toBe('BUFF163');
    expect(p.nameOf('unknown')).toBe('unknown');
  });
  it('keeps the list order, the chosen subset, and only markets that trade the game', () => {
    const p = planMarkets(DEFAULT_MARKET_LIST, ['csfloat', 'steam', 'mannco'], 440);
    expect(p.askMarkets).toEqual(['steam', 'mannco']);
    expect(p.bidMarkets).toEqual(['steam', 'buff163', 'dmarket']);
    expect(marketTradesGame('csfloat', 570)).toBe(false);
    expect(marketTradesGame('my-own-market', 570)).toBe(true);
  });
  it('user-added and renamed markets take part', () => {
    const list: MarketEntry[] = [...DEFAULT_MARKET_LIST.slice(0, 2), { slug: 'newmarket', name: 'New', ask: true, bid: true }].map((m) =>
      m.slug === 'steam' ? { ...m, name: 'Steam (mine)' } : m,
    );
    const p = planMarkets(list, null, 252490);
    expect(p.askMarkets).toEqual(['steam', 'buff163', 'newmarket']);
    expect(p.bidMarkets).toEqual(['steam', 'buff163', 'newmarket']);
    expect(p.nameOf('steam')).toBe('Steam (mine)');
  });
});

describe('grid preferences', () => {
  it('validate what is stored', () => {
    expect(GRID_PREFS.markets.schema.safeParse(DEFAULT_MARKET_LIST).success).toBe(true);
    expect(GRID_PREFS.markets.schema.safeParse([{ slug: 'has space', name: 'x', ask: true, bid: false }]).success).toBe(false);
    expect(GRID_PREFS.markets.schema.safeParse([...DEFAULT_MARKET_LIST, DEFAULT_MARKET_LIST[0]]).success).toBe(false);
    expect(GRID_PREFS.fees.schema.safeParse({ steam: { buyBps: 0, sellBps: 1500 } }).success).toBe(true);
    expect(GRID_PREFS.fees.schema.safeParse({ steam: { buyBps: -1, sellBps: 0 } }).success).toBe(false);
    expect(GRID_PREFS.watchlist.schema.safeParse({ '730': ['AK-47 | Redline (Field-Tested)'] }).success).toBe(true);
    expect(GRID_PREFS.watchlist.schema.safeParse({ cs2: [] }).success).toBe(false);
    expect(GRID_PREFS.sort.schema.safeParse({ col: 'bestAsk', dir: 'up' }).success).toBe(false);
  });
  it('removing a rejected slug takes it out of the list, the choice and the favourites', () => {
    let markets: MarketEntry[] = [...DEFAULT_MARKET_LIST, { slug: 'bad', name: 'Bad', ask: true, bid: false }];
    let chosen: string[] | null = ['steam', 'bad'];
    let favourites = ['bad', 'buff163'];
    removeMarketEverywhere('bad', {
      markets: (f) => (markets = f(markets)),
      chosen: (f) => (chosen = f(chosen)),
      favourites: (f) => (favourites = f(favourites)),
    });
    expect(markets.some((m) => m.slug === 'bad')).toBe(false);
    expect(chosen).toEqual(['steam']);
    expect(favourites).toEqual(['buff163']);
  });
});
