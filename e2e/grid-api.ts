/**
 * What the grid specs share of the service: the test's own REST calls (a token straight from the service,
 * never through the web host) and the prices the grid must show, as the API answers them.
 */
import { REST_PATHS } from '../shared/api/schema';
import type { AggregatedMaxOrders, AggregatedMinPrices } from '../shared/api/types';
import { formatMoney } from '../shared/money/money';
import { expect } from './fixtures';
import { apiToken } from './grid-page';
import { shownAskMarkets, shownBidMarkets } from './served-markets';
import type { TestService } from './separate-service';

/** The grid's pinned and summary columns: star, item, best ask, best bid, spread, spread %, markets, 24 h sparkline, trust. */
export const PINNED_AND_SUMMARY = 9;

// ---- Direct API access (the test's own token from the demo key) ------------------------------------

export async function rest<T>(serviceUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${serviceUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-token': token },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

export interface Api {
  min: Map<string, AggregatedMinPrices>;
  max: Map<string, AggregatedMaxOrders>;
  names: string[];
  /** The ask / bid markets the app shows: its default lists less what the service refuses (in list order). */
  ask: string[];
  bid: string[];
}

/** The service's answer for the markets it serves of the app's lists (the app leaves refused names out). */
export async function apiPrices(service: Pick<TestService, 'url' | 'demoKey' | 'markets'>, game = 730): Promise<Api> {
  const token = await apiToken(service.url, service.demoKey);
  const ask = shownAskMarkets(service.markets, game);
  const bid = shownBidMarkets(service.markets, game);
  const min = await rest<AggregatedMinPrices[]>(service.url, token, REST_PATHS.minPrices, {
    game_id: game,
    markets: ask,
  });
  const max = await rest<AggregatedMaxOrders[]>(service.url, token, REST_PATHS.maxOrders, {
    game_id: game,
    markets: bid,
  });
  return {
    min: new Map(min.map((i) => [i.market_hash_name, i])),
    max: new Map(max.map((i) => [i.market_hash_name, i])),
    names: min.map((i) => i.market_hash_name),
    ask,
    bid,
  };
}

export const money = (v: number) => formatMoney(v, { decimals: 2, symbol: '$' });
