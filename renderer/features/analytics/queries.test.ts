import {
  buildSchema,
  Kind,
  print,
  validate,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_SDL } from '../../../shared/api/schema';
import { BuyOrderAnalytics, ListingAnalytics, SalesAnalytics } from '../../../shared/api/types';
import { MarketCatalogQuery, SteamCatalogQuery } from './queries';

const asNode = (doc: unknown) => doc as DocumentNode;

/** Field names selected under `parent` in a document, fragment spreads read through. */
function selectedUnder(doc: DocumentNode, parent: string): string[] {
  const fragments = new Map(
    doc.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const fields = (set: SelectionSetNode | undefined): string[] =>
    (set?.selections ?? []).flatMap((s) =>
      s.kind === Kind.FIELD
        ? [s.name.value]
        : s.kind === Kind.FRAGMENT_SPREAD
          ? fields(fragments.get(s.name.value)?.selectionSet)
          : [],
    );
  const out: string[] = [];
  visit(doc, {
    Field(node) {
      if (node.name.value === parent) out.push(...fields(node.selectionSet));
    },
  });
  return out.sort();
}

describe('analytics documents', () => {
  const schema = buildSchema(SCHEMA_SDL);
  it.each([
    ['SteamCatalog', SteamCatalogQuery],
    ['MarketCatalog', MarketCatalogQuery],
  ])('%s is valid against the spec schema and carries its fragments', (_name, doc) => {
    expect(validate(schema, asNode(doc))).toEqual([]);
    // What is sent is the printed document: the fragments must be in it, once each.
    const text = print(asNode(doc));
    expect(text).toContain('market_hash_name');
    expect(text.match(/fragment ListingFields on ListingAnalytics/g)).toHaveLength(1);
    expect(text.match(/fragment BuyOrderFields on BuyOrderAnalytics/g)).toHaveLength(1);
  });

  it('select every field of the spec types the charts and readers use', () => {
    const steam = asNode(SteamCatalogQuery);
    const market = asNode(MarketCatalogQuery);
    expect(selectedUnder(steam, 'sales')).toEqual(Object.keys(SalesAnalytics.shape).sort());
    for (const doc of [steam, market]) {
      expect(selectedUnder(doc, 'listings')).toEqual(Object.keys(ListingAnalytics.shape).sort());
      expect(selectedUnder(doc, 'buyOrders')).toEqual(Object.keys(BuyOrderAnalytics.shape).sort());
    }
  });
});
