/**
 * Command-line flags of `npm run service` (parsed here so tests can check them without starting a process).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { ServedMarkets } from '../../../shared/catalog/markets';
import { defaultServedMarkets } from '../sim/served';
import type { CatalogSlice } from '../sim/catalog';
import type { FaultConfig } from './faults';
import { parseFaultPatch } from './faults';
import { parseApiKeyFlag, readKeysFile, type ApiKeySpec } from './keys';
import { readMarketsFile } from './served-markets';

export const DEFAULT_PORT = 8787;

export const HELP = `Market Desk reference Item Market Data Service

Usage: npm run service -- [flags]

  --port N               TCP port on 127.0.0.1 (default ${DEFAULT_PORT}; 0 = any free port)
  --host ADDR            interface to bind (default 127.0.0.1)
  --seed N               seed of the simulated market (default 1)
  --token-ttl SECONDS    access token lifetime (default 7200)
  --api-key KEY[:OPS]    accept KEY besides the demo key; OPS = comma-separated operation names
                         to limit it to (repeatable)
  --keys-file FILE       JSON keys: ["k1", {"key":"k2","operations":["aggregatedMinPrices"]}]
  --data-dir DIR         catalog data directory of the simulated market
  --catalog-every N      serve every N-th item of each catalog only (tests: fewer items, same market)
  --catalog-keep REGEX   with --catalog-every: also serve the items whose names match REGEX
  --admin                enable POST /__admin/faults and /__admin/clock (loopback only)
  --frozen-clock MS      service time stands still at MS (ms since the epoch) unless /__admin/clock
                         moves it: prices and tokens then depend on nothing but the requests (tests)
  --quiet                no request log
  --markets FILE         serve these marketplace names instead of the published ones; FILE is JSON
                         {"minPrices":[..],"maxOrders":[..],"marketOrderAnalytics":[..]} (unique names
                         matching ^[a-z0-9][a-z0-9._-]{0,63}$, minPrices not empty); any other name is
                         refused with 400
  --requests-per-minute N  allow N data requests per clock minute; past it 429 with Retry-After,
                         and RateLimit / X-RateLimit-* headers on every data answer
  --opaque-errors        every 400 answer says only "Bad Request" (no message naming the refused input)
  --max-markets-per-request N
                         refuse (400, naming no market) a markets list longer than N names: a service
                         with a size limit (min prices, max orders, the REST recommendations filter)
  --freeze-market SLUG   test option: that market's quotes (asks, offers, buy orders) stand still from
                         the first answer on, and it keeps quoting the same items (repeatable)
  --plant-outliers N     test option: N items get one market's ask at 4x or 0.25x the median of their
                         other asks, by the seed; listed by GET /__admin/outliers/<game id> (with --admin)
  --plant-routes N       test option: the N dearest items get one market's ask at half another market's buy
                         order (markets with a published percent seller fee), by the seed; the last one is
                         there every other price epoch; listed with their prices by GET /__admin/routes/<game id> (with --admin)
  --markets-json         print the served names (after --markets) as one JSON line
                         {"minPrices":[..],"maxOrders":[..],"marketOrderAnalytics":[..]} and exit

Fault injection (all off by default; rates are shares 0..1):
  --latency MS           delay before each API request is handled
  --error-rate R         answer 500 INTERNAL_SERVER_ERROR
  --rate-limit-rate R    answer 429 RATE_LIMITED with Retry-After
  --retry-after S        Retry-After seconds of injected 429s (default 1)
  --truncate-rate R      cut successful bodies short
  --reset-rate R         destroy the connection without an answer
  --token-early-expiry S reject tokens older than S seconds as expired
  --dirty-data-rate R    serve items with nulls, wrong types, unknown enum values or no usable name
  --fault-seed N         seed of the fault sequence
  --bad-request-first K  the first K requests that name markets answer 400 (a transient refusal naming
                         the first market asked; "Bad Request" with --opaque-errors)
  --bad-request-every N  every N-th request that names markets answers 400 likewise
`;

function num(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`${flag}: expected a number, got "${v}"`);
  return n;
}

function int(flag: string, v: string | undefined, min: number, max: number): number | undefined {
  const n = num(flag, v);
  if (n !== undefined && (!Number.isInteger(n) || n < min || n > max))
    throw new Error(`${flag}: expected an integer ${min}..${max}, got "${v}"`);
  return n;
}

export interface CliConfig {
  help: boolean;
  marketsJson: boolean;
  port: number;
  host: string;
  seed: number;
  tokenTtlSeconds: number;
  apiKeys: ApiKeySpec[];
  admin: boolean;
  quiet: boolean;
  dataDir?: string;
  /** --catalog-every / --catalog-keep */
  catalogSlice?: CatalogSlice;
  /** The names served: the published ones, or --markets FILE. */
  markets: ServedMarkets;
  /** --opaque-errors */
  opaqueErrors: boolean;
  /** --max-markets-per-request */
  maxMarketsPerRequest?: number;
  /** --requests-per-minute */
  requestsPerMinute?: number;
  /** Service time frozen at this ms value (tests); absent = the real clock. */
  frozenClockMs?: number;
  /** --freeze-market (test option). */
  freezeMarkets: string[];
  /** --plant-outliers (test option); 0 = none. */
  plantOutliers: number;
  /** --plant-routes (test option); 0 = none. */
  plantRoutes: number;
  faults: Partial<FaultConfig>;
}

const CLI_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  'markets-json': { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'token-ttl': { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  'keys-file': { type: 'string' },
  'data-dir': { type: 'string' },
  'catalog-every': { type: 'string' },
  'catalog-keep': { type: 'string' },
  admin: { type: 'boolean' },
  'frozen-clock': { type: 'string' },
  quiet: { type: 'boolean' },
  markets: { type: 'string' },
  'opaque-errors': { type: 'boolean' },
  'max-markets-per-request': { type: 'string' },
  'bad-request-first': { type: 'string' },
  'bad-request-every': { type: 'string' },
  'requests-per-minute': { type: 'string' },
  latency: { type: 'string' },
  'error-rate': { type: 'string' },
  'rate-limit-rate': { type: 'string' },
  'retry-after': { type: 'string' },
  'truncate-rate': { type: 'string' },
  'reset-rate': { type: 'string' },
  'token-early-expiry': { type: 'string' },
  'dirty-data-rate': { type: 'string' },
  'fault-seed': { type: 'string' },
  'freeze-market': { type: 'string', multiple: true },
  'plant-outliers': { type: 'string' },
  'plant-routes': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

function parseFlags(argv: readonly string[]) {
  return parseArgs({ args: [...argv], strict: true, allowPositionals: false, options: CLI_OPTIONS }).values;
}

type CliValues = ReturnType<typeof parseFlags>;

/** The fault injection flags, checked as one patch of the fault config. */
function faultsFrom(values: CliValues): Partial<FaultConfig> {
  const faultInput: Record<string, number> = {};
  const put = (k: keyof FaultConfig, v: number | undefined): void => {
    if (v !== undefined) faultInput[k] = v;
  };
  put('latencyMs', num('--latency', values.latency));
  put('errorRate', num('--error-rate', values['error-rate']));
  put('rateLimitRate', num('--rate-limit-rate', values['rate-limit-rate']));
  put('retryAfterSeconds', num('--retry-after', values['retry-after']));
  put('truncateRate', num('--truncate-rate', values['truncate-rate']));
  put('resetRate', num('--reset-rate', values['reset-rate']));
  put('tokenEarlyExpiry', num('--token-early-expiry', values['token-early-expiry']));
  put('dirtyDataRate', num('--dirty-data-rate', values['dirty-data-rate']));
  put('seed', num('--fault-seed', values['fault-seed']));
  put('badRequestFirst', num('--bad-request-first', values['bad-request-first']));
  put('badRequestEvery', num('--bad-request-every', values['bad-request-every']));
  try {
    return parseFaultPatch(faultInput);
  } catch (e) {
    throw new Error(`fault flags: ${(e as Error).message}`);
  }
}

/** --catalog-every N, and --catalog-keep REGEX (only with it; a valid regular expression). */
function catalogSliceFrom(values: CliValues): CatalogSlice | undefined {
  const every = int('--catalog-every', values['catalog-every'], 1, 1_000_000);
  const keep = values['catalog-keep'];
  if (keep !== undefined && every === undefined) throw new Error('--catalog-keep: needs --catalog-every');
  if (keep !== undefined) {
    try {
      new RegExp(keep, 'u');
    } catch (e) {
      throw new Error(`--catalog-keep: not a regular expression: ${(e as Error).message}`);
    }
  }
  if (every === undefined) return undefined;
  return keep !== undefined ? { every, keep } : { every };
}

/** --freeze-market: each a served min-price market name. */
function freezeMarketsFrom(values: CliValues, markets: ServedMarkets): string[] {
  const freezeMarkets = values['freeze-market'] ?? [];
  for (const slug of freezeMarkets) {
    if (!markets.minPrices.includes(slug))
      throw new Error(`--freeze-market: "${slug}" is not a served min-price market name`);
  }
  return freezeMarkets;
}

export function parseCli(argv: readonly string[]): CliConfig {
  const values = parseFlags(argv);
  const apiKeys = (values['api-key'] ?? []).map(parseApiKeyFlag);
  if (values['keys-file']) apiKeys.push(...readKeysFile(values['keys-file']));
  const faults = faultsFrom(values);
  const catalogSlice = catalogSliceFrom(values);
  const markets = values.markets !== undefined ? readMarketsFile(values.markets) : defaultServedMarkets();
  const freezeMarkets = freezeMarketsFrom(values, markets);
  const maxMarkets = int('--max-markets-per-request', values['max-markets-per-request'], 1, 10_000);
  const ttl = num('--token-ttl', values['token-ttl']) ?? 7200;
  if (ttl <= 0) throw new Error('--token-ttl: must be positive');
  return {
    help: values.help ?? false,
    marketsJson: values['markets-json'] ?? false,
    port: int('--port', values.port, 0, 65535) ?? DEFAULT_PORT,
    host: values.host ?? '127.0.0.1',
    seed: int('--seed', values.seed, -(2 ** 31), 2 ** 32) ?? 1,
    tokenTtlSeconds: ttl,
    apiKeys,
    admin: values.admin ?? false,
    quiet: values.quiet ?? false,
    markets,
    freezeMarkets,
    plantOutliers: int('--plant-outliers', values['plant-outliers'], 0, 100_000) ?? 0,
    plantRoutes: int('--plant-routes', values['plant-routes'], 0, 100_000) ?? 0,
    opaqueErrors: values['opaque-errors'] ?? false,
    ...(maxMarkets !== undefined ? { maxMarketsPerRequest: maxMarkets } : {}),
    ...(values['requests-per-minute'] !== undefined
      ? { requestsPerMinute: int('--requests-per-minute', values['requests-per-minute'], 1, 1_000_000) }
      : {}),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    ...(catalogSlice !== undefined ? { catalogSlice } : {}),
    ...(values['frozen-clock'] !== undefined
      ? { frozenClockMs: int('--frozen-clock', values['frozen-clock'], 0, 8.64e15) }
      : {}),
    faults,
  };
}
