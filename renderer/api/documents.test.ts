/**
 * The SDL is the single source of the renderer's GraphQL: every `graphql(...)` document in renderer/ (found
 * in the sources, so a new feature's are checked without being listed here) must validate against
 * SCHEMA_SDL, be one named query, and never mint a token; no document is written any other way. Where the
 * answer is read with a row reader, the reader must read exactly the fields the document selects.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  Kind,
  parse,
  print,
  validate,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RowReader } from '../../shared/api/rows';
import { SCHEMA_SDL } from '../../shared/api/schema';
import { MaxOrdersRows, MinPricesRows, PriceRecommendationRows } from '../../shared/api/types';
import { GRID_ASKS, GRID_BIDS, GRID_PRICES, ITEM_RECOMMENDATION, ITEM_STEAM_ANALYTICS } from '../market/api/documents';
import { LOOKUP_READERS } from '../market/worker/protocol';
import { REC_LIST } from '../market/recommendations/api/documents';
import { ConnectionCheckQuery, ConnectionCheckRows } from './connection-check';

const schema = buildSchema(SCHEMA_SDL);
const RENDERER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(e.name) && !/\.d\.ts$|\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Every `graphql(`…`)` in the renderer's code, not its comments (gql.tada documents are static text). */
const scanned = sources(RENDERER).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bgraphql\(\s*`([^`]*)`/g)]
    .filter((m) => !/^\s*(\*|\/\/)/.test(text.slice(text.lastIndexOf('\n', m.index) + 1, m.index)))
    .map((m) => ({ file: path.relative(RENDERER, file), text: m[1] as string }));
});

const isFragment = (d: DefinitionNode): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION;
/** Fragment documents (`graphql(`fragment …`)`), by name: gql.tada adds them to the documents passed them. */
const fragments = new Map(
  scanned.flatMap((f) =>
    parse(f.text)
      .definitions.filter(isFragment)
      .map((d) => [d.name.value, { file: f.file, def: d }] as const),
  ),
);
/** The operation documents. */
const found = scanned.filter((f) => !parse(f.text).definitions.every(isFragment));

/** An operation's text with the fragments it spreads (transitively), as gql.tada sends it. */
function withFragments(text: string): DocumentNode {
  const doc = parse(text);
  const defs: DefinitionNode[] = [...doc.definitions];
  const have = new Set(defs.filter(isFragment).map((d) => d.name.value));
  for (let i = 0; i < defs.length; i++) {
    visit(defs[i]!, {
      FragmentSpread(node) {
        const frag = fragments.get(node.name.value);
        if (!frag || have.has(node.name.value)) return;
        have.add(node.name.value);
        defs.push(frag.def);
      },
    });
  }
  return { kind: Kind.DOCUMENT, definitions: defs };
}

function operationOf(doc: DocumentNode): OperationDefinitionNode {
  const ops = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  expect(ops).toHaveLength(1);
  return ops[0]!;
}

describe('every GraphQL document in renderer/', () => {
  it('is found (the scan works)', () => {
    const names = found.map((f) => operationOf(parse(f.text)).name?.value);
    expect(names).toEqual(
      expect.arrayContaining(['GridPrices', 'GridAsks', 'ItemSteamAnalytics', 'ItemRecommendation', 'ConnectionCheck']),
    );
  });

  it.each(found.map((f) => [`${f.file}: ${f.text.match(/query\s+(\w+)/)?.[1] ?? '?'}`, f.text] as const))(
    '%s validates against the SDL, is one named query and never asks for a token',
    (_name, text) => {
      const doc = withFragments(text);
      expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
      const op = operationOf(doc);
      expect(op.operation).toBe('query');
      expect(op.name?.value).toMatch(/^[A-Z]\w+$/);
      expect(text).not.toMatch(/createSubscriptionToken/);
    },
  );

  it('every fragment is used by a document (validated there, with its type)', () => {
    const used = new Set(
      found.flatMap((f) =>
        withFragments(f.text)
          .definitions.filter(isFragment)
          .map((d) => d.name.value),
      ),
    );
    for (const [name, { file }] of fragments) expect(used.has(name), `${file}: fragment ${name}`).toBe(true);
  });

  it('no document is written another way (urql gql, graphql-js parse of a query)', () => {
    for (const file of sources(RENDERER)) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/import\s*\{[^}]*\bgql\b[^}]*\}\s*from\s*'(urql|@urql\/core)'/);
      expect(text, file).not.toMatch(/\bgql`/);
    }
  });
});

/** Field tree of a selection set: name -> subtree (null for leaves). */
type Tree = { [field: string]: Tree | null };

/** Fragment spreads count as the fields of their fragment (`frags`: the document's own definitions). */
function selectionTree(set: SelectionSetNode, frags: ReadonlyMap<string, FragmentDefinitionNode>): Tree {
  const out: Tree = {};
  for (const sel of set.selections) {
    if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const frag = frags.get(sel.name.value);
      if (!frag) throw new Error(`fragment ${sel.name.value} is not in the document`);
      Object.assign(out, selectionTree(frag.selectionSet, frags));
      continue;
    }
    if (sel.kind !== Kind.FIELD) throw new Error('documents use fields and fragment spreads only');
    out[sel.name.value] = sel.selectionSet ? selectionTree(sel.selectionSet, frags) : null;
  }
  return out;
}

function unwrap(t: z.ZodType): z.ZodType {
  let cur = t;
  for (;;) {
    if (
      cur instanceof z.ZodNullable ||
      cur instanceof z.ZodOptional ||
      cur instanceof z.ZodDefault ||
      cur instanceof z.ZodCatch
    ) {
      cur = cur.unwrap() as z.ZodType;
    } else if (cur instanceof z.ZodArray) {
      cur = cur.element as z.ZodType;
    } else if (cur instanceof z.ZodPipe) {
      cur = cur.in as z.ZodType;
    } else return cur;
  }
}

function zodTree(t: z.ZodType): Tree | null {
  const inner = unwrap(t);
  if (!(inner instanceof z.ZodObject)) return null;
  const out: Tree = {};
  for (const [k, v] of Object.entries(inner.shape as Record<string, z.ZodType>)) out[k] = zodTree(v);
  return out;
}

function sorted(t: Tree | null): unknown {
  if (t === null) return null;
  return Object.fromEntries(
    Object.keys(t)
      .sort()
      .map((k) => [k, sorted(t[k] ?? null)]),
  );
}

describe('row readers read exactly what the documents select', () => {
  const cases: Array<[string, DocumentNode, string, RowReader<unknown>]> = [
    ['GridPrices', GRID_PRICES, 'aggregatedMinPrices', MinPricesRows],
    ['GridPrices', GRID_PRICES, 'aggregatedMaxOrders', MaxOrdersRows],
    ['GridAsks', GRID_ASKS, 'aggregatedMinPrices', MinPricesRows],
    ['GridBids', GRID_BIDS, 'aggregatedMaxOrders', MaxOrdersRows],
    ['ItemSteamAnalytics', ITEM_STEAM_ANALYTICS, 'getSteamAnalytics', LOOKUP_READERS.getSteamAnalytics],
    ['ItemRecommendation', ITEM_RECOMMENDATION, 'getPriceRecommendations', LOOKUP_READERS.getPriceRecommendations],
    ['RecommendationList', REC_LIST, 'getPriceRecommendations', PriceRecommendationRows],
    ['ConnectionCheck', ConnectionCheckQuery, 'getPriceRecommendations', ConnectionCheckRows],
  ];
  it.each(cases)('%s.%s', (_name, doc, field, reader) => {
    // Through the printer: the documents are gql.tada's AST; graphql-js reads its own.
    const printed = parse(print(doc));
    const frags = new Map(printed.definitions.filter(isFragment).map((d) => [d.name.value, d] as const));
    const root = operationOf(printed).selectionSet.selections.find(
      (s) => s.kind === Kind.FIELD && s.name.value === field,
    );
    if (root?.kind !== Kind.FIELD || !root.selectionSet) throw new Error(`${field} is not selected with fields`);
    const selected = sorted(selectionTree(root.selectionSet, frags));
    expect(sorted(zodTree(reader.strict))).toEqual(selected);
    expect(sorted(zodTree(reader.lenient))).toEqual(selected);
  });
});
