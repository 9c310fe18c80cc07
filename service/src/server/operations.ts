/**
 * The five read operations, independent of transport: argument rules of spec 4.3 (one validator for
 * GraphQL and REST) and the data each one answers with, taken from the simulated market.
 */
import type { RecommendationType } from '../../../shared/api/schema';
import { RECOMMENDATION_TYPES } from '../../../shared/api/schema';
import {
  AGGREGATED_GAMES,
  DEFAULT_GAME_ID,
  MARKET_ORDER_ANALYTICS_GAMES,
  PRICE_RECOMMENDATION_GAMES,
  STEAM_ANALYTICS_GAMES,
  type GameId,
} from '../../../shared/catalog/games';
import type { ServedMarkets } from '../../../shared/catalog/markets';
import type { MarketOrderAnalytics, PriceRecommendation, SteamAnalytics } from '../../../shared/api/types';
import type { MaxOrderColumns, MinPriceColumns, SimulatedMarket } from '../sim/types';
import { badInput, type ServiceError } from './errors';

export const DATA_OPERATIONS = [
  'aggregatedMaxOrders',
  'aggregatedMinPrices',
  'getSteamAnalytics',
  'getMarketOrderAnalytics',
  'getPriceRecommendations',
] as const;
export type DataOperation = (typeof DATA_OPERATIONS)[number];
export const TOKEN_OPERATION = 'createSubscriptionToken';

export function isDataOperation(s: unknown): s is DataOperation {
  return typeof s === 'string' && (DATA_OPERATIONS as readonly string[]).includes(s);
}

export type Transport = 'graphql' | 'rest';

/** The names served, and how many one `markets` list may carry (absent: any number). */
export interface MarketRules extends ServedMarkets {
  maxMarketsPerRequest?: number;
}

export type OperationArgs =
  | { op: 'aggregatedMinPrices'; gameId: GameId; markets: readonly string[] }
  | { op: 'aggregatedMaxOrders'; gameId: GameId; markets: readonly string[] }
  | { op: 'getSteamAnalytics'; gameId: GameId }
  | { op: 'getMarketOrderAnalytics'; gameId: GameId; market: string }
  | { op: 'getPriceRecommendations'; gameId: GameId; type: RecommendationType; markets: readonly string[] | undefined };

function list(values: readonly (string | number)[]): string {
  return values.join(', ');
}

function gameArg(op: string, raw: unknown, allowed: readonly GameId[], required: boolean): GameId {
  if (raw === undefined || raw === null) {
    if (required) throw badInput('game_id', `game_id is required for ${op}; allowed: ${list(allowed)}.`);
    return DEFAULT_GAME_ID;
  }
  if (typeof raw !== 'number' || !Number.isInteger(raw)) {
    throw badInput('game_id', `game_id must be an integer; got ${JSON.stringify(raw)?.slice(0, 60)}.`, raw);
  }
  const g = allowed.find((id) => id === raw);
  if (g === undefined) {
    throw badInput('game_id', `game_id ${raw} is not supported by ${op}; allowed: ${list(allowed)}.`, raw);
  }
  return g;
}

/**
 * The error for a name the service does not serve. Like the real service it names only this one name and
 * never lists what it does serve: a client finds the rest by asking again without it.
 */
function unknownMarket(argument: 'markets' | 'market_name', name: string): ServiceError {
  return badInput(argument, `unknown market: ${name.slice(0, 100)}`, name);
}

function marketsArg(
  op: string,
  raw: unknown,
  served: readonly string[],
  required: boolean,
  max?: number,
): string[] | undefined {
  if (raw === undefined || raw === null) {
    if (required) throw badInput('markets', `markets is required for ${op}: an array of marketplace names.`);
    return undefined;
  }
  if (!Array.isArray(raw)) throw badInput('markets', 'markets must be an array of marketplace names.', raw);
  if (raw.length === 0) {
    throw badInput('markets', `markets must name at least one marketplace for ${op}.`);
  }
  // A size limit names no market: every name may be fine, the list is only too long.
  if (max !== undefined && raw.length > max)
    throw badInput('markets', `markets may name at most ${max} marketplaces; got ${raw.length}.`);
  const out: string[] = [];
  for (const m of raw) {
    if (typeof m !== 'string') throw badInput('markets', 'markets must contain only strings.', m);
    if (!served.includes(m)) throw unknownMarket('markets', m);
    if (!out.includes(m)) out.push(m);
  }
  return out;
}

function marketNameArg(op: string, raw: unknown, served: readonly string[]): string {
  if (raw === undefined || raw === null) {
    throw badInput('market_name', `market_name is required for ${op}.`);
  }
  if (typeof raw !== 'string') throw badInput('market_name', 'market_name must be a string.', raw);
  if (!served.includes(raw)) throw unknownMarket('market_name', raw);
  return raw;
}

function typeArg(raw: unknown): RecommendationType {
  if (raw === undefined || raw === null) return 'general';
  const t = RECOMMENDATION_TYPES.find((v) => v === raw);
  if (t === undefined) {
    throw badInput(
      'type',
      `type must be one of: ${list(RECOMMENDATION_TYPES)}; got ${JSON.stringify(raw)?.slice(0, 60)}.`,
      raw,
    );
  }
  return t;
}

/**
 * Validates the arguments of one operation. `raw` is the coerced GraphQL argument map or the REST body.
 * GraphQL's aggregatedMinPrices / aggregatedMaxOrders take no game: they answer for 730.
 * Explicit null for an optional argument means "use the default". A market name the service does not
 * serve (`served`) is refused; the REST recommendations filter takes the min-price names.
 */
export function validateArgs(
  op: DataOperation,
  raw: Readonly<Record<string, unknown>>,
  transport: Transport,
  served: MarketRules,
): OperationArgs {
  switch (op) {
    case 'aggregatedMinPrices':
    case 'aggregatedMaxOrders': {
      const gameId = transport === 'rest' ? gameArg(op, raw.game_id, AGGREGATED_GAMES, true) : DEFAULT_GAME_ID;
      const allowed = op === 'aggregatedMinPrices' ? served.minPrices : served.maxOrders;
      const markets = marketsArg(op, raw.markets, allowed, true, served.maxMarketsPerRequest) ?? [];
      return { op, gameId, markets };
    }
    case 'getSteamAnalytics':
      return { op, gameId: gameArg(op, raw.game_id, STEAM_ANALYTICS_GAMES, false) };
    case 'getMarketOrderAnalytics': {
      const market = marketNameArg(op, raw.market_name, served.marketOrderAnalytics);
      return { op, market, gameId: gameArg(op, raw.game_id, MARKET_ORDER_ANALYTICS_GAMES, false) };
    }
    case 'getPriceRecommendations': {
      const gameId = gameArg(op, raw.game_id, PRICE_RECOMMENDATION_GAMES, false);
      const type = typeArg(raw.type);
      const markets =
        transport === 'rest'
          ? marketsArg(op, raw.markets, served.minPrices, false, served.maxMarketsPerRequest)
          : undefined;
      return { op, gameId, type, markets };
    }
  }
}

/** Result of a columnar operation: the snapshot plus the requested markets' column indices (request order). */
export interface ColumnResult<C extends MinPriceColumns | MaxOrderColumns> {
  gameId: GameId;
  columns: C;
  /** Column index in `columns.markets` of each requested market the game has (request order, deduplicated). */
  cols: readonly number[];
}

export type OperationResult =
  | { kind: 'minPrices'; result: ColumnResult<MinPriceColumns> }
  | { kind: 'maxOrders'; result: ColumnResult<MaxOrderColumns> }
  | { kind: 'steamAnalytics'; gameId: GameId; items: readonly Omit<SteamAnalytics, 'game_id'>[] }
  | { kind: 'marketOrderAnalytics'; gameId: GameId; items: readonly MarketOrderAnalytics[] }
  | { kind: 'priceRecommendations'; gameId: GameId; items: readonly PriceRecommendation[] };

function columnIndices(available: readonly string[], requested: readonly string[]): number[] {
  const out: number[] = [];
  for (const m of requested) {
    const i = available.indexOf(m);
    if (i >= 0) out.push(i);
  }
  return out;
}

/** Runs one validated operation against the simulated market at service time `nowMs`. */
export function runOperation(market: SimulatedMarket, args: OperationArgs, nowMs: number): OperationResult {
  const game = market.game(args.gameId);
  switch (args.op) {
    case 'aggregatedMinPrices': {
      const columns = game.minPrices(nowMs);
      return {
        kind: 'minPrices',
        result: { gameId: args.gameId, columns, cols: columnIndices(columns.markets, args.markets) },
      };
    }
    case 'aggregatedMaxOrders': {
      const columns = game.maxOrders(nowMs);
      return {
        kind: 'maxOrders',
        result: { gameId: args.gameId, columns, cols: columnIndices(columns.markets, args.markets) },
      };
    }
    case 'getSteamAnalytics':
      return { kind: 'steamAnalytics', gameId: args.gameId, items: game.steamAnalytics(nowMs) };
    case 'getMarketOrderAnalytics':
      return {
        kind: 'marketOrderAnalytics',
        gameId: args.gameId,
        items: game.marketOrderAnalytics(args.market, nowMs),
      };
    case 'getPriceRecommendations':
      return {
        kind: 'priceRecommendations',
        gameId: args.gameId,
        items: game.priceRecommendations(args.type, args.markets, nowMs),
      };
  }
}
