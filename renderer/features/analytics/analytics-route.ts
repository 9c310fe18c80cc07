/**
 * The analytics page's whole catalogs through the one urql client: an operation whose context carries
 * `worker: analyticsRun(task)` (api/worker-exchange.ts) is sent to the analytics worker (fetch, read row by
 * row, summarize) instead of being fetched and parsed on the UI thread. Its result `data` is
 * { catalog: LoadedCatalog }; a failure is the worker's ApiError.
 */
import { print, type DocumentNode } from 'graphql';
import { GRAPHQL_PATH } from '../../../shared/api/schema';
import type { WorkerRun } from '../../api/worker-exchange';
import { analyticsWorker } from './worker/client';
import type { CatalogKind, LoadedCatalog } from './worker/protocol';

export interface AnalyticsTask {
  key: string;
  kind: CatalogKind;
}

export function analyticsRun(task: AnalyticsTask): WorkerRun {
  return async (op, signal) => {
    const query = print(op.query as DocumentNode);
    const variables = (op.variables ?? {}) as Record<string, unknown>;
    const catalog = await analyticsWorker().load(task.key, task.kind, GRAPHQL_PATH, { query, variables }, signal);
    return { catalog };
  };
}

/** The catalog in a result's data, checked (data typed by the document is the raw shape, not this). */
export function catalogOf(data: unknown): LoadedCatalog | null {
  if (typeof data !== 'object' || data === null) return null;
  const c = (data as { catalog?: unknown }).catalog;
  if (typeof c !== 'object' || c === null) return null;
  const cat = c as Partial<LoadedCatalog>;
  return typeof cat.key === 'string' && Array.isArray(cat.names) && typeof cat.summary === 'object'
    ? (c as LoadedCatalog)
    : null;
}
