/**
 * Invariants of the simulated market over the whole catalog of every game: shapes and zod schemas,
 * locking rules, bids below asks, nested analytics windows, agreement between operations, determinism.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSimulatedMarket, defaultServedMarkets, EPOCH_MS, STEAM_MARKET, type SimMarket } from './index';
import { GAME_IDS, STEAM_ANALYTICS_GAMES, type GameId } from '../../../shared/catalog/games';
import { marketInfo } from '../../../shared/catalog/markets';
import {
  AggregatedMaxOrders,
  AggregatedMinPrices,
  MarketOrderAnalytics,
  SteamAnalytics,
  type BuyOrderAnalytics,
  type ListingAnalytics,
} from '../../../shared/api/types';
import type { MaxOrderColumns, MinPriceColumns } from './types';

// SIM_TEST_SEED / SIM_TEST_NOW re-run the same invariants at another seed or clock (defaults are fixed).
const NOW = Number(process.env.SIM_TEST_NOW ?? Date.UTC(2025, 5, 1, 13, 37, 12));
const SEED = Number(process.env.SIM_TEST_SEED ?? 1);

/** Collects rule violations cheaply (millions of checks) and reports the first few. */
class Violations {
  count = 0;
  readonly first: string[] = [];
  check(ok: boolean, what: string | (() => string)): void {
    if (ok) return;
    this.count++;
    if (this.first.length < 5) this.first.push(typeof what === 'string' ? what : what());
  }
  assertNone(): void {
    expect(this.first, `${this.count} violations`).toEqual([]);
  }
}
const market: SimMarket = createSimulatedMarket({ seed: SEED });
const SERVED = defaultServedMarkets();
const MARKET_ORDER_ANALYTICS_MARKETS = SERVED.marketOrderAnalytics;
/** Markets with buy orders: Steam and every name served for max orders or order analytics. */
const ORDER_MARKETS = [STEAM_MARKET, ...SERVED.maxOrders, ...SERVED.marketOrderAnalytics];

function minPriceObjects(c: MinPriceColumns): AggregatedMinPrices[] {
  const M = c.markets.length;
  return c.names.map((name, i) => {
    const prices: AggregatedMinPrices['prices'] = [];
    for (let m = 0; m < M; m++) {
      const cell = i * M + m;
      if (c.price[cell]! < 0) continue;
      const l = c.priceLocked[cell]!;
      prices.push({
        market_name: c.markets[m]!,
        offers: c.offers[cell]!,
        price: c.price[cell]!,
        price_locked: l < 0 ? null : l,
      });
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
      if (c.price[cell]! >= 0)
        orders.push({ market_name: c.markets[m]!, offers: c.offers[cell]!, price: c.price[cell]! });
    }
    return { market_hash_name: name, orders };
  });
}

/** The listing / buy-order invariants of one row. */
function checkOrderStats(v: Violations, l: ListingAnalytics, b: BuyOrderAnalytics, where: string): void {
  v.check(l.sell_orders_last_24h <= l.sell_orders_last_7d, () => `${where}: sell orders 24h > 7d`);
  v.check(b.buy_orders_last_24h <= b.buy_orders_last_7d, () => `${where}: buy orders 24h > 7d`);
  // Minimum over a longer window <= over a shorter one (the current book counts as the shortest window).
  const mins = [
    l.min_sell_order_price,
    l.min_sell_order_price_24h,
    l.min_sell_order_price_7d,
    l.min_sell_order_price_30d,
    l.min_sell_order_price_90d,
  ];
  for (let k = 1; k < mins.length; k++)
    v.check(mins[k]! <= mins[k - 1]!, () => `${where}: min sell windows ${JSON.stringify(mins)}`);
  const maxs = [
    b.max_buy_order_price,
    b.max_buy_order_price_24h,
    b.max_buy_order_price_7d,
    b.max_buy_order_price_30d,
    b.max_buy_order_price_90d,
  ];
  for (let k = 1; k < maxs.length; k++)
    v.check(maxs[k]! >= maxs[k - 1]!, () => `${where}: max buy windows ${JSON.stringify(maxs)}`);
  v.check(l.max_sell_order_price >= l.min_sell_order_price, () => `${where}: max sell < min sell`);
  v.check(b.min_buy_order_price <= b.max_buy_order_price, () => `${where}: min buy > max buy`);
  // Median and average come from the same observations, which never undercut the 90-day minimum
  // (sell side) or exceed the 90-day maximum (buy side); without any they equal it.
  v.check(
    l.median_sell_price_90d >= l.min_sell_order_price_90d && l.average_sell_price_90d >= l.min_sell_order_price_90d,
    () => `${where}: sell median/avg below 90d min`,
  );
  v.check(
    b.median_buy_price_90d <= b.max_buy_order_price_90d && b.average_buy_price_90d <= b.max_buy_order_price_90d,
    () => `${where}: buy median/avg above 90d max`,
  );
  v.check(
    l.min_sell_order_price_90d >= 1 &&
      b.max_buy_order_price_90d >= 1 &&
      l.latest_sell_order_price >= 1 &&
      b.latest_buy_order_price >= 1,
    () => `${where}: prices below 1 thousandth`,
  );
}

/**
 * The current book when the market has no listing / buy order for the item: the spec has no null, so the
 * 24-hour value stands in (README "Analytics fields"); with one, the snapshot's price.
 */
function checkCurrentBook(
  v: Violations,
  l: ListingAnalytics,
  b: BuyOrderAnalytics,
  ask: number,
  bid: number,
  where: string,
): void {
  if (ask >= 0)
    v.check(l.min_sell_order_price === ask, () => `${where}: min sell ${l.min_sell_order_price} != min price ${ask}`);
  else
    v.check(
      l.min_sell_order_price === l.min_sell_order_price_24h && l.max_sell_order_price === l.min_sell_order_price,
      () =>
        `${where}: empty book: min/max sell ${l.min_sell_order_price}/${l.max_sell_order_price} != 24h ${l.min_sell_order_price_24h}`,
    );
  if (bid >= 0)
    v.check(b.max_buy_order_price === bid, () => `${where}: max buy ${b.max_buy_order_price} != max order ${bid}`);
  else
    v.check(
      b.max_buy_order_price === b.max_buy_order_price_24h && b.min_buy_order_price === b.max_buy_order_price,
      () =>
        `${where}: no orders: max/min buy ${b.max_buy_order_price}/${b.min_buy_order_price} != 24h ${b.max_buy_order_price_24h}`,
    );
}

describe.each(GAME_IDS)('game %i', (id: GameId) => {
  const game = market.game(id);
  const mp = game.minPrices(NOW);
  const mo = game.maxOrders(NOW);
  // Every served name (any operation) that trades the game, and Steam, each once.
  const served = [STEAM_MARKET, ...SERVED.minPrices, ...SERVED.maxOrders, ...SERVED.marketOrderAnalytics];
  const gameMarkets = [...new Set(served)].filter((s) => marketInfo(s)!.games.includes(id));

  it('min prices: every served market of the game, locking rules, offers agree with prices, zod-valid', () => {
    expect(mp.names).toBe(game.names);
    expect([...mp.markets].sort()).toEqual([...gameMarkets].sort());
    const M = mp.markets.length;
    expect(mp.price.length).toBe(game.names.length * M);
    const v = new Violations();
    for (let m = 0; m < M; m++) {
      const info = marketInfo(mp.markets[m]!)!;
      const floor = info.slug === STEAM_MARKET ? 30 : 10;
      let withLocked = 0;
      let listed = 0;
      for (let i = 0; i < game.names.length; i++) {
        const c = i * M + m;
        const p = mp.price[c]!;
        const l = mp.priceLocked[c]!;
        const o = mp.offers[c]!;
        if (p < 0) {
          v.check(o === 0 && l === -1, () => `${info.slug} ${game.names[i]}: absent entry with offers/locked`);
          continue;
        }
        listed++;
        v.check(o >= 1 && p >= floor, () => `${info.slug} ${game.names[i]}: offers ${o}, price ${p}`);
        if (info.locking === 'same') v.check(l === p, () => `${info.slug}: locked ${l} != price ${p}`);
        else if (info.locking === 'none') v.check(l === -1, () => `${info.slug}: locked ${l} on a non-locking market`);
        else if (l >= 0) {
          withLocked++;
          v.check(l <= p, () => `${info.slug}: locked ${l} > price ${p}`);
        }
      }
      expect(listed, `${info.slug} lists something`).toBeGreaterThan(0);
      if (info.locking === 'separate') {
        expect(withLocked, `${info.slug} has locked listings`).toBeGreaterThan(0);
        expect(withLocked, `${info.slug} lacks locked listings sometimes`).toBeLessThan(listed);
      }
    }
    v.assertNone();
    z.array(AggregatedMinPrices).parse(minPriceObjects(mp));
  });

  it('max orders: buy-order markets of the game, best bid below the lowest ask on the same market', () => {
    expect([...mo.markets].sort()).toEqual(gameMarkets.filter((s) => ORDER_MARKETS.includes(s)).sort());
    const K = mo.markets.length;
    const M = mp.markets.length;
    let bids = 0;
    const v = new Violations();
    const cols = mo.markets.map((s) => mp.markets.indexOf(s));
    for (let i = 0; i < game.names.length; i++) {
      for (let k = 0; k < K; k++) {
        const b = mo.price[i * K + k]!;
        const o = mo.offers[i * K + k]!;
        if (b < 0) {
          v.check(o === 0, 'absent order with offers');
          continue;
        }
        bids++;
        const ask = mp.price[i * M + cols[k]!]!;
        v.check(
          b >= 1 && o >= 1 && (ask < 0 || b < ask),
          () => `${mo.markets[k]} ${game.names[i]}: bid ${b} x${o}, ask ${ask}`,
        );
      }
    }
    v.assertNone();
    expect(bids).toBeGreaterThan(0);
    z.array(AggregatedMaxOrders).parse(maxOrderObjects(mo));
  });

  it('thin items sit on few markets (in CS2 some have no listing anywhere)', () => {
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
    if (id === 730) expect(none).toBeGreaterThan(0);
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
      const v = new Violations();
      for (const r of rows) {
        const i = game.indexOf(r.market_hash_name);
        const ask = mp.price[i * M + m]!;
        const bid = mo.price[i * K + k]!;
        checkCurrentBook(v, r.listings, r.buyOrders, ask, k >= 0 ? bid : -1, `${slug} ${r.market_hash_name}`);
        checkOrderStats(v, r.listings, r.buyOrders, `${slug} ${r.market_hash_name}`);
      }
      v.assertNone();
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
    const s = mp.markets.indexOf(STEAM_MARKET);
    const sk = mo.markets.indexOf(STEAM_MARKET);
    let busy = 0;
    let idle = 0;
    const v = new Violations();
    rows.forEach((r, i) => {
      const name = r.market_hash_name;
      v.check(name === game.names[i], 'order');
      const sa = r.sales;
      v.check(
        sa.last_24h <= sa.last_7d && sa.last_7d <= sa.last_30d && sa.last_30d <= sa.last_90d,
        () => `${name}: sales windows ${JSON.stringify(sa)}`,
      );
      // Without a sale in 90 days the three prices are one value: today's would-be sale price.
      if (sa.last_90d === 0)
        v.check(
          sa.median_price_90d === sa.average_price_90d && sa.average_price_90d === sa.latest_median_price_sold,
          () => `${name}: idle sales prices ${JSON.stringify(sa)}`,
        );
      v.check(
        sa.median_price_90d >= 1 && sa.average_price_90d >= 1 && sa.latest_median_price_sold >= 1,
        () => `${name}: sale price below 1 thousandth`,
      );
      v.check(
        Math.abs(sa.avg_daily_volume - sa.last_90d / game.ageDays(name)) <= 0.006,
        () => `${name}: avg_daily_volume`,
      );
      if (sa.last_24h >= 1000) busy++;
      if (sa.last_90d === 0) idle++;
      const ask = mp.price[i * M + s]!;
      const bid = mo.price[i * K + sk]!;
      checkCurrentBook(v, r.listings, r.buyOrders, ask, bid, name);
      checkOrderStats(v, r.listings, r.buyOrders, name);
    });
    v.assertNone();
    if (id === 730) {
      expect(busy, 'popular items with thousands of daily sales').toBeGreaterThan(10);
      expect(idle, 'thin items with no sales in 90 days').toBeGreaterThan(10);
    }
    // Median and average of sale prices come from the daily series (weighted by sales): check on a sample.
    for (let i = 0; i < rows.length; i += Math.max(1, Math.floor(rows.length / 400))) {
      const r = rows[i]!;
      const { price, count } = game.steamSaleSeries(r.market_hash_name, NOW);
      const sold = price.filter((_, j) => count[j]! > 0);
      if (sold.length === 0) continue;
      const lo = Math.min(...sold);
      const hi = Math.max(...sold);
      expect(r.sales.median_price_90d).toBeGreaterThanOrEqual(lo);
      expect(r.sales.median_price_90d).toBeLessThanOrEqual(hi);
      expect(r.sales.average_price_90d).toBeGreaterThanOrEqual(lo);
      expect(r.sales.average_price_90d).toBeLessThanOrEqual(hi);
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
    const steam = mp.markets.indexOf(STEAM_MARKET);
    const buff = mp.markets.indexOf('buff163');
    const chinese = ['buff163', 'youpin', 'c5', 'igxe', 'ecosteam'].map((s) => mp.markets.indexOf(s));
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

function sameBytes(a: Int32Array, b: Int32Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

describe('determinism and movement', () => {
  it('same seed and clock give identical bytes; another epoch moves prices; another seed differs', () => {
    const other = createSimulatedMarket({ seed: SEED });
    for (const id of [570, 440] as const) {
      const a = market.game(id);
      const b = other.game(id);
      expect(sameBytes(b.minPrices(NOW).price, a.minPrices(NOW).price)).toBe(true);
      expect(JSON.stringify(b.marketOrderAnalytics('buff163', NOW))).toBe(
        JSON.stringify(a.marketOrderAnalytics('buff163', NOW)),
      );
      expect(JSON.stringify(b.priceRecommendations('general', undefined, NOW))).toBe(
        JSON.stringify(a.priceRecommendations('general', undefined, NOW)),
      );
    }
    expect(JSON.stringify(other.game(570).steamAnalytics(NOW))).toBe(
      JSON.stringify(market.game(570).steamAnalytics(NOW)),
    );
    const cs = market.game(730);
    const now = cs.minPrices(NOW).price.slice();
    // Another moment of the same epoch: its start, or one millisecond later when NOW is the start.
    const epochStart = NOW - (NOW % EPOCH_MS);
    const sameEpoch = cs.minPrices(epochStart === NOW ? NOW + 1 : epochStart).price;
    expect(sameBytes(sameEpoch, now)).toBe(true);
    const next = cs.minPrices(NOW + EPOCH_MS).price;
    let changed = 0;
    let listed = 0;
    for (let c = 0; c < now.length; c++) {
      if (now[c]! >= 0) listed++;
      if (now[c] !== next[c]) changed++;
    }
    expect(changed).toBeGreaterThan(listed * 0.05);
    const reseeded = createSimulatedMarket({ seed: SEED + 1 })
      .game(570)
      .minPrices(NOW).price;
    expect(sameBytes(reseeded, market.game(570).minPrices(NOW).price)).toBe(false);
  });

  it('an hourly history sample is what the snapshot showed at that moment', () => {
    // The Steam min price at the start of the previous hour is one of the samples of Steam's 24h minimum.
    const g = createSimulatedMarket({ seed: SEED }).game(570);
    const hourStart = Math.floor(NOW / 3_600_000) * 3_600_000 - 3_600_000;
    const then = g.minPrices(hourStart);
    const steam = then.markets.indexOf(STEAM_MARKET);
    const price = then.price.slice();
    const sr = g.steamAnalytics(NOW);
    const v = new Violations();
    sr.forEach((r, i) => {
      const p = price[i * then.markets.length + steam]!;
      if (p >= 0) v.check(r.listings.min_sell_order_price_24h <= p, () => `${r.market_hash_name}`);
    });
    v.assertNone();
  });
});

describe('served names', () => {
  // The published names plus two the catalog does not know, as a service started with --markets FILE serves.
  const custom = {
    minPrices: [...SERVED.minPrices, 'newmarket-x', 'another-one'],
    maxOrders: [...SERVED.maxOrders, 'newmarket-x'],
    marketOrderAnalytics: [...SERVED.marketOrderAnalytics, 'another-one'],
  };
  const col = (c: MinPriceColumns, slug: string): Int32Array => {
    const M = c.markets.length;
    const m = c.markets.indexOf(slug);
    expect(m, `${slug} is simulated`).toBeGreaterThanOrEqual(0);
    return Int32Array.from(c.names, (_, i) => c.price[i * M + m]!);
  };

  it.each([440, 570] as const)('game %i: names the catalog does not know get listings, bids and analytics', (id) => {
    const game = createSimulatedMarket({ seed: SEED, markets: custom }).game(id);
    const mp = game.minPrices(NOW);
    const mo = game.maxOrders(NOW);
    for (const slug of ['newmarket-x', 'another-one']) {
      const listed = col(mp, slug).filter((p) => p >= 10).length;
      expect(listed, `${slug} lists items of ${id}`).toBeGreaterThan(game.names.length * 0.1);
    }
    z.array(AggregatedMinPrices).parse(minPriceObjects(mp));
    // Buy orders where the name is served for max orders; order analytics where it is served for those.
    const k = mo.markets.indexOf('newmarket-x');
    expect(k).toBeGreaterThanOrEqual(0);
    const K = mo.markets.length;
    expect(game.names.filter((_, i) => mo.price[i * K + k]! > 0).length).toBeGreaterThan(0);
    const rows = game.marketOrderAnalytics('another-one', NOW);
    expect(rows.length).toBeGreaterThan(0);
    z.array(MarketOrderAnalytics).parse(rows);
    // Unknown names count as P2P markets.
    const someItem = game.names[0]!;
    expect(game.explainRecommendation(someItem, 'p2p', undefined, NOW).markets).toEqual(
      expect.arrayContaining(['newmarket-x', 'another-one']),
    );
  });

  it('same seed, same bytes; parameters come from the name; other markets are unchanged by extra names', () => {
    const a = createSimulatedMarket({ seed: SEED, markets: custom }).game(440).minPrices(NOW);
    const b = createSimulatedMarket({ seed: SEED, markets: custom }).game(440).minPrices(NOW);
    expect(sameBytes(col(a, 'newmarket-x'), col(b, 'newmarket-x'))).toBe(true);
    expect(sameBytes(col(a, 'newmarket-x'), col(a, 'another-one'))).toBe(false);
    const plain = market.game(440).minPrices(NOW);
    for (const slug of ['buff163', STEAM_MARKET, 'csgotm']) {
      if (plain.markets.includes(slug)) expect(sameBytes(col(a, slug), col(plain, slug)), slug).toBe(true);
    }
  });

  it('a service without Steam among its names still simulates Steam (prices refer to it) but lists only its names', () => {
    const only = { minPrices: ['newmarket-x'], maxOrders: [], marketOrderAnalytics: [] };
    const game = createSimulatedMarket({ seed: SEED, markets: only }).game(570);
    expect([...game.minPrices(NOW).markets]).toEqual([STEAM_MARKET, 'newmarket-x']);
    expect(game.explainRecommendation(game.names[0]!, 'general', undefined, NOW).markets).toEqual(['newmarket-x']);
    expect(game.steamAnalytics(NOW).length).toBe(game.names.length);
  });
});
