/**
 * POST /api/v2/graphql. The schema is built from SCHEMA_SDL; documents are parsed and validated by graphql-js
 * (cached per query string). Two execution paths give identical bytes: the fast path (root fields serialized
 * straight from the simulated market's data, driven by the selection plan) and graphql-js `execute` over
 * materialized objects (`executor: 'reference'`, for the equivalence tests). Introspection is answered by
 * graphql-js either way; authentication and argument rules run first, so both see only valid requests.
 */
import {
  buildSchema,
  execute,
  getArgumentValues,
  getLocation,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type Source,
} from 'graphql';
import { SCHEMA_SDL } from '../../../shared/api/schema';
import type { SimulatedMarket } from '../sim/types';
import {
  badInput,
  badRequest,
  internalError,
  ServiceError,
  unauthenticated,
  type ErrorCode,
  type ErrorLocation,
  type WireError,
} from './errors';
import type { DirtySpec } from './dirty';
import type { KeyGrant, KeyRegistry } from './keys';
import {
  isDataOperation,
  runOperation,
  TOKEN_OPERATION,
  validateArgs,
  type DataOperation,
  type MarketRules,
  type OperationArgs,
  type OperationResult,
} from './operations';
import { planSelection, type FieldPlan, type ObjectPlan, type PlanContext } from './plan';
import { materialize, writeResultArray } from './serialize';
import type { TokenClaims, TokenService } from './tokens';
import { utf8, type ByteWriter } from './writer';

export type Executor = 'fast' | 'reference';

export interface GraphQLDeps {
  market: () => SimulatedMarket;
  clock: () => number;
  tokens: TokenService;
  keys: KeyRegistry;
  executor: Executor;
  /** The marketplace names this service serves (any other is refused), and its list-size limit. */
  served: MarketRules;
  /** The dirty-data fault when on (dirty.ts); applied by the fast executor only. */
  dirty?: () => DirtySpec | null;
}

/** Checks the request's `api-token` header and the operations it grants; throws 401/403 ServiceErrors. */
export type Authorize = (operations: readonly DataOperation[]) => Promise<TokenClaims>;

/** Where the endpoint writes a successful answer. */
export interface AnswerStream {
  writer: ByteWriter;
  end(): Promise<void>;
}

interface ParsedDocument {
  document: DocumentNode;
  source: Source;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
}

type CachedDocument = ParsedDocument | ServiceError;

const DOC_CACHE_MAX = 500;
const DOC_CACHE_MAX_QUERY = 64 * 1024;
const MAX_TOKENS = 50_000;
/** Each root data field is a whole-catalog answer: a document may ask for at most this many. */
const MAX_ROOT_DATA_FIELDS = 16;
/** Response keys in the whole selection (aliases multiply output): more is refused. */
const MAX_SELECTED_FIELDS = 2_000;

function countFields(plan: ObjectPlan): number {
  let n = 0;
  for (const f of plan.fields) n += 1 + (f.sub ? countFields(f.sub) : 0);
  return n;
}

function locationsOf(source: Source, nodes: readonly FieldNode[]): ErrorLocation[] {
  const out: ErrorLocation[] = [];
  for (const n of nodes) if (n.loc) out.push(getLocation(source, n.loc.start));
  return out;
}

function fromGraphQLErrors(status: number, code: ErrorCode, errors: readonly GraphQLError[]): ServiceError {
  return new ServiceError(
    status,
    code,
    errors.map((e): WireError => ({
      message: e.message,
      ...(e.locations ? { locations: e.locations } : {}),
      ...(e.path ? { path: e.path } : {}),
    })),
  );
}

/** One root field of the selected operation, checked and ready to answer. */
type RootAnswer =
  | { kind: 'typename'; field: FieldPlan }
  | { kind: 'token'; field: FieldPlan; grant: KeyGrant }
  | { kind: 'data'; field: FieldPlan; args: OperationArgs }
  | { kind: 'introspection'; field: FieldPlan };

export class GraphQLEndpoint {
  readonly schema: GraphQLSchema;
  private readonly cache = new Map<string, CachedDocument>();

  constructor(private readonly deps: GraphQLDeps) {
    this.schema = buildSchema(SCHEMA_SDL);
  }

  /** Parses and validates a document, with an LRU cache keyed by the query text. */
  private document(query: string): ParsedDocument {
    const hit = this.cache.get(query);
    if (hit) {
      this.cache.delete(query);
      this.cache.set(query, hit);
      if (hit instanceof ServiceError) throw hit;
      return hit;
    }
    const result = this.parseAndValidate(query);
    if (query.length <= DOC_CACHE_MAX_QUERY) {
      if (this.cache.size >= DOC_CACHE_MAX) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
      this.cache.set(query, result);
    }
    if (result instanceof ServiceError) throw result;
    return result;
  }

  private parseAndValidate(query: string): CachedDocument {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS });
    } catch (e) {
      if (e instanceof GraphQLError) return fromGraphQLErrors(400, 'GRAPHQL_PARSE_FAILED', [e]);
      return new ServiceError(400, 'GRAPHQL_PARSE_FAILED', 'The query could not be parsed.');
    }
    const errors = validate(this.schema, document, undefined, { maxErrors: 50 });
    if (errors.length > 0) return fromGraphQLErrors(400, 'GRAPHQL_VALIDATION_FAILED', errors);
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const source = document.loc?.source;
    if (!source) return new ServiceError(400, 'GRAPHQL_PARSE_FAILED', 'The query could not be parsed.');
    return { document, source, fragments };
  }

  /** Handles a parsed JSON body; throws ServiceError for every non-200 outcome. */
  async handle(body: unknown, authorize: Authorize, open: () => AnswerStream): Promise<{ operations: string }> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest('The request body must be a JSON object with a "query" string.');
    }
    const { query, variables, operationName } = body as Record<string, unknown>;
    if (typeof query !== 'string' || query.trim() === '') {
      throw badRequest('The request body must have a non-empty "query" string.', { argument: 'query' });
    }
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
      throw badRequest('"variables" must be a JSON object.', { argument: 'variables' });
    }
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
      throw badRequest('"operationName" must be a string.', { argument: 'operationName' });
    }
    const parsed = this.document(query);
    const op = getOperationAST(parsed.document, operationName ?? undefined);
    if (!op) {
      throw badRequest(
        typeof operationName === 'string'
          ? `Unknown operation named "${operationName.slice(0, 100)}".`
          : 'Must provide operation name if query contains multiple operations.',
        { argument: 'operationName' },
      );
    }
    if (op.operation === 'subscription') {
      throw new ServiceError(
        400,
        'GRAPHQL_VALIDATION_FAILED',
        'This service has no subscriptions; send a query or a mutation.',
      );
    }
    const coerced = getVariableValues(
      this.schema,
      op.variableDefinitions ?? [],
      (variables ?? {}) as Record<string, unknown>,
      { maxErrors: 50 },
    );
    if (coerced.errors) throw fromGraphQLErrors(400, 'BAD_USER_INPUT', coerced.errors);
    const vars = coerced.coerced;

    const rootType = (
      op.operation === 'mutation' ? this.schema.getMutationType() : this.schema.getQueryType()
    ) as GraphQLObjectType;
    const ctx: PlanContext = { schema: this.schema, fragments: parsed.fragments, variables: vars };
    const root = planSelection(ctx, rootType, [op.selectionSet]);

    const dataFields = root.fields.filter((f) => isDataOperation(f.name)).length;
    if (dataFields > MAX_ROOT_DATA_FIELDS || countFields(root) > MAX_SELECTED_FIELDS) {
      throw new ServiceError(
        400,
        'GRAPHQL_VALIDATION_FAILED',
        `The operation is too large: at most ${MAX_ROOT_DATA_FIELDS} data root fields and ${MAX_SELECTED_FIELDS} selected fields.`,
      );
    }

    // Authentication and authorization first (they need only the root field names).
    const dataOps: DataOperation[] = [];
    for (const f of root.fields) if (isDataOperation(f.name) && !dataOps.includes(f.name)) dataOps.push(f.name);
    if (dataOps.length > 0) await authorize(dataOps);

    // Then every argument.
    const answers: RootAnswer[] = root.fields.map((field) => this.checkRootField(field, parsed.source, vars));

    if (this.deps.executor === 'reference') {
      await this.executeReference(parsed.document, op, vars, open);
    } else {
      const intro = answers.some((a) => a.kind === 'introspection')
        ? await this.introspect(parsed.document, op, vars)
        : null;
      await this.executeFast(answers, rootType.name, intro, open);
    }
    return { operations: root.fields.map((f) => f.name).join(',') };
  }

  private checkRootField(field: FieldPlan, source: Source, vars: Record<string, unknown>): RootAnswer {
    if (field.name === '__typename') return { kind: 'typename', field };
    if (field.name === '__schema' || field.name === '__type') return { kind: 'introspection', field };
    const node = field.nodes[0]!;
    const where = { locations: locationsOf(source, [node]), path: [field.key] };
    let raw: Record<string, unknown>;
    try {
      if (!field.def) throw new Error('unreachable: validated field without definition');
      raw = getArgumentValues(field.def, node, vars);
    } catch (e) {
      if (e instanceof GraphQLError) throw new ServiceError(400, 'BAD_USER_INPUT', { message: e.message, ...where });
      throw e;
    }
    if (field.name === TOKEN_OPERATION) {
      const key = raw.api_key;
      if (typeof key !== 'string' || key === '') {
        throw badInput('api_key', 'api_key is required: pass your API key to createSubscriptionToken.').at(where);
      }
      const grant = this.deps.keys.lookup(key);
      if (!grant) throw unauthenticated('INVALID_API_KEY', 'The API key is not valid.').at(where);
      return { kind: 'token', field, grant };
    }
    if (!isDataOperation(field.name)) throw new Error(`unreachable: unknown root field ${field.name}`);
    try {
      return { kind: 'data', field, args: validateArgs(field.name, raw, 'graphql', this.deps.served) };
    } catch (e) {
      throw e instanceof ServiceError ? e.at(where) : e;
    }
  }

  /**
   * Introspection values of the root fields: graphql-js executes the document with data resolvers that
   * answer empty lists (their real values come from the fast path), so only __schema / __type cost anything.
   */
  private async introspect(
    document: DocumentNode,
    op: OperationDefinitionNode,
    vars: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const empty = (): unknown[] => [];
    const rootValue = {
      aggregatedMaxOrders: empty,
      aggregatedMinPrices: empty,
      getSteamAnalytics: empty,
      getMarketOrderAnalytics: empty,
      getPriceRecommendations: empty,
    };
    const result = await execute({
      schema: this.schema,
      document,
      rootValue,
      variableValues: vars,
      operationName: op.name?.value,
    });
    if (result.errors?.length || !result.data) throw internalError();
    return result.data;
  }

  private async executeFast(
    answers: readonly RootAnswer[],
    rootTypeName: string,
    intro: Record<string, unknown> | null,
    open: () => AnswerStream,
  ): Promise<void> {
    // Compute everything before the first byte, so a failure is still a clean error response.
    const now = this.deps.clock();
    const dirty = this.deps.dirty?.() ?? null;
    const values: (OperationResult | string | { json: string })[] = [];
    for (const a of answers) {
      if (a.kind === 'data') values.push(runOperation(this.deps.market(), a.args, now));
      else if (a.kind === 'token') values.push(await this.deps.tokens.issue(a.grant));
      else if (a.kind === 'typename') values.push(rootTypeName);
      else values.push({ json: JSON.stringify(intro?.[a.field.key] ?? null) });
    }
    const stream = open();
    const w = stream.writer;
    w.bytes(utf8('{"data":{'));
    for (let i = 0; i < answers.length; i++) {
      const a = answers[i]!;
      const v = values[i]!;
      w.text(`${i > 0 ? ',' : ''}${JSON.stringify(a.field.key)}:`);
      if (typeof v === 'string') {
        w.string(v);
      } else if ('json' in v) {
        w.text(v.json);
      } else if (a.field.sub) {
        await writeResultArray(w, v, a.field.sub, dirty);
      } else {
        throw internalError();
      }
    }
    w.bytes(utf8('}}'));
    await stream.end();
  }

  private async executeReference(
    document: DocumentNode,
    op: OperationDefinitionNode,
    vars: Record<string, unknown>,
    open: () => AnswerStream,
  ): Promise<void> {
    const now = this.deps.clock();
    const data =
      (name: DataOperation) =>
      (args: Record<string, unknown>): unknown[] =>
        materialize(runOperation(this.deps.market(), validateArgs(name, args, 'graphql', this.deps.served), now));
    const rootValue = {
      aggregatedMaxOrders: data('aggregatedMaxOrders'),
      aggregatedMinPrices: data('aggregatedMinPrices'),
      getSteamAnalytics: data('getSteamAnalytics'),
      getMarketOrderAnalytics: data('getMarketOrderAnalytics'),
      getPriceRecommendations: data('getPriceRecommendations'),
      createSubscriptionToken: async (args: Record<string, unknown>): Promise<string> => {
        const grant = typeof args.api_key === 'string' ? this.deps.keys.lookup(args.api_key) : undefined;
        if (!grant) throw new Error('unreachable: key checked before execution');
        return this.deps.tokens.issue(grant);
      },
    };
    const result = await execute({
      schema: this.schema,
      document,
      rootValue,
      variableValues: vars,
      operationName: op.name?.value,
    });
    if (result.errors && result.errors.length > 0) throw internalError();
    const stream = open();
    stream.writer.text(JSON.stringify({ data: result.data }));
    await stream.end();
  }
}
