/**
 * The test options for Market Desk's trust signals: --freeze-market (a market whose quotes stand still)
 * and --plant-outliers (items with one far-off ask), in the simulated market, the CLI and the admin list.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseCli } from '../src/server/cli-options';
import { createSimulatedMarket, EPOCH_MS } from '../src/sim/index';
import { startService } from '../src/index';
import type { RunningService } from '../src/server/start';
import { raw } from './helpers/http';
import { FIXED_NOW } from './helpers/service';

const SLICE = { every: 40 };
const market = createSimulatedMarket({ seed: 1, catalogSlice: SLICE, freezeMarkets: ['csfloat'], plantOutliers: 12 });
const plain = createSimulatedMarket({ seed: 1, catalogSlice: SLICE });

function column(cols: { markets: readonly string[]; price: Int32Array }, slug: string): number[] {
  const M = cols.markets.length;
  const m = cols.markets.indexOf(slug);
  return Array.from({ length: cols.price.length / M }, (_, i) => cols.price[i * M + m]!);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2;
}

describe('--freeze-market', () => {
  it("the frozen market's asks and item count stand still over hours while the other markets' move", () => {
    const g = market.game(730);
    const first = column(g.minPrices(FIXED_NOW), 'csfloat');
    const later = column(g.minPrices(FIXED_NOW + 36 * EPOCH_MS), 'csfloat');
    expect(later).toEqual(first);
    expect(first.filter((p) => p >= 0).length).toBeGreaterThan(100);
    const other0 = column(g.minPrices(FIXED_NOW), 'skinport');
    const other1 = column(g.minPrices(FIXED_NOW + 72 * EPOCH_MS), 'skinport');
    const moved = other0.filter((p, i) => p >= 0 && other1[i]! >= 0 && p !== other1[i]).length;
    expect(moved).toBeGreaterThan(other0.filter((p) => p >= 0).length / 4);
    // Without the option the same market moves too.
    const p0 = column(plain.game(730).minPrices(FIXED_NOW), 'csfloat');
    const p1 = column(plain.game(730).minPrices(FIXED_NOW + 72 * EPOCH_MS), 'csfloat');
    expect(p1).not.toEqual(p0);
  });
});

describe('--plant-outliers', () => {
  it('plants N items, the same for the same seed, each with one ask at 4x or 0.25x the median of its other asks, at every snapshot', () => {
    const list = market.plantedOutliers(730);
    expect(list).toHaveLength(12);
    expect(
      createSimulatedMarket({
        seed: 1,
        catalogSlice: SLICE,
        freezeMarkets: ['csfloat'],
        plantOutliers: 12,
      }).plantedOutliers(730),
    ).toEqual(list);
    expect(new Set(list.map((o) => o.factor))).toEqual(new Set([4, 0.25]));
    expect(list.every((o) => o.market !== 'csfloat')).toBe(true);
    const g = market.game(730);
    for (const t of [FIXED_NOW + 100 * EPOCH_MS, FIXED_NOW + 200 * EPOCH_MS]) {
      const cols = g.minPrices(t);
      const M = cols.markets.length;
      for (const o of list) {
        const i = g.indexOf(o.item);
        const m = cols.markets.indexOf(o.market);
        const others = cols.markets.flatMap((_, k) =>
          k !== m && cols.price[i * M + k]! >= 0 ? [cols.price[i * M + k]!] : [],
        );
        expect(cols.price[i * M + m]).toBe(Math.max(1, Math.round(median(others) * o.factor)));
        expect(cols.offers[i * M + m]).toBeGreaterThan(0);
        expect(cols.priceLocked[i * M + m]).toBe(-1);
      }
    }
    expect(plain.plantedOutliers(730)).toEqual([]);
  });
});

describe('the CLI flags', () => {
  it('parses --freeze-market (repeatable, a served name) and --plant-outliers N', () => {
    const c = parseCli(['--freeze-market', 'csfloat', '--freeze-market', 'buff163', '--plant-outliers', '20']);
    expect([c.freezeMarkets, c.plantOutliers]).toEqual([['csfloat', 'buff163'], 20]);
    expect([parseCli([]).freezeMarkets, parseCli([]).plantOutliers]).toEqual([[], 0]);
    expect(() => parseCli(['--freeze-market', 'nosuch'])).toThrow(
      /--freeze-market: "nosuch" is not a served min-price market name/,
    );
    expect(() => parseCli(['--plant-outliers', '1.5'])).toThrow(/--plant-outliers: expected an integer/);
  });
});

describe('GET /__admin/outliers/<game id>', () => {
  const services: RunningService[] = [];
  afterAll(async () => {
    for (const s of services) await s.close();
  });

  it('lists the planted outliers with --admin; 404 for an unknown game and without --admin', async () => {
    const svc = await startService({ quiet: true, clock: () => FIXED_NOW, admin: true, market });
    services.push(svc);
    const host = { host: `127.0.0.1:${svc.port}` };
    const r = await raw(svc.url, '/__admin/outliers/730', { method: 'GET', headers: host });
    if ('error' in r) throw new Error(r.error);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual(market.plantedOutliers(730));
    const unknown = await raw(svc.url, '/__admin/outliers/999', { method: 'GET', headers: host });
    expect('status' in unknown && unknown.status).toBe(404);
    const off = await startService({ quiet: true, clock: () => FIXED_NOW, market });
    services.push(off);
    const r2 = await raw(off.url, '/__admin/outliers/730', {
      method: 'GET',
      headers: { host: `127.0.0.1:${off.port}` },
    });
    expect('status' in r2 && r2.status).toBe(404);
  });

  it('startService passes the options to the market it creates', async () => {
    const svc = await startService({
      quiet: true,
      clock: () => FIXED_NOW,
      admin: true,
      catalogSlice: SLICE,
      plantOutliers: 3,
    });
    services.push(svc);
    const r = await raw(svc.url, '/__admin/outliers/730', {
      method: 'GET',
      headers: { host: `127.0.0.1:${svc.port}` },
    });
    if ('error' in r) throw new Error(r.error);
    expect(JSON.parse(r.text)).toHaveLength(3);
  });
});
