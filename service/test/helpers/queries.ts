/** GraphQL selections used by the tests, derived from the shared SDL so they never drift. */
import { buildSchema, getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { SCHEMA_SDL } from '../../../shared/api/schema';

export const schema = buildSchema(SCHEMA_SDL);

/** Every field of a type, nested, in SDL order (the REST shape). */
function fullSelection(typeName: string): string {
  const walk = (t: GraphQLObjectType): string =>
    Object.values(t.getFields())
      .map((f) => {
        const named = getNamedType(f.type);
        return isObjectType(named) ? `${f.name} { ${walk(named)} }` : f.name;
      })
      .join(' ');
  return walk(schema.getType(typeName) as GraphQLObjectType);
}

export const FULL = {
  minPrices: fullSelection('AggregatedMinPrices'),
  maxOrders: fullSelection('AggregatedMaxOrders'),
  steam: fullSelection('SteamAnalytics'),
  moa: fullSelection('MarketOrderAnalytics'),
  recs: fullSelection('PriceRecommendation'),
};
