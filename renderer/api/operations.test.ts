/**
 * The SDL is the single source of the client's operations: every document must validate against
 * SCHEMA_SDL, and each zod result schema must select exactly the fields its document asks for.
 */
import {
  buildSchema,
  getNamedType,
  isObjectType,
  Kind,
  parse,
  validate,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SCHEMA_SDL } from '../../shared/api/schema';
import { OPERATIONS } from './operations';

const schema = buildSchema(SCHEMA_SDL);

/** Field tree of a selection set: name -> subtree (null for leaves). */
type Tree = { [field: string]: Tree | null };

function selectionTree(set: SelectionSetNode): Tree {
  const out: Tree = {};
  for (const sel of set.selections) {
    if (sel.kind !== Kind.FIELD) throw new Error('operations use plain fields only');
    out[sel.name.value] = sel.selectionSet ? selectionTree(sel.selectionSet) : null;
  }
  return out;
}

function unwrap(t: z.ZodType): z.ZodType {
  let cur = t;
  for (;;) {
    if (cur instanceof z.ZodNullable || cur instanceof z.ZodOptional || cur instanceof z.ZodDefault || cur instanceof z.ZodCatch) {
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

function sortTree(t: Tree | null): unknown {
  if (t === null) return null;
  return Object.fromEntries(
    Object.keys(t)
      .sort()
      .map((k) => [k, sortTree(t[k] ?? null)]),
  );
}

describe('GraphQL operations vs SCHEMA_SDL', () => {
  it('has operations', () => {
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(6);
  });

  for (const op of OPERATIONS) {
    describe(op.name, () => {
      const doc = parse(op.source);
      const def = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);

      it('validates against the SDL', () => {
        expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
      });

      it('is one named query whose name and root field match the registry', () => {
        expect(doc.definitions).toHaveLength(1);
        expect(def?.operation).toBe('query');
        expect(def?.name?.value).toBe(op.name);
        const roots = def!.selectionSet.selections;
        expect(roots).toHaveLength(1);
        const root = roots[0]!;
        expect(root.kind === Kind.FIELD && root.name.value).toBe(op.field);
        expect(schema.getQueryType()?.getFields()[op.field]).toBeDefined();
      });

      it('its row reader (spec schema and lenient one) selects exactly the document\u2019s fields', () => {
        const root = def!.selectionSet.selections[0]!;
        if (root.kind !== Kind.FIELD || !root.selectionSet) throw new Error('root needs a selection');
        expect(sortTree(zodTree(op.rows.strict))).toEqual(sortTree(selectionTree(root.selectionSet)));
        expect(sortTree(zodTree(op.rows.lenient))).toEqual(sortTree(selectionTree(root.selectionSet)));
      });

      it('its variables match the document\u2019s variable definitions', () => {
        const declared = (def!.variableDefinitions ?? []).map((v) => v.variable.name.value).sort();
        const zodVars = Object.keys((op.variables as unknown as z.ZodObject).shape).sort();
        expect(zodVars).toEqual(declared);
      });

      it('never selects a field the SDL marks deprecated, and every leaf is a scalar or enum', () => {
        const root = def!.selectionSet.selections[0]!;
        if (root.kind !== Kind.FIELD) return;
        const rootType = getNamedType(schema.getQueryType()!.getFields()[op.field]!.type);
        const check = (set: SelectionSetNode, type: GraphQLObjectType) => {
          for (const sel of set.selections) {
            if (sel.kind !== Kind.FIELD) continue;
            const field = type.getFields()[sel.name.value];
            expect(field, `${type.name}.${sel.name.value}`).toBeDefined();
            expect(field?.deprecationReason ?? null).toBeNull();
            const named = getNamedType(field!.type);
            if (sel.selectionSet && isObjectType(named)) check(sel.selectionSet, named);
            else expect(isObjectType(named)).toBe(false);
          }
        };
        if (root.selectionSet && isObjectType(rootType)) check(root.selectionSet, rootType);
      });
    });
  }

  it('never asks for a token (the renderer has no key)', () => {
    for (const op of OPERATIONS) expect(op.source).not.toMatch(/createSubscriptionToken|mutation/);
  });

  it('parses a response row by row: a bad row is dropped, a bad value is null; only a non-array is an error', () => {
    const op = OPERATIONS.find((o) => o.name === 'ConnectionCheck')!;
    const ok = { getPriceRecommendations: [{ market_hash_name: 'AWP | Asiimov (Field-Tested)', suggested_price: 95120, liquidity_score: 8120 }] };
    expect(op.parse(ok)).toEqual({ rows: ok.getPriceRecommendations, droppedRows: 0, invalidValues: 0 });
    const dirty = {
      getPriceRecommendations: [
        { market_hash_name: 1 },
        { market_hash_name: 'a', suggested_price: null, liquidity_score: 10000.5 },
        null,
      ],
    };
    expect(op.parse(dirty)).toEqual({ rows: [{ market_hash_name: 'a', suggested_price: null, liquidity_score: null }], droppedRows: 2, invalidValues: 2 });
    let caught: unknown;
    try {
      op.parse({ getPriceRecommendations: { market_hash_name: 'x' } });
    } catch (e) {
      caught = e;
    }
    expect(caught).toMatchObject({ kind: 'invalid-response', detail: 'ConnectionCheck.getPriceRecommendations: expected an array of items, got a object' });
    expect(() => op.parse(null)).toThrow();
  });
});
