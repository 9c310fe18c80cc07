/**
 * The test option that plants trade routes for Market Desk's scanner (--plant-routes): the simulated
 * market, the CLI flag and the admin list.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SCHEDULE } from '../../shared/catalog/fee-schedule';
import { PUBLISHED_MAX_ORDER_MARKETS } from '../../shared/catalog/markets';
import { parseCli } from '../src/server/cli-options';
import { createSimulatedMarket, EPOCH_MS } from '../src/sim/index';
import { BEST_BID_MARGIN, ROUTE_ASK_FACTOR } from '../src/sim/route-plants';
import type { Snapshot } from '../src/sim/snapshot';
import { startService } from '../src/index';
import type { RunningService } from '../src/server/start';
import { raw } from './helpers/http';
import { FIXED_NOW } from './helpers/service';

const SLICE = { every: 40 };
const market = createSimulatedMarket({ seed: 1, catalogSlice: SLICE, plantRoutes: 4 });

function quote(snap: Snapshot, item: string, buyMarket: string, sellMarket: string): { ask: number; bid: number } {
  const i = snap.minPrices.names.indexOf(item);
  const M = snap.minPrices.markets.length;
  const K = snap.maxOrders.markets.length;
  return {
    ask: snap.minPrices.price[i * M + snap.minPrices.markets.indexOf(buyMarket)]!,
    bid: snap.maxOrders.price[i * K + snap.maxOrders.markets.indexOf(sellMarket)]!,
  };
}

describe('--plant-routes', () => {
  const routes = market.plantedRoutes(730);
  const game = market.game(730) as unknown as { snapshot(now: number): Snapshot };

  it('plants N routes from a market with a published percent fee to a served buy-order market with a published fee, the same for the same seed', () => {
    expect(routes).toHaveLength(4);
    for (const r of routes) {
      expect(r.buyMarket).not.toBe(r.sellMarket);
      expect(DEFAULT_FEE_SCHEDULE[r.sellMarket]?.seller).not.toBeNull();
      // Only a served buy-order market's orders reach a client.
      expect(PUBLISHED_MAX_ORDER_MARKETS).toContain(r.sellMarket);
      expect(DEFAULT_FEE_SCHEDULE[r.buyMarket]?.seller?.kind).toBe('percent');
    }
    expect(routes.map((r) => r.blinks)).toEqual([false, false, false, true]);
    expect(createSimulatedMarket({ seed: 1, catalogSlice: SLICE, plantRoutes: 4 }).plantedRoutes(730)).toEqual(routes);
    expect(createSimulatedMarket({ seed: 1, catalogSlice: SLICE }).plantedRoutes(730)).toEqual([]);
  });

  it("asks at half the other market's buy order at every epoch; the last one only at odd epochs", () => {
    for (let k = 0; k < 4; k++) {
      const snap = game.snapshot(FIXED_NOW + k * EPOCH_MS);
      for (const r of routes) {
        const q = quote(snap, r.item, r.buyMarket, r.sellMarket);
        expect(q.bid).toBeGreaterThan(0);
        // The item's best buy order, by the margin.
        const i = snap.maxOrders.names.indexOf(r.item);
        const K = snap.maxOrders.markets.length;
        const others = Array.from({ length: K }, (_, k) => snap.maxOrders.price[i * K + k]!).filter(
          (v, k) => snap.maxOrders.markets[k] !== r.sellMarket && v > 0,
        );
        if (others.length) expect(q.bid).toBe(Math.round(Math.max(...others) * BEST_BID_MARGIN));
        const there = !r.blinks || snap.epoch % 2 === 1;
        expect(q.ask).toBe(Math.max(1, Math.round(q.bid * (there ? ROUTE_ASK_FACTOR : 1 / ROUTE_ASK_FACTOR))));
      }
    }
  });

  it('leads every other item by net profit: no other item has a gross spread as large as a planted net', () => {
    // A fee takes at most this share of a sale here (Steam's 5 % + 10 % game fee is the dearest published).
    const MAX_SELLER_SHARE = 0.2;
    const snap = game.snapshot(FIXED_NOW + EPOCH_MS);
    const { markets: askMarkets, names, price } = snap.minPrices;
    const { markets: bidMarkets, price: bid } = snap.maxOrders;
    const M = askMarkets.length;
    const K = bidMarkets.length;
    const planted = routes.filter((r) => !r.blinks || snap.epoch % 2 === 1);
    const least = Math.min(
      ...planted.map((r) => {
        const q = quote(snap, r.item, r.buyMarket, r.sellMarket);
        return q.bid * (1 - MAX_SELLER_SHARE) - q.ask;
      }),
    );
    let otherBest = 0;
    for (let i = 0; i < names.length; i++) {
      if (routes.some((r) => r.item === names[i])) continue;
      for (let k = 0; k < K; k++) {
        const b = bid[i * K + k]!;
        if (!(b > 0)) continue;
        for (let m = 0; m < M; m++) {
          const a = price[i * M + m]!;
          if (a > 0 && askMarkets[m] !== bidMarkets[k]) otherBest = Math.max(otherBest, b - a);
        }
      }
    }
    expect(least).toBeGreaterThan(otherBest);
  });
});

describe('--plant-routes on the CLI and GET /__admin/routes/<game id>', () => {
  const services: RunningService[] = [];
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  it('parses the flag', () => {
    expect(parseCli(['--plant-routes', '5']).plantRoutes).toBe(5);
    expect(parseCli([]).plantRoutes).toBe(0);
    expect(() => parseCli(['--plant-routes', '1.5'])).toThrow(/--plant-routes: expected an integer/);
  });

  it('lists the planted routes with --admin, from the options startService passes on', async () => {
    const svc = await startService({
      quiet: true,
      clock: () => FIXED_NOW,
      admin: true,
      catalogSlice: SLICE,
      plantRoutes: 4,
    });
    services.push(svc);
    const r = await raw(svc.url, '/__admin/routes/730', { method: 'GET', headers: { host: `127.0.0.1:${svc.port}` } });
    if ('error' in r) throw new Error(r.error);
    expect(r.status).toBe(200);
    const listed = JSON.parse(r.text) as Array<{
      item: string;
      buyMarket: string;
      sellMarket: string;
      ask: number;
      bid: number;
    }>;
    expect(listed).toEqual(market.plantedRoutes(730, FIXED_NOW));
    // With each route's prices at the service's clock, as a client reads them.
    const snap = (market.game(730) as unknown as { snapshot(now: number): Snapshot }).snapshot(FIXED_NOW);
    for (const l of listed) expect({ ask: l.ask, bid: l.bid }).toEqual(quote(snap, l.item, l.buyMarket, l.sellMarket));
  });
});
