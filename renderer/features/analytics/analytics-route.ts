/**
 * The analytics feature's worker route for the one urql client: operations carrying
 * `context.analyticsTask` are sent to the analytics worker (fetch, read row by row, summarize) instead of
 * being fetched and parsed on the UI thread. Their result `data` is { catalog: LoadedCatalog }.
 */
import { print, type DocumentNode } from 'graphql';
import type { Operation } from '@urql/core';
import { GRAPHQL_PATH } from '../../../shared/api/schema';
import { registerWorkerRoute } from '../../api/worker-exchange';
import { analyticsWorker } from './worker/client';
import type { CatalogKind, LoadedCatalog } from './worker/protocol';

export interface AnalyticsTask {
  key: string;
  kind: CatalogKind;
}

export function analyticsTaskOf(op: Operation): AnalyticsTask | null {
  const t: unknown = op.context.analyticsTask;
  if (typeof t !== 'object' || t === null) return null;
  const { key, kind } = t as Partial<AnalyticsTask>;
  return typeof key === 'string' && (kind === 'steam' || kind === 'market') ? { key, kind } : null;
}

export async function runAnalyticsTask(op: Operation, task: AnalyticsTask, signal: AbortSignal): Promise<{ catalog: LoadedCatalog }> {
  const query = print(op.query as DocumentNode);
  const variables = (op.variables ?? {}) as Record<string, unknown>;
  const catalog = await analyticsWorker().load(task.key, task.kind, GRAPHQL_PATH, { query, variables }, signal);
  return { catalog };
}

/** The catalog in a result's data, checked (data typed by the document is the raw shape, not this). */
export function catalogOf(data: unknown): LoadedCatalog | null {
  if (typeof data !== 'object' || data === null) return null;
  const c = (data as { catalog?: unknown }).catalog;
  if (typeof c !== 'object' || c === null) return null;
  const cat = c as Partial<LoadedCatalog>;
  return typeof cat.key === 'string' && Array.isArray(cat.names) && typeof cat.summary === 'object' ? (c as LoadedCatalog) : null;
}

registerWorkerRoute({
  name: 'analytics',
  match: analyticsTaskOf,
  run: (op, task, { signal }) => runAnalyticsTask(op, task as AnalyticsTask, signal),
});
