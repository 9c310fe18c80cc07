/**
 * Price recommendations: zod-valid, every UnstableReason fires for some item and exactly when its documented
 * rule (README.md) holds, inputs agree with the public snapshots, p2p uses only P2P markets, and only markets
 * served for min prices count (a market simulated for order analytics only does not).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSimulatedMarket, defaultServedMarkets, marketKind, STEAM_MARKET } from './index';
import { RULES } from './recommendations';
import { GAME_IDS, type GameId } from '../../../shared/catalog/games';
import { PriceRecommendation } from '../../../shared/api/types';
import { UNSTABLE_REASONS, type RecommendationType, type UnstableReason } from '../../../shared/api/schema';

// SIM_TEST_SEED / SIM_TEST_NOW re-run the same invariants at another seed or clock (defaults are fixed).
const NOW = Number(process.env.SIM_TEST_NOW ?? Date.UTC(2025, 5, 1, 13, 37, 12));
const SEED = Number(process.env.SIM_TEST_SEED ?? 1);
const market = createSimulatedMarket({ seed: SEED });
const SERVED_MIN = defaultServedMarkets().minPrices;
/** Served min-price markets of RecommendationType p2p (catalog kind p2p) and general (all but gambling). */
const P2P_MARKETS = SERVED_MIN.filter((s) => marketKind(s) === 'p2p');
const GENERAL_MARKETS = SERVED_MIN.filter((s) => marketKind(s) !== 'gambling');

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** The rules of README.md, restated from the explained inputs. */
function expectedReasons(
  x: ReturnType<ReturnType<typeof market.game>['explainRecommendation']>,
  pct: number,
): UnstableReason[] {
  const r: UnstableReason[] = [];
  const lowest = x.asks[0];
  const second = x.asks[1];
  if (x.totalSales < RULES.notPopularSales) r.push('NOT_POPULAR');
  if (x.bestBid === null) r.push('NO_ORDERS');
  if (lowest === undefined) r.push('NO_LISTINGS');
  if (x.totalSales > 0 && lowest !== undefined && Math.abs(pct) > RULES.listingsPricePct) r.push('LISTINGS_PRICE');
  if (lowest !== undefined && second !== undefined && second > lowest * (1 + RULES.bigListingsDiffPct / 100))
    r.push('BIG_LISTINGS_DIFFERENCE');
  if (x.totalSales < RULES.boostMaxSales && x.recentPeak >= RULES.boostSpikeRatio * x.refMedian30) r.push('BOOST_RISK');
  if (x.totalSales === 0) r.push('NO_THREE_MONTH_SALES');
  if (x.ageDays < RULES.historyDays) r.push('THREE_MONTH_SALES');
  return r;
}

describe('price recommendations', () => {
  const fired = new Set<UnstableReason>();
  const cases: [GameId, RecommendationType, string[] | undefined][] = [];
  for (const id of GAME_IDS) for (const t of ['general', 'p2p'] as const) cases.push([id, t, undefined]);
  cases.push([730, 'general', [STEAM_MARKET]], [730, 'general', ['buff163', 'csfloat', 'csgoempire']]);

  it.each(cases)('game %i, %s, markets %j: valid, rules hold, inputs match the snapshots', (id, type, filter) => {
    const game = market.game(id);
    const recs = game.priceRecommendations(type, filter, NOW);
    expect(recs.length).toBe(game.names.length);
    z.array(PriceRecommendation).parse(recs);
    const mp = game.minPrices(NOW);
    const mo = game.maxOrders(NOW);
    const M = mp.markets.length;
    const K = mo.markets.length;
    const allowed = (type === 'p2p' ? P2P_MARKETS : GENERAL_MARKETS).filter(
      (s) => filter === undefined || filter.includes(s),
    );
    const cols = mp.markets.map((s, m) => (allowed.includes(s) ? m : -1)).filter((m) => m >= 0);
    const orderCols = mo.markets.map((s, k) => (allowed.includes(s) ? k : -1)).filter((k) => k >= 0);
    const steam = id === 730 || id === 570 ? game.steamAnalytics(NOW) : null;
    const bad: string[] = [];
    const step = id === 730 ? 3 : 1;
    for (let i = 0; i < recs.length; i += step) {
      const r = recs[i]!;
      const name = r.market_hash_name;
      const x = game.explainRecommendation(name, type, filter, NOW);
      const fail = (what: string): void => {
        if (bad.length < 5) bad.push(`${name}: ${what} ${JSON.stringify({ r, x })}`);
      };
      for (const reason of r.unstable_reasons) fired.add(reason);
      // The considered markets: by type, within the game, then the filter.
      if (!x.markets.every((s) => allowed.includes(s))) fail('markets outside the allowed set');
      // Asks, bids and sales agree with the public answers.
      const asks = cols
        .map((m) => mp.price[i * M + m]!)
        .filter((p) => p >= 0)
        .sort((a, b) => a - b);
      if (JSON.stringify(asks) !== JSON.stringify(x.asks)) fail('asks differ from min prices');
      const bids = orderCols.map((k) => mo.price[i * K + k]!).filter((p) => p >= 0);
      if ((bids.length ? Math.max(...bids) : null) !== x.bestBid) fail('best bid differs from max orders');
      if (r.total_sales !== x.totalSales) fail('total_sales');
      const steamAt = x.markets.indexOf(STEAM_MARKET);
      if (steam && steamAt >= 0 && x.salesByMarket[steamAt] !== steam[i]!.sales.last_90d)
        fail('steam sales differ from steam analytics');
      // Money fields are consistent with each other, and never null (README "Recommendation rules").
      const lowest = x.asks[0] ?? null;
      const current = lowest ?? x.bestBid ?? r.suggested_price;
      if (r.price_difference !== current - r.suggested_price) fail('price_difference');
      if (r.price_change_percentage !== round2((r.price_difference / r.suggested_price) * 100))
        fail('price_change_percentage');
      if (!Number.isInteger(r.suggested_price) || r.suggested_price < 1) fail('suggested_price');
      if (
        x.totalSales === 0 &&
        r.suggested_price !==
          (lowest ?? x.bestBid ?? Math.max(1, Math.round(Number.isFinite(x.refMedian30) ? x.refMedian30 : x.refNow)))
      ) {
        fail('suggested price without sales');
      }
      // Every reason fires exactly when its rule holds.
      if (JSON.stringify(r.unstable_reasons) !== JSON.stringify(expectedReasons(x, r.price_change_percentage)))
        fail('reasons');
      if (!Number.isInteger(r.liquidity_score) || r.liquidity_score < 0 || r.liquidity_score > 10000) fail('liquidity');
    }
    expect(bad).toEqual([]);
  });

  it('every UnstableReason fires for some item', () => {
    expect([...fired].sort()).toEqual([...UNSTABLE_REASONS].sort());
  });

  it('p2p ignores Steam: an item listed only on Steam has no p2p listings', () => {
    const game = market.game(730);
    const mp = game.minPrices(NOW);
    const M = mp.markets.length;
    const steam = mp.markets.indexOf(STEAM_MARKET);
    const p2pCols = mp.markets.map((s, m) => (P2P_MARKETS.includes(s) ? m : -1)).filter((m) => m >= 0);
    const general = game.priceRecommendations('general', undefined, NOW);
    const p2p = game.priceRecommendations('p2p', undefined, NOW);
    let seen = 0;
    for (let i = 0; i < game.names.length; i++) {
      if (mp.price[i * M + steam]! < 0 || p2pCols.some((m) => mp.price[i * M + m]! >= 0)) continue;
      const otherNonP2P = mp.markets.some(
        (s, m) => !P2P_MARKETS.includes(s) && s !== STEAM_MARKET && mp.price[i * M + m]! >= 0,
      );
      if (otherNonP2P) continue;
      seen++;
      expect(p2p[i]!.unstable_reasons).toContain('NO_LISTINGS');
      expect(general[i]!.unstable_reasons).not.toContain('NO_LISTINGS');
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('liquidity follows volume: busy items score higher than idle ones', () => {
    const recs = market.game(730).priceRecommendations('general', undefined, NOW);
    const busy = recs.filter((r) => r.total_sales > 50_000);
    const idle = recs.filter((r) => r.total_sales === 0);
    expect(busy.length).toBeGreaterThan(0);
    expect(idle.length).toBeGreaterThan(0);
    expect(Math.min(...busy.map((r) => r.liquidity_score))).toBeGreaterThan(
      Math.max(...idle.map((r) => r.liquidity_score)),
    );
  });
});
