/**
 * The service's parts built from its options, checked first (a bad option throws before anything
 * starts): the clock, keys, faults, tokens, the simulated market (created on first use) and the GraphQL
 * and REST endpoints over it.
 */
import { TOKEN_LIFETIME_SECONDS } from '../../../shared/api/schema';
import type { ServedMarkets } from '../../../shared/catalog/markets';
import type { GameId } from '../../../shared/catalog/games';
import { defaultServedMarkets } from '../sim/served';
import type { SimulatedMarket } from '../sim/types';
import { tokenAuthorizer } from './authorize';
import { ERROR_STYLES, type ErrorStyle } from './errors';
import { FaultInjector, parseFaultPatch } from './faults';
import { GraphQLEndpoint } from './graphql';
import { KeyRegistry, readKeysFile, type ApiKeySpec } from './keys';
import { DEFAULT_MAX_BODY } from './request-body';
import type { ResponseLog } from './request-log';
import { RestEndpoint } from './rest';
import { RequestLimiter } from './request-limit';
import type { RouteDeps } from './routing';
import { parseServedMarkets } from './served-markets';
import { ServiceClock } from './service-clock';
import type { ServiceOptions } from './service-options';
import { TokenService } from './tokens';

export interface ServiceParts extends RouteDeps, ResponseLog {
  errorStyle: ErrorStyle;
}

export function createServiceParts(opts: ServiceOptions): ServiceParts {
  const seed = opts.seed ?? 1;
  const ttl = opts.tokenTtlSeconds ?? TOKEN_LIFETIME_SECONDS;
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error('tokenTtlSeconds must be a positive number');
  const maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const clock = new ServiceClock(opts.clock ?? Date.now);
  const quiet = opts.quiet ?? false;
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const errorStyle = opts.errorStyle ?? 'named';
  if (!ERROR_STYLES.includes(errorStyle)) throw new Error(`errorStyle must be one of ${ERROR_STYLES.join(', ')}`);
  const max = opts.maxMarketsPerRequest;
  if (max !== undefined && !(Number.isInteger(max) && max >= 1))
    throw new Error('maxMarketsPerRequest must be a positive integer');
  let served: ServedMarkets;
  try {
    served = parseServedMarkets(opts.markets ?? defaultServedMarkets());
  } catch (e) {
    throw new Error(`markets: ${(e as Error).message}`);
  }

  const keySpecs: ApiKeySpec[] = [...(opts.apiKeys ?? [])];
  if (opts.keysFile) keySpecs.push(...readKeysFile(opts.keysFile));
  const keys = new KeyRegistry(keySpecs);
  const faults = new FaultInjector({ seed, ...parseFaultPatch(opts.faults ?? {}) });
  const tokens = new TokenService({
    ttlSeconds: ttl,
    clock: clock.now,
    earlyExpirySeconds: () => faults.current.tokenEarlyExpiry,
  });

  let market = opts.market;
  const getMarket = (): SimulatedMarket => {
    if (!market) {
      if (!opts.createMarket) throw new Error('no simulated market: pass `market` or `createMarket`');
      market = opts.createMarket({
        seed,
        markets: served,
        ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
        ...(opts.catalogSlice ? { catalogSlice: opts.catalogSlice } : {}),
        ...(opts.freezeMarkets?.length ? { freezeMarkets: opts.freezeMarkets } : {}),
        ...(opts.plantOutliers ? { plantOutliers: opts.plantOutliers } : {}),
        ...(opts.plantRoutes ? { plantRoutes: opts.plantRoutes } : {}),
      });
    }
    return market;
  };
  const dirty = () => faults.dirty;
  const rules = { ...served, ...(max !== undefined ? { maxMarketsPerRequest: max } : {}) };
  const graphql = new GraphQLEndpoint({
    market: getMarket,
    clock: clock.now,
    tokens,
    keys,
    executor: opts.executor ?? 'fast',
    served: rules,
    dirty,
  });
  const rest = new RestEndpoint(graphql.schema, getMarket, clock.now, rules, dirty);

  const limiter = opts.requestsPerMinute === undefined ? null : new RequestLimiter(opts.requestsPerMinute, clock.now);

  return {
    limiter,
    faults,
    clock,
    maxBody,
    graphql,
    rest,
    authorizer: tokenAuthorizer(tokens),
    admin: opts.admin ?? false,
    outliers: (game: number) => getMarket().plantedOutliers?.(game as GameId) ?? [],
    routes: (game: number) => getMarket().plantedRoutes?.(game as GameId, clock.now()) ?? [],
    errorStyle,
    onResponse: opts.onResponse,
    quiet,
    log,
  };
}
