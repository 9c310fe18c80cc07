/**
 * The five REST endpoints (spec 4.2): a JSON object in, the bare JSON array of the result type out, with
 * every field (the element type's fields in SDL order, `game_id` included for steam analytics).
 */
import type { GraphQLObjectType, GraphQLSchema } from 'graphql';
import { REST_PATHS } from '../../../shared/api/schema';
import type { SimulatedMarket } from '../sim/types';
import type { DirtySpec } from './dirty';
import { badRequest } from './errors';
import type { AnswerStream } from './graphql';
import { runOperation, validateArgs, type DataOperation, type MarketRules } from './operations';
import { fullPlan, type ObjectPlan } from './plan';
import { writeResultArray } from './serialize';

/** Path -> operation. */
export const REST_ROUTES: ReadonlyMap<string, DataOperation> = new Map<string, DataOperation>([
  [REST_PATHS.maxOrders, 'aggregatedMaxOrders'],
  [REST_PATHS.minPrices, 'aggregatedMinPrices'],
  [REST_PATHS.steamAnalytics, 'getSteamAnalytics'],
  [REST_PATHS.marketOrderAnalytics, 'getMarketOrderAnalytics'],
  [REST_PATHS.priceRecommendations, 'getPriceRecommendations'],
]);

const ELEMENT_TYPE: Record<DataOperation, string> = {
  aggregatedMaxOrders: 'AggregatedMaxOrders',
  aggregatedMinPrices: 'AggregatedMinPrices',
  getSteamAnalytics: 'SteamAnalytics',
  getMarketOrderAnalytics: 'MarketOrderAnalytics',
  getPriceRecommendations: 'PriceRecommendation',
};

export class RestEndpoint {
  private readonly plans = new Map<DataOperation, ObjectPlan>();

  constructor(
    schema: GraphQLSchema,
    private readonly market: () => SimulatedMarket,
    private readonly clock: () => number,
    /** The marketplace names this service serves (any other is refused), and its list-size limit. */
    private readonly served: MarketRules,
    /** The dirty-data fault when on (dirty.ts). */
    private readonly dirty: () => DirtySpec | null = () => null,
  ) {
    for (const [op, typeName] of Object.entries(ELEMENT_TYPE) as [DataOperation, string][]) {
      this.plans.set(op, fullPlan(schema, schema.getType(typeName) as GraphQLObjectType));
    }
  }

  async handle(op: DataOperation, body: unknown, open: () => AnswerStream): Promise<void> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object.');
    }
    const args = validateArgs(op, body as Record<string, unknown>, 'rest', this.served);
    const result = runOperation(this.market(), args, this.clock());
    const stream = open();
    await writeResultArray(stream.writer, result, this.plans.get(op)!, this.dirty());
    await stream.end();
  }
}
