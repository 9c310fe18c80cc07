import type { CatalogEntry } from './entry';

export function buildRust(): CatalogEntry[] {
  return [];
}
