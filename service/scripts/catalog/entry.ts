/** One catalog item as the builders produce it, before encoding. */
import type { Category } from '../../src/sim/catalog-code';
import { gaussian, hashString } from '../../src/sim/hash';

export interface CatalogEntry {
  name: string;
  cat: Category;
  /** Anchor price in USD (converted to a price class). */
  usd: number;
  /** Anchor Steam sales per day (converted to a volume class). */
  volume: number;
}

/**
 * A deterministic log-normal factor for a key (an item family, e.g. a skin across its wears), so related
 * items share their desirability and the catalog is reproducible without any randomness.
 */
export function lognormal(key: string, sigma: number, salt = 0): number {
  return Math.exp(sigma * gaussian(hashString(`${salt}:${key}`)));
}

/** Volume that falls with price: `k` sales/day at $1, with elasticity `e`. */
export function volumeForPrice(usd: number, k: number, e = 0.75): number {
  return k * Math.pow(Math.max(usd, 0.01), -e);
}
