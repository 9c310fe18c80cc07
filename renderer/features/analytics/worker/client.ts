/**
 * The UI side of the analytics worker: one worker for the window's lifetime (started on first use),
 * requests matched to answers by id, cancellable.
 */
import type { AnalyticsRequest, AnalyticsResponse, CatalogKind, CatalogRow, LoadedCatalog } from './protocol';
import { isApiError, invalidResponse } from '../../../api/errors';
import type { ValuesInput } from '../../../market/history/recorder';

type Pending = { resolve: (v: AnalyticsResponse) => void; reject: (e: unknown) => void };

export class AnalyticsWorkerClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly create: () => Worker = () =>
      new Worker(new URL('./analytics.worker.ts', import.meta.url), { type: 'module', name: 'market-desk-analytics' }),
  ) {}

  private port(): Worker {
    if (!this.worker) {
      const w = this.create();
      w.addEventListener('message', (e: MessageEvent<AnalyticsResponse>) => {
        const p = this.pending.get(e.data.id);
        if (!p) return;
        this.pending.delete(e.data.id);
        // The worker's ApiError as it made it (checked: it crossed a thread).
        if (e.data.type === 'error')
          p.reject(
            isApiError(e.data.error)
              ? e.data.error
              : invalidResponse('The analytics worker sent an error of the wrong shape.'),
          );
        else p.resolve(e.data);
      });
      this.worker = w;
    }
    return this.worker;
  }

  private send(build: (id: number) => AnalyticsRequest, signal?: AbortSignal): Promise<AnalyticsResponse> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException('Cancelled.', 'AbortError'));
      this.pending.set(id, { resolve, reject });
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.pending.delete(id)) return;
          this.port().postMessage({ type: 'abort', id } satisfies AnalyticsRequest);
          reject(new DOMException('Cancelled.', 'AbortError'));
        },
        { once: true },
      );
      this.port().postMessage(build(id));
    });
  }

  async load(
    key: string,
    kind: CatalogKind,
    url: string,
    body: { query: string; variables?: Record<string, unknown>; operationName?: string },
    signal?: AbortSignal,
  ): Promise<LoadedCatalog> {
    const r = await this.send((id) => ({ type: 'load', id, key, kind, url, body }), signal);
    if (r.type !== 'loaded') throw new Error('Unexpected answer from the analytics worker.');
    return r.catalog;
  }

  async items(key: string, names: readonly string[]): Promise<(CatalogRow | null)[]> {
    const r = await this.send((id) => ({ type: 'items', id, key, names: [...names] }));
    if (r.type !== 'items') throw new Error('Unexpected answer from the analytics worker.');
    return r.rows;
  }

  /** A kept Steam catalog's medians for the price history (made in the worker); null: not kept any more. */
  async steamMedians(key: string, game: number, at: number): Promise<ValuesInput | null> {
    const r = await this.send((id) => ({ type: 'steam-medians', id, key, game, at }));
    if (r.type !== 'steam-medians') throw new Error('Unexpected answer from the analytics worker.');
    return r.values;
  }
}

let shared: AnalyticsWorkerClient | null = null;
export function analyticsWorker(): AnalyticsWorkerClient {
  shared ??= new AnalyticsWorkerClient();
  return shared;
}
