/**
 * The simulated market behind the reference service: createSimulatedMarket({ seed }) implements the
 * contract in types.ts. Games load lazily on first use (catalog read + static tables); snapshots and
 * analytics are computed per 5-minute epoch and cached. See README.md for the model and the rules.
 */
import { GAME_IDS, type GameId } from '../../../shared/catalog/games';
import type { ServedMarkets } from '../../../shared/catalog/markets';
import { loadCatalog, sliceCatalog, type CatalogSlice } from './catalog';
import { buildGameSim } from './game-sim';
import { SimGameMarket } from './game-market';
import { defaultServedMarkets } from './served';
import type { SimulatedMarket } from './types';
import { TrustTweaks, type PlantedOutlier } from './trust-tweaks';
import { RoutePlants, type PlantedRoute } from './route-plants';

export type { MaxOrderColumns, MinPriceColumns } from './types';
export { EPOCH_MS } from './types';
export { defaultServedMarkets, marketKind, STEAM_MARKET } from './served';
export interface SimulatedMarketOptions {
  /** Any 32-bit integer; default 1. Same seed and clock -> same bytes. */
  seed?: number;
  /** Directory holding catalog-<gameId>.tsv; defaults to service/data relative to this module. */
  dataDir?: string | URL;
  /** The names the service serves (default: the published ones); every one of them gets simulated data. */
  markets?: ServedMarkets;
  /** Serve only a slice of each game's catalog (tests); default the whole catalog. */
  catalogSlice?: CatalogSlice;
  /** Test options: these markets' quotes stand still from the first snapshot on (trust-tweaks.ts). */
  freezeMarkets?: readonly string[];
  /** Test option: this many items get one market's ask far from the others (trust-tweaks.ts). */
  plantOutliers?: number;
  /** Test option: this many items get a cross-market route (route-plants.ts). */
  plantRoutes?: number;
}

export interface SimMarket extends SimulatedMarket {
  game(id: GameId): SimGameMarket;
  /** The planted outliers of a game (empty without the option). */
  plantedOutliers(id: GameId): PlantedOutlier[];
  /** The planted routes of a game (empty without the option); with a time, their prices then. */
  plantedRoutes(id: GameId, nowMs?: number): PlantedRoute[];
}

export function createSimulatedMarket(opts: SimulatedMarketOptions = {}): SimMarket {
  const seed = (opts.seed ?? 1) | 0;
  const served = opts.markets ?? defaultServedMarkets();
  const games = new Map<GameId, SimGameMarket>();
  return {
    seed,
    game(id: GameId): SimGameMarket {
      let g = games.get(id);
      if (!g) {
        if (!GAME_IDS.includes(id)) throw new Error(`unknown game ${String(id)}`);
        const catalog = loadCatalog(id, opts.dataDir);
        const sim = buildGameSim(opts.catalogSlice ? sliceCatalog(catalog, opts.catalogSlice) : catalog, seed, served);
        const tweaks = new TrustTweaks(sim, {
          freezeMarkets: opts.freezeMarkets ?? [],
          plantOutliers: opts.plantOutliers ?? 0,
        });
        const routes = new RoutePlants(
          sim,
          opts.plantRoutes ?? 0,
          (opts.freezeMarkets ?? []).map((s) => sim.slugs.indexOf(s)),
          served.maxOrders,
        );
        g = new SimGameMarket(sim, id, tweaks.active ? tweaks : null, routes.active ? routes : null);
        games.set(id, g);
      }
      return g;
    },
    plantedOutliers(id: GameId): PlantedOutlier[] {
      return this.game(id).plantedOutliers();
    },
    plantedRoutes(id: GameId, nowMs?: number): PlantedRoute[] {
      return this.game(id).plantedRoutes(nowMs);
    },
  };
}
