/**
 * Invariants of the simulated market over the whole catalog of every game: shapes and zod schemas,
 * locking rules, bids below asks, nested analytics windows, agreement between operations, determinism.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSimulatedMarket, EPOCH_MS, type SimMarket } from './index';
import { GAME_IDS, STEAM_ANALYTICS_GAMES, type GameId } from '../../../shared/catalog/games';
import {
  MARKETS, MARKET_ORDER_ANALYTICS_MARKETS, MAX_ORDER_MARKETS, marketInfo,
} from '../../../shared/catalog/markets';
import {
  AggregatedMaxOrders, AggregatedMinPrices, MarketOrderAnalytics, SteamAnalytics,
  type BuyOrderAnalytics, type ListingAnalytics,
} from '../../../shared/api/types';
import type { MaxOrderColumns, MinPriceColumns } from './types';

const NOW = Date.UTC(2025, 5, 1, 13, 37, 12);
const market: SimMarket = createSimulatedMarket({ seed: 1 });

function minPriceObjects(c: MinPriceColumns): AggregatedMinPrices[] {
  const M = c.markets.length;
  return c.names.map((name, i) => {
    const prices: AggregatedMinPrices['prices'] = [];
    for (let m = 0; m < M; m++) {
      const cell = i * M + m;
      if (c.price[cell]! < 0) continue;
      const l = c.priceLocked[cell]!;
      prices.push({ market_name: c.markets[m]!, offers: c.offers[cell]!, price: c.price[cell]!, price_locked: l < 0 ? null : l });
    }
    return { market_hash_name: name, prices };
  });
}

function maxOrderObjects(c: MaxOrderColumns): AggregatedMaxOrders[] {
  const M = c.markets.length;
  return c.names.map((name, i) => {
    const orders: AggregatedMaxOrders['orders'] = [];
    for (let m = 0; m < M; m++) {
      const cell = i * M + m;
      if (c.price[cell]! >= 0) orders.push({ market_name: c.markets[m]!, offers: c.offers[cell]!, price: c.price[cell]! });
    }
    return { market_hash_name: name, orders };
  });
}

/** Checks the listing / buy-order invariants and returns nothing; `where` labels failures. */
function checkOrderStats(l: ListingAnalytics, b: BuyOrderAnalytics, where: string): void {
  expect(l.sell_orders_last_24h, where).toBeLessThanOrEqual(l.sell_orders_last_7d);
  expect(b.buy_orders_last_24h, where).toBeLessThanOrEqual(b.buy_orders_last_7d);
  // Minimum over a longer window <= over a shorter one; a window with data implies its longer windows have data.
  const mins = [l.min_sell_order_price, l.min_sell_order_price_24h, l.min_sell_order_price_7d, l.min_sell_order_price_30d, l.min_sell_order_price_90d];
  for (let k = 1; k < mins.length; k++) {
    if (mins[k - 1] !== null) {
      expect(mins[k], where).not.toBeNull();
      expect(mins[k]!, where).toBeLessThanOrEqual(mins[k - 1]!);
    }
  }
  const maxs = [b.max_buy_order_price, b.max_buy_order_price_24h, b.max_buy_order_price_7d, b.max_buy_order_price_30d, b.max_buy_order_price_90d];
  for (let k = 1; k < maxs.length; k++) {
    if (maxs[k - 1] !== null) {
      expect(maxs[k], where).not.toBeNull();
      expect(maxs[k]!, where).toBeGreaterThanOrEqual(maxs[k - 1]!);
    }
  }
  if (l.min_sell_order_price !== null) expect(l.max_sell_order_price!, where).toBeGreaterThanOrEqual(l.min_sell_order_price);
  else expect(l.max_sell_order_price, where).toBeNull();
  if (b.max_buy_order_price !== null) expect(b.min_buy_order_price!, where).toBeLessThanOrEqual(b.max_buy_order_price);
  else expect(b.min_buy_order_price, where).toBeNull();
  // Median and average come from the same observations, which never undercut the 90-day minimum
  // (sell side) or exceed the 90-day maximum (buy side); both exist exactly when that window has data.
  expect(l.median_sell_price_90d === null, where).toBe(l.min_sell_order_price_90d === null);
  expect(l.average_sell_price_90d === null, where).toBe(l.min_sell_order_price_90d === null);
  if (l.median_sell_price_90d !== null) {
    expect(l.median_sell_price_90d, where).toBeGreaterThanOrEqual(l.min_sell_order_price_90d!);
    expect(l.average_sell_price_90d!, where).toBeGreaterThanOrEqual(l.min_sell_order_price_90d!);
  }
  expect(b.median_buy_price_90d === null, where).toBe(b.max_buy_order_price_90d === null);
  if (b.median_buy_price_90d !== null) {
    expect(b.median_buy_price_90d, where).toBeLessThanOrEqual(b.max_buy_order_price_90d!);
    expect(b.average_buy_price_90d!, where).toBeLessThanOrEqual(b.max_buy_order_price_90d!);
  }
}

describe.each(GAME_IDS)('game %i', (id: GameId) => {
  const game = market.game(id);
  const mp = game.minPrices(NOW);
  const mo = game.maxOrders(NOW);
  const gameMarkets = MARKETS.filter((m) => m.games.includes(id)).map((m) => m.slug);

  it('min prices: every game market, locking rules, offers agree with prices, zod-valid', () => {
    expect(mp.names).toBe(game.names);
    expect([...mp.markets]).toEqual(gameMarkets);
    const M = mp.markets.length;
    expect(mp.price.length).toBe(game.names.length * M);
    for (let m = 0; m < M; m++) {
      const info = marketInfo(mp.markets[m]!)!;
      let withLocked = 0;
      let listed = 0;
      for (let i = 0; i < game.names.length; i++) {
        const c = i * M + m;
        const p = mp.price[c]!;
        const l = mp.priceLocked[c]!;
        if (p < 0) {
          expect(mp.offers[c]).toBe(0);
          expect(l).toBe(-1);
          continue;
        }
        listed++;
        expect(mp.offers[c]).toBeGreaterThanOrEqual(1);
        expect(p).toBeGreaterThanOrEqual(info.slug === 'steam' ? 30 : 10);
        if (info.locking === 'same') expect(l).toBe(p);
        else if (info.locking === 'none') expect(l).toBe(-1);
        else if (l >= 0) {
          withLocked++;
          expect(l).toBeLessThanOrEqual(p);
        }
      }
      expect(listed, `${info.slug} lists something`).toBeGreaterThan(0);
      if (info.locking === 'separate') {
        expect(withLocked, `${info.slug} has locked listings`).toBeGreaterThan(0);
        expect(withLocked, `${info.slug} lacks locked listings sometimes`).toBeLessThan(listed);
      }
    }
    z.array(AggregatedMinPrices).parse(minPriceObjects(mp));
  });

  it('max orders: buy-order markets of the game, best bid below the lowest ask on the same market', () => {
    expect([...mo.markets]).toEqual(MAX_ORDER_MARKETS.filter((s) => gameMarkets.includes(s)));
    const K = mo.markets.length;
    const M = mp.markets.length;
    let bids = 0;
    for (let i = 0; i < game.names.length; i++) {
      for (let k = 0; k < K; k++) {
        const b = mo.price[i * K + k]!;
        if (b < 0) {
          expect(mo.offers[i * K + k]).toBe(0);
          continue;
        }
        bids++;
        expect(b).toBeGreaterThanOrEqual(1);
        expect(mo.offers[i * K + k]).toBeGreaterThanOrEqual(1);
        const ask = mp.price[i * M + mp.markets.indexOf(mo.markets[k]!)]!;
        if (ask >= 0) expect(b).toBeLessThan(ask);
      }
    }
    expect(bids).toBeGreaterThan(0);
    z.array(AggregatedMaxOrders).parse(maxOrderObjects(mo));
  });

  it('thin items sit on few markets; some items have no listing anywhere', () => {
    const M = mp.markets.length;
    let few = 0;
    let none = 0;
    for (let i = 0; i < game.names.length; i++) {
      let k = 0;
      for (let m = 0; m < M; m++) if (mp.price[i * M + m]! >= 0) k++;
      if (k <= M / 3) few++;
      if (k === 0) none++;
    }
    expect(few).toBeGreaterThan(game.names.length * 0.05);
    expect(none).toBeGreaterThan(0);
  });

  it('market order analytics: zod-valid, nested windows, agree with the snapshots', () => {
    for (const slug of MARKET_ORDER_ANALYTICS_MARKETS) {
      const rows = game.marketOrderAnalytics(slug, NOW);
      if (!gameMarkets.includes(slug)) {
        expect(rows, `${slug} doesn't trade ${id}`).toEqual([]);
        continue;
      }
      expect(rows.length).toBeGreaterThan(0);
      z.array(MarketOrderAnalytics).parse(rows);
      const m = mp.markets.indexOf(slug);
      const k = mo.markets.indexOf(slug);
      const M = mp.markets.length;
      const K = mo.markets.length;
      for (const r of rows) {
        const i = game.indexOf(r.market_hash_name);
        const ask = mp.price[i * M + m]!;
        const bid = mo.price[i * K + k]!;
        expect(r.listings.min_sell_order_price).toBe(ask >= 0 ? ask : null);
        expect(r.buyOrders.max_buy_order_price).toBe(bid >= 0 ? bid : null);
        checkOrderStats(r.listings, r.buyOrders, `${slug} ${r.market_hash_name}`);
      }
    }
  });

  it('steam analytics: only for 730 and 570; nested sales windows; prices from the sales series', () => {
    const rows = game.steamAnalytics(NOW);
    if (!STEAM_ANALYTICS_GAMES.includes(id)) {
      expect(rows).toEqual([]);
      return;
    }
    expect(rows.length).toBe(game.names.length);
    z.array(SteamAnalytics).parse(rows);
    const M = mp.markets.length;
    const K = mo.markets.length;
    const s = mp.markets.indexOf('steam');
    const sk = mo.markets.indexOf('steam');
    let busy = 0;
    let idle = 0;
    rows.forEach((r, i) => {
      expect(r.market_hash_name).toBe(game.names[i]);
      const sa = r.sales;
      expect(sa.last_24h).toBeLessThanOrEqual(sa.last_7d);
      expect(sa.last_7d).toBeLessThanOrEqual(sa.last_30d);
      expect(sa.last_30d).toBeLessThanOrEqual(sa.last_90d);
      const has = sa.last_90d > 0;
      expect(sa.median_price_90d !== null).toBe(has);
      expect(sa.average_price_90d !== null).toBe(has);
      expect(sa.latest_median_price_sold !== null).toBe(has);
      expect(sa.avg_daily_volume).toBeCloseTo(sa.last_90d / game.ageDays(r.market_hash_name), 1);
      if (sa.last_24h >= 1000) busy++;
      if (sa.last_90d === 0) idle++;
      const ask = mp.price[i * M + s]!;
      const bid = mo.price[i * K + sk]!;
      expect(r.listings.min_sell_order_price).toBe(ask >= 0 ? ask : null);
      expect(r.buyOrders.max_buy_order_price).toBe(bid >= 0 ? bid : null);
      checkOrderStats(r.listings, r.buyOrders, r.market_hash_name);
    });
    if (id === 730) {
      expect(busy, 'popular items with thousands of daily sales').toBeGreaterThan(10);
      expect(idle, 'thin items with no sales in 90 days').toBeGreaterThan(10);
    }
    // Median and average of sale prices come from the daily series (weighted by sales): check on a sample.
    for (let i = 0; i < rows.length; i += Math.max(1, Math.floor(rows.length / 400))) {
      const r = rows[i]!;
      const { price, count } = game.steamSaleSeries(r.market_hash_name, NOW);
      const sold = price.filter((_, j) => count[j]! > 0);
      if (sold.length === 0 || r.sales.median_price_90d === null) continue;
      const lo = Math.min(...sold);
      const hi = Math.max(...sold);
      expect(r.sales.median_price_90d).toBeGreaterThanOrEqual(lo);
      expect(r.sales.median_price_90d).toBeLessThanOrEqual(hi);
      expect(r.sales.average_price_90d!).toBeGreaterThanOrEqual(lo);
      expect(r.sales.average_price_90d!).toBeLessThanOrEqual(hi);
      const w = count.reduce((a, b) => a + b, 0);
      const avg = price.reduce((a, p, j) => a + p * count[j]!, 0) / w;
      expect(r.sales.average_price_90d).toBe(Math.round(avg));
    }
  });
});

describe('prices', () => {
  const cs = market.game(730);
  const mp = cs.minPrices(NOW);
  const M = mp.markets.length;

  it('span cents to five figures with a long tail', () => {
    let cheap = 0;
    let rich = 0;
    for (const p of mp.price) {
      if (p >= 0 && p < 100) cheap++;
      if (p > 10_000_000) rich++;
    }
    expect(cheap).toBeGreaterThan(100);
    expect(rich).toBeGreaterThan(5);
  });

  it('Steam is dearer than BUFF163; Chinese P2P markets are usually the cheapest', () => {
    const steam = mp.markets.indexOf('steam');
    const buff = mp.markets.indexOf('buff163');
    const chinese = ['buff163', 'youpin', 'c5game', 'igxe', 'ecosteam'].map((s) => mp.markets.indexOf(s));
    const ratios: number[] = [];
    let withMany = 0;
    let chineseCheapest = 0;
    for (let i = 0; i < cs.names.length; i++) {
      const a = mp.price[i * M + steam]!;
      const b = mp.price[i * M + buff]!;
      if (a > 1000 && b > 1000) ratios.push(a / b);
      let best = -1;
      let n = 0;
      for (let m = 0; m < M; m++) {
        const p = mp.price[i * M + m]!;
        if (p < 0) continue;
        n++;
        if (best < 0 || p < mp.price[i * M + best]!) best = m;
      }
      if (n >= 10) {
        withMany++;
        if (chinese.includes(best)) chineseCheapest++;
      }
    }
    ratios.sort((x, y) => x - y);
    expect(ratios[ratios.length >> 1]!).toBeGreaterThan(1.15);
    expect(chineseCheapest / withMany).toBeGreaterThan(0.5);
  });
});

describe('determinism and movement', () => {
  it('same seed and clock give identical bytes; another epoch moves prices; another seed differs', () => {
    const other = createSimulatedMarket({ seed: 1 });
    for (const id of [570, 440] as const) {
      const a = market.game(id);
      const b = other.game(id);
      expect(Buffer.from(b.minPrices(NOW).price.buffer)).toEqual(Buffer.from(a.minPrices(NOW).price.buffer));
      expect(JSON.stringify(b.marketOrderAnalytics('buff163', NOW))).toBe(JSON.stringify(a.marketOrderAnalytics('buff163', NOW)));
      expect(JSON.stringify(b.priceRecommendations('general', undefined, NOW))).toBe(JSON.stringify(a.priceRecommendations('general', undefined, NOW)));
    }
    expect(JSON.stringify(other.game(570).steamAnalytics(NOW))).toBe(JSON.stringify(market.game(570).steamAnalytics(NOW)));
    const cs = market.game(730);
    const now = cs.minPrices(NOW).price.slice();
    const sameEpoch = cs.minPrices(NOW + 1000).price;
    expect(Buffer.from(sameEpoch.buffer)).toEqual(Buffer.from(now.buffer));
    const next = cs.minPrices(NOW + EPOCH_MS).price;
    let changed = 0;
    for (let c = 0; c < now.length; c++) if (now[c] !== next[c]) changed++;
    expect(changed).toBeGreaterThan(now.length * 0.05);
    const reseeded = createSimulatedMarket({ seed: 2 }).game(570).minPrices(NOW).price;
    expect(Buffer.from(reseeded.buffer)).not.toEqual(Buffer.from(market.game(570).minPrices(NOW).price.buffer));
  });

  it('an hourly history sample is what the snapshot showed at that moment', () => {
    const a = createSimulatedMarket({ seed: 1 }).game(252490);
    const hourStart = Math.floor(NOW / 3_600_000) * 3_600_000 - 3_600_000;
    const thenSnap = a.minPrices(hourStart);
    const thenMin = new Map<string, number>();
    const steam = thenSnap.markets.indexOf('steam');
    thenSnap.names.forEach((n, i) => {
      const p = thenSnap.price[i * thenSnap.markets.length + steam]!;
      if (p >= 0) thenMin.set(n, p);
    });
    const rows = a.marketOrderAnalytics('buff163', NOW);
    expect(rows.length).toBeGreaterThan(0);
    // The Steam min price an hour ago bounds Steam's 24h minimum from above (it's one of its samples).
    const steamRows = createSimulatedMarket({ seed: 1 }).game(570);
    const sr = steamRows.steamAnalytics(NOW);
    const snap570 = steamRows.minPrices(hourStart);
    const s570 = snap570.markets.indexOf('steam');
    sr.forEach((r, i) => {
      const p = snap570.price[i * snap570.markets.length + s570]!;
      if (p >= 0) expect(r.listings.min_sell_order_price_24h!).toBeLessThanOrEqual(p);
    });
  });
});
