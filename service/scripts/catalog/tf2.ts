import type { CatalogEntry } from './entry';

export function buildTf2(): CatalogEntry[] {
  return [];
}
