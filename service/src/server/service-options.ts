/**
 * The service's public shapes: the options it is created with, what it reports per response, and the
 * handler it hands back. Kept apart so the pieces of the handler can share them without importing it.
 */
import type { CatalogSlice } from '../sim/catalog';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServedMarkets } from '../../../shared/catalog/markets';
import type { SimulatedMarket } from '../sim/types';
import type { ErrorStyle } from './errors';
import type { FaultConfig } from './faults';
import type { Executor } from './graphql';
import type { ApiKeySpec } from './keys';

export interface ServiceOptions {
  /** TCP port; 0 picks a free one (startService only; the CLI defaults to 8787). */
  port?: number;
  /** Interface to bind (startService only). Default 127.0.0.1. */
  host?: string;
  /** Seed of the simulated market. Default 1. */
  seed?: number;
  /** Access token lifetime in seconds. Default 7200 (spec: 2 hours). */
  tokenTtlSeconds?: number;
  /** Accepted API keys besides the demo key; `operations` limits a key to those operation names. */
  apiKeys?: ApiKeySpec[];
  /** JSON file of keys: `["key", {"key":"k2","operations":["aggregatedMinPrices"]}]` or `{"keys":[...]}`. */
  keysFile?: string;
  /** The service clock in ms since the epoch (tokens and price epochs). Default Date.now. */
  clock?: () => number;
  /** Initial fault injection (off by default). */
  faults?: Partial<FaultConfig>;
  /** Enables POST /__admin/faults and /__admin/clock (loopback clients only). */
  admin?: boolean;
  /** Passed to the simulated market (catalog data directory). */
  dataDir?: string;
  /** Passed to the simulated market: only a slice of each catalog (tests); default the whole catalog. */
  catalogSlice?: CatalogSlice;
  /** No request log lines. */
  quiet?: boolean;
  /**
   * The marketplace names this service serves (any other is refused with 400). Default: the names the real
   * service publishes (`publishedMarkets()` of shared/catalog/markets.ts). Names the catalog does not know
   * get simulated data too.
   */
  markets?: ServedMarkets;
  /**
   * The most names one `markets` list may carry (min prices, max orders, the REST recommendations filter);
   * a longer list is refused with 400 naming no market, as services with a size limit do. Default: any.
   */
  maxMarketsPerRequest?: number;
  /** How 400 answers read: 'named' (default) names the refused input; 'opaque' says only "Bad Request". */
  errorStyle?: ErrorStyle;
  /** Use this simulated market instead of creating one from seed/dataDir (tests, embedding). */
  market?: SimulatedMarket;
  /** Creates the simulated market on first use (when `market` is not given). */
  createMarket?: (opts: {
    seed: number;
    dataDir?: string;
    markets: ServedMarkets;
    catalogSlice?: CatalogSlice;
    freezeMarkets?: readonly string[];
    plantOutliers?: number;
    plantRoutes?: number;
  }) => SimulatedMarket;
  /** Test option passed to the simulated market: these markets' quotes stand still from the start (--freeze-market). */
  freezeMarkets?: readonly string[];
  /** Test option passed to the simulated market: this many items get one far-off ask (--plant-outliers). */
  plantOutliers?: number;
  /** Test option passed to the simulated market: this many items get a cross-market route (--plant-routes). */
  plantRoutes?: number;
  /** 'fast' (default) or 'reference' (graphql-js execute for every GraphQL request; for tests). */
  executor?: Executor;
  /** Request body limit in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Data requests allowed per clock minute; past it 429 with Retry-After (request-limit.ts). Default: no limit. */
  requestsPerMinute?: number;
  /** Called once per finished response (timings for benchmarks, custom logs). */
  onResponse?: (info: ResponseInfo) => void;
  /** Where log lines go. Default: stderr. */
  log?: (line: string) => void;
}

export interface ResponseInfo {
  method: string;
  path: string;
  status: number;
  /** Body bytes sent. */
  bytes: number;
  /** From the request's arrival to the last body byte handed to the socket. */
  ms: number;
  /** GraphQL root fields or the REST operation, when known. */
  operation: string;
  /** The injected fault, if any. */
  fault: string;
}

export interface ServiceHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  readonly demoKey: string;
  setFaults(patch: Partial<FaultConfig>): FaultConfig;
  getFaults(): FaultConfig;
  /** Moves the service clock forward (ms). */
  advanceClock(ms: number): number;
  /** The service clock now (ms). */
  now(): number;
}
