/**
 * Two ways a real service refuses requests of good names, as options of the reference service: a limit on
 * how many names one request may carry (`maxMarketsPerRequest`, `--max-markets-per-request N`: a longer
 * list is a 400 that names no market), and transient 400s (`badRequestFirst` / `badRequestEvery`
 * faults, `--bad-request-first K` / `--bad-request-every N`) on requests that name markets, in both error
 * styles: 'named' names the first market of the request as unknown, 'opaque' says only "Bad Request".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REST_PATHS } from '../../shared/api/schema';
import { publishedMarkets } from '../../shared/catalog/markets';
import { startService } from '../src/index';
import { parseCli } from '../src/server/cli-options';
import type { RunningService } from '../src/server/start';
import { createToken, gql, rest } from './helpers/http';
import { FIXED_NOW } from './helpers/service';

const ASKS = publishedMarkets().minPrices;
const BIDS = publishedMarkets().maxOrders;

let named: RunningService;
let opaque: RunningService;
const tokens = new Map<RunningService, string>();
const tok = (s: RunningService): string => tokens.get(s)!;

beforeAll(async () => {
  named = await startService({
    quiet: true,
    clock: () => FIXED_NOW,
    maxMarketsPerRequest: 3,
    catalogSlice: { every: 50 },
  });
  opaque = await startService({
    quiet: true,
    clock: () => FIXED_NOW,
    maxMarketsPerRequest: 3,
    errorStyle: 'opaque',
    catalogSlice: { every: 50 },
  });
  for (const s of [named, opaque]) tokens.set(s, await createToken(s.url));
});
afterAll(async () => {
  await Promise.all([named, opaque].map((s) => s?.close()));
});

describe('a limit on the names of one request', () => {
  it('named style: a list one longer than the limit is refused without naming a market; the limit itself is taken', async () => {
    const r = await rest(named.url, REST_PATHS.minPrices, tok(named), { game_id: 570, markets: ASKS.slice(0, 4) });
    expect(r.status).toBe(400);
    expect(r.text).toBe(
      JSON.stringify({
        error: { code: 'BAD_REQUEST', message: 'markets may name at most 3 marketplaces; got 4.', argument: 'markets' },
      }),
    );
    for (const m of ASKS.slice(0, 4)) expect(r.text).not.toContain(`"${m}"`);
    expect(
      (await rest(named.url, REST_PATHS.minPrices, tok(named), { game_id: 570, markets: ASKS.slice(0, 3) })).status,
    ).toBe(200);
    expect(
      (await rest(named.url, REST_PATHS.maxOrders, tok(named), { game_id: 570, markets: BIDS.slice(0, 3) })).status,
    ).toBe(200);
    const g = await gql(
      named.url,
      tok(named),
      `{ aggregatedMinPrices(markets: ${JSON.stringify(ASKS.slice(0, 4))}) { market_hash_name } }`,
    );
    expect(g.status).toBe(400);
    expect(g.text).toContain('markets may name at most 3 marketplaces; got 4.');
    const recs = await rest(named.url, REST_PATHS.priceRecommendations, tok(named), {
      game_id: 570,
      markets: ASKS.slice(0, 4),
    });
    expect(recs.status).toBe(400);
  });
  it('opaque style: "Bad Request"', async () => {
    const r = await rest(opaque.url, REST_PATHS.minPrices, tok(opaque), { game_id: 570, markets: ASKS.slice(0, 4) });
    expect([r.status, r.text]).toEqual([400, 'Bad Request']);
    expect(
      (await rest(opaque.url, REST_PATHS.minPrices, tok(opaque), { game_id: 570, markets: ASKS.slice(0, 3) })).status,
    ).toBe(200);
  });
  it('a bad limit is refused when the service is created', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      await expect(startService({ quiet: true, maxMarketsPerRequest: bad })).rejects.toThrow(/maxMarketsPerRequest/);
  });
});

describe('transient 400s on requests that name markets', () => {
  const ask = (s: RunningService, markets: readonly string[]) =>
    rest(s.url, REST_PATHS.minPrices, tok(s), { game_id: 570, markets });
  it('the first K: named style names the first market asked as unknown; then the same request passes', async () => {
    named.setFaults({ badRequestFirst: 2 });
    try {
      const first = await ask(named, ASKS.slice(1, 3));
      expect(first.status).toBe(400);
      expect(first.text).toBe(
        JSON.stringify({
          error: { code: 'BAD_REQUEST', message: `unknown market: ${ASKS[1]}`, argument: 'markets', value: ASKS[1] },
        }),
      );
      // Requests that name no market are not counted, and pass.
      expect((await rest(named.url, REST_PATHS.steamAnalytics, tok(named), { game_id: 570 })).status).toBe(200);
      expect((await ask(named, ASKS.slice(1, 3))).status).toBe(400);
      expect((await ask(named, ASKS.slice(1, 3))).status).toBe(200);
      expect((await ask(named, ASKS.slice(1, 3))).status).toBe(200);
    } finally {
      named.setFaults({ badRequestFirst: 0 });
    }
  });
  it('every N-th, GraphQL too; opaque style says only "Bad Request"', async () => {
    opaque.setFaults({ badRequestEvery: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r =
          i % 2
            ? await gql(
                opaque.url,
                tok(opaque),
                `{ aggregatedMaxOrders(markets: ${JSON.stringify(BIDS.slice(0, 1))}) { market_hash_name } }`,
              )
            : await ask(opaque, ASKS.slice(0, 1));
        statuses.push(r.status);
        if (r.status === 400) expect(r.text).toMatch(/^(Bad Request|\{"errors":\[\{"message":"Bad Request"\}\]\})$/);
      }
      expect(statuses).toEqual([200, 200, 400, 200, 200, 400]);
    } finally {
      opaque.setFaults({ badRequestEvery: 0 });
    }
  });
  it('flags: --max-markets-per-request, --bad-request-first, --bad-request-every', () => {
    const c = parseCli(['--max-markets-per-request', '10', '--bad-request-first', '2', '--bad-request-every', '5']);
    expect(c.maxMarketsPerRequest).toBe(10);
    expect(c.faults).toMatchObject({ badRequestFirst: 2, badRequestEvery: 5 });
    expect(parseCli([]).maxMarketsPerRequest).toBeUndefined();
    expect(() => parseCli(['--max-markets-per-request', '0'])).toThrow(/--max-markets-per-request/);
    expect(() => parseCli(['--bad-request-every', '1.5'])).toThrow(/fault flags/);
  });
});
