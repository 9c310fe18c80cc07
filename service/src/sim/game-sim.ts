/** Everything static about one game's simulation, built lazily on first use of the game. */
import type { ServedMarkets } from '../../../shared/catalog/markets';
import type { Catalog } from './catalog';
import { CellModel } from './cells';
import { buildItemModel, type ItemModel } from './items';
import { marketParamsFor, type MarketParams } from './market-params';
import { PricePath } from './price-path';
import { STEAM_MARKET } from './served';

export interface GameSim {
  readonly gameId: number;
  readonly seed: number;
  readonly names: readonly string[];
  readonly items: ItemModel;
  readonly path: PricePath;
  readonly markets: readonly MarketParams[];
  readonly slugs: readonly string[];
  readonly cells: CellModel;
  /** Indices (into `markets`) of the markets with buy orders, in `markets` order. */
  readonly orderMarkets: readonly number[];
  /** Indices of the markets served for min prices: the ones price recommendations consider. */
  readonly minPriceMarkets: readonly number[];
  readonly steamIndex: number;
}

export function buildGameSim(catalog: Catalog, seed: number, served: ServedMarkets): GameSim {
  const items = buildItemModel(catalog, seed, catalog.gameId);
  const markets = marketParamsFor(catalog.gameId, served);
  const slugs = markets.map((m) => m.slug);
  const orderMarkets = markets.flatMap((m, i) => (m.buyDepth > 0 ? [i] : []));
  const minPriceMarkets = slugs.flatMap((s, i) => (served.minPrices.includes(s) ? [i] : []));
  const steamIndex = slugs.indexOf(STEAM_MARKET);
  if (steamIndex < 0) throw new Error('every game trades on steam');
  return {
    gameId: catalog.gameId,
    seed,
    names: catalog.names,
    items,
    path: new PricePath(items),
    markets,
    slugs,
    cells: new CellModel(items, markets),
    orderMarkets,
    minPriceMarkets,
    steamIndex,
  };
}

/** The epoch an item's prices were last updated at (thin items reprice less often). */
export function quantize(sim: GameSim, i: number, e: number): number {
  const q = sim.items.quant[i]!;
  return q === 1 ? e : e - (((e % q) + q) % q);
}
