/**
 * Spec-faithful by default, dirty only on request: over whole catalogs of every game, no field the spec does
 * not mark nullable is null (only price_locked may be, 2.3), and every answer passes the spec's schemas.
 * With the `dirtyDataRate` fault, exactly the items dirty.ts picks are spoiled, the way it says, the same on
 * GraphQL and REST, and every other item is byte for byte what the clean answer has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GRAPHQL_PATH, REST_PATHS } from '../../shared/api/schema';
import {
  AggregatedMaxOrders,
  AggregatedMinPrices,
  MarketOrderAnalytics,
  PriceRecommendation,
  SteamAnalytics,
} from '../../shared/api/types';
import {
  AGGREGATED_GAMES,
  MARKET_ORDER_ANALYTICS_GAMES,
  PRICE_RECOMMENDATION_GAMES,
  STEAM_ANALYTICS_GAMES,
} from '../../shared/catalog/games';
import {
  dirtyKind,
  UNKNOWN_MARKET,
  UNKNOWN_REASON,
  type DirtyKind,
  type DirtyOperation,
  type DirtySpec,
} from '../src/server/dirty';
import { NO_FAULTS } from '../src/server/faults';
import type { RunningService } from '../src/server/start';
import { request } from 'node:http';
import { createToken } from './helpers/http';
import { FULL } from './helpers/queries';
import {
  MARKET_ORDER_ANALYTICS_MARKETS,
  MAX_ORDER_MARKETS,
  MIN_PRICE_MARKETS,
  slicedMarket,
  startTestService,
} from './helpers/service';

let svc: RunningService;
let token: string;
beforeAll(async () => {
  svc = await startTestService({ admin: true, market: slicedMarket() });
  token = await createToken(svc.url);
});
afterAll(async () => {
  await svc.close();
});

/** Paths of every null in `v` except price_locked (the one nullable field of the spec). */
function nullsOutsidePriceLocked(v: unknown, path = '$', out: string[] = []): string[] {
  if (v === null) {
    if (!path.endsWith('.price_locked')) out.push(path);
  } else if (Array.isArray(v)) {
    v.forEach((x, i) => nullsOutsidePriceLocked(x, `${path}[${i}]`, out));
  } else if (typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) nullsOutsidePriceLocked(x, `${path}.${k}`, out);
  }
  return out;
}

/**
 * A POST on a connection of its own: these tests spend seconds walking each whole-catalog answer, and a
 * kept-alive socket can be closed by the server's idle timer just as the next request goes out on it.
 */
function call(path: string, body: unknown): Promise<{ status: number; text: string; json: () => unknown }> {
  const u = new URL(svc.url + path);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'api-token': token },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text) as unknown });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function restJson(path: string, body: unknown): Promise<{ text: string; data: unknown[] }> {
  const r = await call(path, body);
  expect(r.status, r.text.slice(0, 300)).toBe(200);
  return { text: r.text, data: r.json() as unknown[] };
}

describe('by default the answers are what the spec says', () => {
  const cases: [string, string, Record<string, unknown>, z.ZodType][] = [];
  for (const g of AGGREGATED_GAMES) {
    cases.push([
      `min prices ${g}`,
      REST_PATHS.minPrices,
      { game_id: g, markets: MIN_PRICE_MARKETS },
      AggregatedMinPrices,
    ]);
    cases.push([
      `max orders ${g}`,
      REST_PATHS.maxOrders,
      { game_id: g, markets: MAX_ORDER_MARKETS },
      AggregatedMaxOrders,
    ]);
  }
  for (const g of STEAM_ANALYTICS_GAMES)
    cases.push([`steam analytics ${g}`, REST_PATHS.steamAnalytics, { game_id: g }, SteamAnalytics]);
  for (const g of MARKET_ORDER_ANALYTICS_GAMES) {
    for (const m of MARKET_ORDER_ANALYTICS_MARKETS) {
      cases.push([
        `market order analytics ${g} ${m}`,
        REST_PATHS.marketOrderAnalytics,
        { game_id: g, market_name: m },
        MarketOrderAnalytics,
      ]);
    }
  }
  for (const g of PRICE_RECOMMENDATION_GAMES) {
    for (const type of ['general', 'p2p']) {
      cases.push([
        `recommendations ${g} ${type}`,
        REST_PATHS.priceRecommendations,
        { game_id: g, type },
        PriceRecommendation,
      ]);
    }
  }

  it.each(cases)('%s: no null outside price_locked, spec schema holds', async (_label, path, body, schema) => {
    const { data } = await restJson(path, body);
    expect(nullsOutsidePriceLocked(data).slice(0, 5)).toEqual([]);
    z.array(schema).parse(data);
  });
});

describe('dirtyDataRate', () => {
  const spec: DirtySpec = { rate: 0.08, seed: 7 };

  /** Items of a clean and a dirty answer side by side, by position (the dirty answer keeps every element). */
  async function both(
    path: string,
    body: unknown,
  ): Promise<{ clean: unknown[]; dirty: unknown[]; cleanText: string; dirtyText: string }> {
    svc.setFaults({ ...NO_FAULTS });
    const c = await restJson(path, body);
    svc.setFaults({ dirtyDataRate: spec.rate, seed: spec.seed });
    try {
      const d = await restJson(path, body);
      return { clean: c.data, dirty: d.data, cleanText: c.text, dirtyText: d.text };
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  }

  /** Every element: clean ones unchanged, dirty ones as their kind says. Returns the kinds seen. */
  function checkItems(
    op: DirtyOperation,
    clean: unknown[],
    dirty: unknown[],
    check: (kind: DirtyKind, c: Record<string, unknown>, d: Record<string, unknown>) => void,
  ): Map<DirtyKind, number> {
    expect(dirty.length).toBe(clean.length);
    const seen = new Map<DirtyKind, number>();
    clean.forEach((c, i) => {
      const item = c as Record<string, unknown>;
      const kind = dirtyKind(spec, op, item.market_hash_name as string);
      const d = dirty[i];
      if (kind === null) {
        expect(d).toEqual(c);
        return;
      }
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
      if (kind === 'drop') {
        // Not an object, or a market_hash_name that is not text.
        const name = typeof d === 'object' && d !== null ? (d as Record<string, unknown>).market_hash_name : undefined;
        expect(typeof name).not.toBe('string');
        return;
      }
      expect((d as Record<string, unknown>).market_hash_name).toBe(item.market_hash_name);
      check(kind, item, d as Record<string, unknown>);
    });
    return seen;
  }

  it('min prices (TF2, REST): the picked items are spoiled, the rest unchanged; the share is about the rate', async () => {
    const { clean, dirty } = await both(REST_PATHS.minPrices, { game_id: 440, markets: MIN_PRICE_MARKETS });
    const seen = checkItems('minPrices', clean, dirty, (kind, c, d) => {
      const cp = c.prices as Record<string, unknown>[];
      const dp = d.prices;
      if (kind === 'null') {
        if (cp.length === 0) expect(dp).toBeNull();
        else expect((dp as Record<string, unknown>[])[0]!.price).toBeNull();
      } else if (kind === 'invalid') {
        if (cp.length === 0) expect(dp).toEqual({});
        else expect(typeof (dp as Record<string, unknown>[])[0]!.price).toBe('string');
      } else {
        expect((dp as Record<string, unknown>[]).at(-1)!.market_name).toBe(UNKNOWN_MARKET);
        expect((dp as unknown[]).length).toBe(cp.length + 1);
      }
    });
    const total = [...seen.values()].reduce((a, b) => a + b, 0);
    expect(total / clean.length).toBeGreaterThan(0.05);
    expect(total / clean.length).toBeLessThan(0.11);
    for (const k of ['drop', 'null', 'invalid', 'unknown'] as const) expect(seen.get(k), k).toBeGreaterThan(0);
  });

  it('recommendations and Steam analytics: nulls, wrong types, an unknown UnstableReason', async () => {
    const recs = await both(REST_PATHS.priceRecommendations, { game_id: 570 });
    const seenRecs = checkItems('priceRecommendations', recs.clean, recs.dirty, (kind, _c, d) => {
      if (kind === 'null')
        expect([d.suggested_price, d.price_difference, d.price_change_percentage]).toEqual([null, null, null]);
      else if (kind === 'invalid') expect(typeof d.total_sales).toBe('string');
      else expect(d.unstable_reasons).toContain(UNKNOWN_REASON);
    });
    expect(seenRecs.get('unknown')).toBeGreaterThan(0);
    const steam = await both(REST_PATHS.steamAnalytics, { game_id: 570 });
    const seenSteam = checkItems('steamAnalytics', steam.clean, steam.dirty, (kind, _c, d) => {
      const sales = d.sales as Record<string, unknown>;
      if (kind === 'null') expect([sales.median_price_90d, sales.average_price_90d]).toEqual([null, null]);
      else expect(sales.avg_daily_volume).toBe('n/a');
      expect(d.game_id).toBe(570);
    });
    expect(seenSteam.has('unknown')).toBe(false);
    expect(seenSteam.get('null')).toBeGreaterThan(0);
  });

  it('is the same on GraphQL and REST, on every request', async () => {
    svc.setFaults({ dirtyDataRate: spec.rate, seed: spec.seed });
    try {
      const q = `{ aggregatedMaxOrders(markets: ${JSON.stringify(MAX_ORDER_MARKETS)}) { ${FULL.maxOrders} } }`;
      const g = await call(GRAPHQL_PATH, { query: q });
      const r = await restJson(REST_PATHS.maxOrders, { game_id: 730, markets: MAX_ORDER_MARKETS });
      expect(g.status).toBe(200);
      expect(g.text).toBe(`{"data":{"aggregatedMaxOrders":${r.text}}}`);
      const again = await restJson(REST_PATHS.maxOrders, { game_id: 730, markets: MAX_ORDER_MARKETS });
      expect(again.text).toBe(r.text);
      // The rows a client must drop: exactly the items dirty.ts marks `drop`.
      const unusable = r.data.filter(
        (el) =>
          typeof el !== 'object' || el === null || typeof (el as Record<string, unknown>).market_hash_name !== 'string',
      ).length;
      svc.setFaults({ ...NO_FAULTS });
      const clean = (await restJson(REST_PATHS.maxOrders, { game_id: 730, markets: MAX_ORDER_MARKETS })).data as {
        market_hash_name: string;
      }[];
      const expected = clean.filter((it) => dirtyKind(spec, 'maxOrders', it.market_hash_name) === 'drop').length;
      expect(unusable).toBe(expected);
      expect(expected).toBeGreaterThan(100);
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('a GraphQL selection shows only what it selects; aliases and __typename still work', async () => {
    svc.setFaults({ dirtyDataRate: 1, seed: spec.seed });
    try {
      const g = await call(GRAPHQL_PATH, {
        query: '{ getPriceRecommendations(game_id: 440) { __typename n: market_hash_name } }',
      });
      expect(g.status).toBe(200);
      const rows = (g.json() as { data: { getPriceRecommendations: unknown[] } }).data.getPriceRecommendations;
      expect(
        rows.some(
          (x) =>
            typeof x === 'object' && x !== null && (x as Record<string, unknown>).__typename === 'PriceRecommendation',
        ),
      ).toBe(true);
      expect(rows.some((x) => typeof x === 'string' || (x as Record<string, unknown>).n === null)).toBe(true);
    } finally {
      svc.setFaults({ ...NO_FAULTS });
    }
  });

  it('is set like the other faults: admin endpoint (validated), and off again with NO_FAULTS', async () => {
    const r = await call('/__admin/faults', { dirtyDataRate: 0.5 });
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ dirtyDataRate: 0.5 });
    expect((await call('/__admin/faults', { dirtyDataRate: 1.5 })).status).toBe(400);
    expect((await call('/__admin/faults', { dirtyDataRate: 0 })).json()).toMatchObject({ dirtyDataRate: 0 });
    const { data } = await restJson(REST_PATHS.priceRecommendations, { game_id: 440 });
    z.array(PriceRecommendation).parse(data);
  });
});
