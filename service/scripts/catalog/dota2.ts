import type { CatalogEntry } from './entry';

export function buildDota2(): CatalogEntry[] {
  return [];
}
