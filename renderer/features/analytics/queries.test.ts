import { buildSchema, print, validate, visit, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_SDL } from '../../../shared/api/schema';
import { BuyOrderAnalytics, ListingAnalytics, SalesAnalytics } from '../../../shared/api/types';
import { MarketCatalogQuery, SteamCatalogQuery } from './queries';

/** Field names selected under `parent` in a document. */
function selectedUnder(doc: DocumentNode, parent: string): string[] {
  const out: string[] = [];
  visit(doc, {
    Field(node) {
      if (node.name.value !== parent) return;
      for (const s of node.selectionSet?.selections ?? []) if (s.kind === 'Field') out.push(s.name.value);
    },
  });
  return out.sort();
}

describe('analytics documents', () => {
  const schema = buildSchema(SCHEMA_SDL);
  it.each([
    ['SteamCatalog', SteamCatalogQuery],
    ['MarketCatalog', MarketCatalogQuery],
  ])('%s is valid against the spec schema', (_name, doc) => {
    expect(validate(schema, doc as unknown as DocumentNode)).toEqual([]);
    expect(print(doc as unknown as DocumentNode)).toContain('market_hash_name');
  });

  it('select every field of the spec types the charts and readers use', () => {
    const steam = SteamCatalogQuery as unknown as DocumentNode;
    const market = MarketCatalogQuery as unknown as DocumentNode;
    expect(selectedUnder(steam, 'sales')).toEqual(Object.keys(SalesAnalytics.shape).sort());
    for (const doc of [steam, market]) {
      expect(selectedUnder(doc, 'listings')).toEqual(Object.keys(ListingAnalytics.shape).sort());
      expect(selectedUnder(doc, 'buyOrders')).toEqual(Object.keys(BuyOrderAnalytics.shape).sort());
    }
  });
});
