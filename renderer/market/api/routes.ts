/**
 * The grid's worker routes on the app's urql client (renderer/api/worker-exchange.ts), registered when this
 * module loads:
 *  - 'grid-prices': GRID_PRICES / GRID_ASKS with `context.gridColumns`; the worker POSTs the document,
 *    streams and parses the tens-of-MB answer, reads it row by row, shapes it into columns and posts them
 *    back with their buffers transferred. `data` is { grid: Snapshot }.
 *  - 'grid-item-lookup': ITEM_STEAM_ANALYTICS / ITEM_RECOMMENDATION with `context.itemLookup`; the API
 *    answers for the whole game, so the worker fetches that once (per data source and reload epoch), keeps
 *    it, and picks the operation's `item`. `data` is { row }.
 *  - 'grid-item-values': the same documents with `context.itemValues`: numbers of many items at once.
 * A failure is a GridWorkerError; gridErrorOf() turns the CombinedError back into a GridLoadError.
 */
import { getOperationName, stringifyDocument, type CombinedError, type Operation } from '@urql/core';
import { fromCombinedError } from '../../api/client';
import { graphqlRequestOf, registerWorkerRoute, type WorkerRoute } from '../../api/worker-exchange';
import { errorFromWire, errorToWire, GridErrorWireSchema, GridLoadError } from '../model/errors';
import { gridWorker, type GraphqlBatch, type ItemValues, type LoadProgress, type PricesRequest } from '../worker/client';
import { DeriveSchema, LOOKUP_READERS, type LookupField } from '../worker/protocol';
import { needsBatches, planBatches, type PerRequest } from './batches';
import { GRID_ASKS, GRID_BIDS, GRID_PRICES, type GridData, type ItemLookup } from './documents';

/** What a grid price query puts in its urql context as `gridColumns`. */
export interface GridOperationContext extends PricesRequest {
  onProgress?: (p: LoadProgress) => void;
}

function gridContext(op: Operation): GridOperationContext | null {
  const c: unknown = op.context.gridColumns;
  if (typeof c !== 'object' || c === null) return null;
  const g = c as Partial<GridOperationContext>;
  if (typeof g.game !== 'number' || !Array.isArray(g.askMarkets) || !Array.isArray(g.bidMarkets)) return null;
  if (g.derive !== undefined && !DeriveSchema.safeParse(g.derive).success) return null;
  return g as GridOperationContext;
}

export const gridPricesRoute: WorkerRoute = {
  name: 'grid-prices',
  match: gridContext,
  async run(op, task, { signal }): Promise<GridData> {
    const ctx = task as GridOperationContext;
    const batches = ctx.perRequest && needsBatches(ctx.askMarkets, ctx.bidMarkets, ctx.perRequest) ? graphqlBatches(ctx.askMarkets, ctx.bidMarkets, ctx.perRequest) : undefined;
    const grid = await gridWorker().loadGraphql(op.context.url, graphqlRequestOf(op), { ...ctx, batches }, { signal, onProgress: ctx.onProgress });
    return { grid };
  },
};

/** The requests of a load cut into batches (batches.ts), each with the document for the lists it carries. */
export function graphqlBatches(askMarkets: readonly string[], bidMarkets: readonly string[], per: PerRequest): GraphqlBatch[] {
  return planBatches(askMarkets, bidMarkets, per).map(({ ask, bid }) => {
    const doc = ask.length === 0 ? GRID_BIDS : bid.length === 0 ? GRID_ASKS : GRID_PRICES;
    const variables: Record<string, unknown> = {};
    if (ask.length > 0) variables.markets = ask;
    if (bid.length > 0) variables.bidMarkets = bid;
    return { body: { query: stringifyDocument(doc), variables, operationName: getOperationName(doc) }, askMarkets: ask, bidMarkets: bid };
  });
}

/** What an item look-up puts in its urql context as `itemLookup`. */
export interface ItemLookupContext {
  /** useDataSource().sourceKey: a kept answer of another source is never used. */
  source: string;
  /** Incremented by a manual refresh: an answer kept from before is fetched again. */
  epoch: number;
}

interface LookupTask extends ItemLookupContext {
  field: LookupField;
  item: string;
}

/** The root field of the operation's document. */
function rootField(op: Operation): string | null {
  for (const def of op.query.definitions) {
    if (def.kind !== 'OperationDefinition') continue;
    const first = def.selectionSet.selections[0];
    return first?.kind === 'Field' ? first.name.value : null;
  }
  return null;
}

function lookupTask(op: Operation): LookupTask | null {
  const c: unknown = op.context.itemLookup;
  if (typeof c !== 'object' || c === null) return null;
  const { source, epoch } = c as Partial<ItemLookupContext>;
  const item: unknown = (op.variables as Record<string, unknown> | undefined)?.item;
  const field = rootField(op);
  if (typeof source !== 'string' || typeof epoch !== 'number' || typeof item !== 'string' || field === null || !(field in LOOKUP_READERS)) return null;
  return { source, epoch, item, field: field as LookupField };
}

export const itemLookupRoute: WorkerRoute = {
  name: 'grid-item-lookup',
  match: lookupTask,
  async run(op, task, { signal }): Promise<ItemLookup<unknown>> {
    const t = task as LookupTask;
    const { row, at } = await gridWorker().lookup(op.context.url, graphqlRequestOf(op), t, { signal });
    return { row, fetchedAt: at };
  },
};

/** What a many-items look-up puts in its urql context as `itemValues`. */
export interface ItemValuesContext extends ItemLookupContext {
  /** Dotted paths of a row to read ("sales.avg_daily_volume"). */
  paths: readonly string[];
}

interface ValuesTask extends ItemValuesContext {
  field: LookupField;
  items: readonly string[];
}

function valuesTask(op: Operation): ValuesTask | null {
  const c: unknown = op.context.itemValues;
  if (typeof c !== 'object' || c === null) return null;
  const { source, epoch, paths } = c as Partial<ItemValuesContext>;
  const items: unknown = (op.variables as Record<string, unknown> | undefined)?.items;
  const field = rootField(op);
  if (typeof source !== 'string' || typeof epoch !== 'number' || !Array.isArray(paths) || !Array.isArray(items) || field === null || !(field in LOOKUP_READERS)) return null;
  return { source, epoch, paths: paths.map(String), items: items.map(String), field: field as LookupField };
}

/**
 * 'grid-item-values': many items' numbers from a whole-game answer (the portfolio's Steam volumes and
 * medians); the answer is the one the detail panel's look-ups keep, fetched once. `data` is ItemValues.
 */
export const itemValuesRoute: WorkerRoute = {
  name: 'grid-item-values',
  match: valuesTask,
  run(op, task, { signal }): Promise<ItemValues> {
    const t = task as ValuesTask;
    return gridWorker().lookupValues(op.context.url, graphqlRequestOf(op), t, { signal });
  },
};

registerWorkerRoute(gridPricesRoute);
registerWorkerRoute(itemLookupRoute);
registerWorkerRoute(itemValuesRoute);

function reviveGridError(wire: unknown): GridLoadError | null {
  const parsed = GridErrorWireSchema.safeParse(wire);
  return parsed.success ? errorFromWire(parsed.data) : null;
}

/** The GridLoadError behind a CombinedError from one of these routes (or from the way to them). */
export function gridErrorOf(error: CombinedError): GridLoadError {
  const e = fromCombinedError(error, reviveGridError);
  return e instanceof GridLoadError ? e : errorFromWire(errorToWire(e));
}
