/**
 * Selection plans: what graphql-js's executor would compute for a selection set (CollectFields with
 * fragments, inline fragments, @skip/@include, aliases and __typename, merged per response key), as a
 * small tree the fast serializers walk. Also the generic value serializer for plain-object results.
 */
import {
  GraphQLIncludeDirective,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSkipDirective,
  getDirectiveValues,
  getNamedType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  TypeNameMetaFieldDef,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { RawJson } from './dirty';
import { internalError } from './errors';
import { utf8, type ByteWriter } from './writer';

export interface FieldPlan {
  /** Response key (alias or field name). */
  key: string;
  name: string;
  /** The field's definition; null for __typename. */
  def: GraphQLField<unknown, unknown> | null;
  type: GraphQLOutputType;
  /** Every node merged under this key (the first carries the arguments). */
  nodes: FieldNode[];
  /** Plan of the named object type below, for object / list-of-object fields. */
  sub: ObjectPlan | null;
}

export interface ObjectPlan {
  type: GraphQLObjectType;
  fields: FieldPlan[];
}

export interface PlanContext {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Readonly<Record<string, unknown>>;
}

function included(ctx: PlanContext, node: FieldNode | { directives?: FieldNode['directives'] }): boolean {
  if (!node.directives || node.directives.length === 0) return true;
  const skip = getDirectiveValues(GraphQLSkipDirective, node, ctx.variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, ctx.variables);
  return include?.if !== false;
}

/** Our schema has only object types, so a type condition applies exactly when it names the parent type. */
function conditionApplies(type: GraphQLObjectType, cond: { name: { value: string } } | undefined): boolean {
  return cond === undefined || cond.name.value === type.name;
}

function collect(
  ctx: PlanContext,
  type: GraphQLObjectType,
  sel: SelectionSetNode,
  into: Map<string, FieldNode[]>,
  visited: Set<string>,
): void {
  for (const s of sel.selections) {
    switch (s.kind) {
      case Kind.FIELD: {
        if (!included(ctx, s)) break;
        const key = s.alias?.value ?? s.name.value;
        const list = into.get(key);
        if (list) list.push(s);
        else into.set(key, [s]);
        break;
      }
      case Kind.INLINE_FRAGMENT:
        if (!included(ctx, s) || !conditionApplies(type, s.typeCondition)) break;
        collect(ctx, type, s.selectionSet, into, visited);
        break;
      case Kind.FRAGMENT_SPREAD: {
        const name = s.name.value;
        if (visited.has(name) || !included(ctx, s)) break;
        visited.add(name);
        const frag = ctx.fragments.get(name);
        if (!frag || !conditionApplies(type, frag.typeCondition)) break;
        collect(ctx, type, frag.selectionSet, into, visited);
        break;
      }
    }
  }
}

/** Builds the plan of `selectionSets` (one or several merged) on an object type. */
export function planSelection(
  ctx: PlanContext,
  type: GraphQLObjectType,
  selectionSets: readonly SelectionSetNode[],
): ObjectPlan {
  const grouped = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  for (const sel of selectionSets) collect(ctx, type, sel, grouped, visited);
  const fields: FieldPlan[] = [];
  const defs = type.getFields();
  for (const [key, nodes] of grouped) {
    const first = nodes[0]!;
    const name = first.name.value;
    if (name === '__typename') {
      fields.push({ key, name, def: null, type: TypeNameMetaFieldDef.type, nodes, sub: null });
      continue;
    }
    const def = defs[name];
    if (!def) {
      // Introspection meta fields (__schema, __type) on the root: planned without a sub-plan; graphql-js
      // executes those documents. Anything else cannot pass validation.
      if (name !== '__schema' && name !== '__type') throw new Error(`unknown field ${type.name}.${name}`);
      fields.push({ key, name, def: null, type: TypeNameMetaFieldDef.type, nodes, sub: null });
      continue;
    }
    const named = getNamedType(def.type);
    let sub: ObjectPlan | null = null;
    if (isObjectType(named)) {
      const sets: SelectionSetNode[] = [];
      for (const n of nodes) if (n.selectionSet) sets.push(n.selectionSet);
      sub = planSelection(ctx, named, sets);
    }
    fields.push({ key, name, def, type: def.type, nodes, sub });
  }
  return { type, fields };
}

/** A plan of every field of `type`, in SDL order (the REST shape). */
export function fullPlan(schema: GraphQLSchema, type: GraphQLObjectType): ObjectPlan {
  const doc = parse(`{ ${fullSelection(type)} }`);
  const op = doc.definitions[0];
  if (!op || op.kind !== Kind.OPERATION_DEFINITION) throw new Error('unreachable');
  return planSelection({ schema, fragments: new Map(), variables: {} }, type, [op.selectionSet]);
}

function fullSelection(type: GraphQLObjectType): string {
  return Object.values(type.getFields())
    .map((f) => {
      const named = getNamedType(f.type);
      return isObjectType(named) ? `${f.name} { ${fullSelection(named)} }` : f.name;
    })
    .join(' ');
}

// ---------------------------------------------------------------------------------------------
// Generic serializer: plain JS values (the simulated market's objects) -> JSON bytes, driven by a plan.

export type ValueWriter = (w: ByteWriter, v: unknown) => void;
/** Computes a field's value from its parent object, for fields the data does not carry (e.g. game_id). */
type FieldResolver = (parent: Readonly<Record<string, unknown>>) => unknown;
export type ResolverLookup = (typeName: string, fieldName: string) => FieldResolver | undefined;

const NULL = utf8('null');
const TRUE = utf8('true');
const FALSE = utf8('false');

/** Off the typed path only: a value that is not of the field's type is a bug, unless a fault (dirty.ts) put it there. */
function raw(w: ByteWriter, v: unknown): void {
  if (v instanceof RawJson) w.text(v.json);
  else throw internalError();
}

function leafWriter(typeName: string, isEnum: boolean): ValueWriter {
  if (isEnum || typeName === 'String' || typeName === 'ID') {
    return (w, v) => {
      if (v === null || v === undefined) w.bytes(NULL);
      else if (typeof v === 'string') w.string(v);
      else raw(w, v);
    };
  }
  if (typeName === 'Int') {
    return (w, v) => {
      if (typeof v === 'number' && Number.isInteger(v) && v <= 0x7fffffff && v >= -0x80000000) w.int(v === 0 ? 0 : v);
      else if (v === null || v === undefined) w.bytes(NULL);
      else raw(w, v);
    };
  }
  if (typeName === 'Float') {
    return (w, v) => {
      if (typeof v === 'number' && Number.isFinite(v)) w.number(v);
      else if (v === null || v === undefined) w.bytes(NULL);
      else raw(w, v);
    };
  }
  if (typeName === 'Boolean') {
    return (w, v) => {
      if (v === null || v === undefined) w.bytes(NULL);
      else w.bytes(v === true ? TRUE : FALSE);
    };
  }
  throw new Error(`no writer for scalar ${typeName}`);
}

/** Compiles a writer for a value of `type` selected by `sub` (for object types). */
function compileValueWriter(type: GraphQLOutputType, sub: ObjectPlan | null, resolvers?: ResolverLookup): ValueWriter {
  if (isNonNullType(type))
    return compileValueWriter((type as GraphQLNonNull<GraphQLOutputType>).ofType, sub, resolvers);
  if (isListType(type)) {
    const item = compileValueWriter((type as GraphQLList<GraphQLOutputType>).ofType, sub, resolvers);
    return (w, v) => {
      if (v === null || v === undefined) {
        w.bytes(NULL);
        return;
      }
      if (!Array.isArray(v)) {
        raw(w, v);
        return;
      }
      w.byte(91);
      for (let i = 0; i < v.length; i++) {
        if (i > 0) w.byte(44);
        item(w, v[i]);
      }
      w.byte(93);
    };
  }
  if (isLeafType(type)) return leafWriter(type.name, isEnumType(type));
  if (isObjectType(type)) {
    if (!sub) throw new Error(`object type ${type.name} without a selection`);
    return compileObjectWriter(sub, resolvers);
  }
  throw new Error('unsupported output type');
}

export function compileObjectWriter(plan: ObjectPlan, resolvers?: ResolverLookup): ValueWriter {
  const n = plan.fields.length;
  const keys: Uint8Array[] = [];
  const getters: (FieldResolver | null)[] = [];
  const writers: ValueWriter[] = [];
  const names: string[] = [];
  const typename = utf8(JSON.stringify(plan.type.name));
  for (let i = 0; i < n; i++) {
    const f = plan.fields[i]!;
    keys.push(utf8(`${i === 0 ? '{' : ','}${JSON.stringify(f.key)}:`));
    names.push(f.name);
    if (f.name === '__typename') {
      getters.push(null);
      writers.push((w) => w.bytes(typename));
    } else {
      getters.push(resolvers?.(plan.type.name, f.name) ?? null);
      writers.push(compileValueWriter(f.type, f.sub, resolvers));
    }
  }
  const empty = utf8('{}');
  return (w, v) => {
    if (v === null || v === undefined) {
      w.bytes(NULL);
      return;
    }
    if (typeof v !== 'object' || v instanceof RawJson) {
      raw(w, v);
      return;
    }
    if (n === 0) {
      w.bytes(empty);
      return;
    }
    const o = v as Readonly<Record<string, unknown>>;
    for (let i = 0; i < n; i++) {
      w.bytes(keys[i]!);
      const g = getters[i];
      writers[i]!(w, g ? g(o) : o[names[i]!]);
    }
    w.byte(125);
  };
}
