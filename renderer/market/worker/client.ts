/**
 * The UI thread's side of the data worker's one request channel (protocol.ts): request ids, progress
 * callbacks, abort, checking what comes back; a failure is rejected with the worker's ApiError as it
 * came. Three workers of the same script: price loads, the detail panel's whole-catalog look-ups and the
 * recommendations (so a big download never queues behind, or in front of, a grid refresh). The runs at the
 * end hand whole-catalog urql operations to it (api/worker-exchange.ts).
 */
import type { PerRequest } from '../api/batches';
import type { Operation } from '@urql/core';
import { invalidResponse, type ApiError } from '../../api/errors';
import { graphqlRequestOf, type WorkerRun } from '../../api/worker-exchange';
import { toSnapshot, type Snapshot } from '../model/snapshot';
import type { SearchIndex } from '../model/search-index';
import type { RecommendationType } from '../../../shared/api/schema';
import type { RecColumns } from '../recommendations/rec-columns';
import { isRecColumns } from '../recommendations/rec-guard';
import { attachRecSearch } from '../recommendations/rec-search';
import { withPackedNames } from '../recommendations/rec-wire';
import {
  checkResponse,
  isSnapshotData,
  LOOKUP_READERS,
  type DeriveSettings,
  type LookupField,
  type MarketRequest,
} from './protocol';
import { unpackOnRead, unpackStrings, type PackedStrings } from './packed-strings';

function wrongShape(): ApiError {
  return invalidResponse('The data worker returned data of the wrong shape.');
}

export interface LoadProgress {
  bytes: number;
  total: number | null;
  phase: 'download' | 'parse';
}

export interface LoadOptions {
  signal?: AbortSignal;
  onProgress?: (p: LoadProgress) => void;
}

/** One GraphQL request of a batched load: its body and the names it carries. */
export interface GraphqlBatch {
  body: { query: string; variables?: Record<string, unknown>; operationName?: string };
  askMarkets: string[];
  bidMarkets: string[];
}

export interface PricesRequest {
  game: number;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
  /** Also compute the per-row figures with these settings (in the worker). */
  derive?: DeriveSettings;
  /** The most names the service takes per request (market discovery): longer lists are loaded in batches. */
  perRequest?: PerRequest;
}

export interface ItemValues {
  values: Float64Array[];
  found: Uint8Array;
  /** When the worker read the answer (ms since epoch). */
  at: number;
}

export type LookupRow<F extends LookupField> = ReturnType<(typeof LOOKUP_READERS)[F]['lenient']['parse']>;

type Pending = {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  onProgress?: (p: LoadProgress) => void;
  kind: WorkerKind;
};

/** Price loads, the detail panel's look-ups, the recommendations: each its own worker, so none queues behind another. */
type WorkerKind = 'prices' | 'details' | 'recs';

type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  new Worker(new URL('./market.worker.ts', import.meta.url), { type: 'module', name: 'market-desk-data' });

function abortError(): DOMException {
  return new DOMException('The load was cancelled.', 'AbortError');
}

/** Lets the browser run other tasks (input, paint) before continuing. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

/** The names taken apart in a short task of their own; the search text is left packed (unpackOnRead). */
async function unpackNames<W extends { names: PackedStrings; search: PackedStrings }>(
  wire: W,
): Promise<Omit<W, 'names' | 'search'> & { names: string[]; search: string[] }> {
  await yieldToBrowser();
  const names = unpackStrings(wire.names);
  await yieldToBrowser();
  return { ...wire, names, search: [] };
}

/** performance.mark at an epoch time measured in another thread. */
function markAt(name: string, epochMs: number, detail?: unknown): void {
  try {
    performance.mark(name, { startTime: Math.max(0, epochMs - performance.timeOrigin), detail });
  } catch {
    // marks are instrumentation only
  }
}

/** Grid answers waiting for their filter index at once, at most (every game's and request's polls). */
const MAX_AWAITED_INDEXES = 16;

export class MarketWorkerClient {
  private readonly workers = new Map<WorkerKind, Worker>();
  private readonly pending = new Map<number, Pending>();
  /** The last recommendations list delivered, until its search text, flags and index follow. */
  private recsAwaitingSearch: { id: number; cols: RecColumns; painted?: boolean } | null = null;
  /** Grid answers whose filter index has not met them yet, by id (the index may come before the unpacking ends). */
  private readonly gridIndexes = new Map<number, { snap: Snapshot | null; index: SearchIndex | null }>();
  private nextId = 1;

  constructor(private readonly factory: WorkerFactory = defaultFactory) {}

  private worker(kind: WorkerKind): Worker {
    let w = this.workers.get(kind);
    if (!w) {
      w = this.factory();
      w.addEventListener('message', (e: MessageEvent<unknown>) => this.onMessage(e.data));
      const fail = (what: string) => () => {
        // The worker is unusable: fail what it was doing and start a fresh one next time.
        this.workers.delete(kind);
        for (const [id, p] of this.pending) {
          if (p.kind !== kind) continue;
          this.pending.delete(id);
          p.reject(invalidResponse(what));
        }
      };
      w.addEventListener('error', fail('The data worker failed to start or crashed.'));
      w.addEventListener('messageerror', fail('The data worker sent a message that could not be read.'));
      this.workers.set(kind, w);
    }
    return w;
  }

  private onMessage(raw: unknown): void {
    const msg = checkResponse(raw);
    if (!msg) {
      const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined;
      const p = typeof id === 'number' ? this.pending.get(id) : undefined;
      if (p && typeof id === 'number') {
        this.pending.delete(id);
        p.reject(wrongShape());
      }
      return;
    }
    if (msg.type === 'grid-search') {
      const e = this.gridIndexes.get(msg.id);
      if (!e) return;
      if (e.snap) {
        e.snap.searchIndex = msg.index;
        this.gridIndexes.delete(msg.id);
      } else e.index = msg.index;
      return;
    }
    if (msg.type === 'recs-search') {
      // For the list the 'recs' message of the same id delivered; its text is split when a filter first needs it.
      const list = this.recsAwaitingSearch;
      this.recsAwaitingSearch = null;
      if (list?.id !== msg.id) return;
      const { search, flags, index } = msg;
      attachRecSearch(list.cols, { search: () => unpackStrings(search), flags, index });
      return;
    }
    const p = this.pending.get(msg.id);
    if (!p) return;
    switch (msg.type) {
      case 'progress':
        p.onProgress?.({ bytes: msg.bytes, total: msg.total, phase: msg.phase });
        return;
      case 'error':
        this.pending.delete(msg.id);
        p.reject(msg.error);
        return;
      case 'result': {
        this.pending.delete(msg.id);
        const wire = msg.data;
        const { meta } = wire;
        markAt('grid:bytes-done', meta.bytesDoneAt, { bytes: meta.bytes });
        markAt('grid:shaped', meta.readyAt, { parseMs: meta.parseMs, shapeMs: meta.shapeMs, items: wire.n });
        performance.mark('grid:data-received', { detail: { items: wire.n } });
        this.awaitIndex(msg.id);
        void unpackNames(wire).then(
          (cols) => {
            if (!isSnapshotData(cols, true)) {
              this.gridIndexes.delete(msg.id);
              p.reject(wrongShape());
              return;
            }
            const snap = toSnapshot(cols);
            // The first paint needs none of the search text: the filter's first text or its idle warm-up reads it.
            unpackOnRead(snap, 'search', wire.search);
            p.resolve(this.withIndex(msg.id, snap));
          },
          (e: unknown) => {
            this.gridIndexes.delete(msg.id);
            p.reject(e);
          },
        );
        return;
      }
      case 'lookup':
        this.pending.delete(msg.id);
        p.resolve({ row: msg.row, at: msg.at ?? null });
        return;
      case 'lookup-values':
        this.pending.delete(msg.id);
        p.resolve({ values: msg.values, found: msg.found, at: msg.at });
        return;
      case 'recs': {
        this.pending.delete(msg.id);
        // The names stay packed until first read in full (after the first paint: the rows in sight read theirs).
        const cols = withPackedNames(msg.data);
        if (isRecColumns(cols)) {
          this.recsAwaitingSearch = { id: msg.id, cols };
          p.resolve(cols);
        } else p.reject(wrongShape());
        return;
      }
    }
  }

  private send<T>(kind: WorkerKind, build: (id: number) => MarketRequest, opts: LoadOptions = {}): Promise<T> {
    if (opts.signal?.aborted) return Promise.reject(abortError());
    const id = this.nextId++;
    const worker = this.worker(kind);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, onProgress: opts.onProgress, kind });
      opts.signal?.addEventListener(
        'abort',
        () => {
          if (!this.pending.delete(id)) return;
          worker.postMessage({ type: 'abort', id } satisfies MarketRequest);
          reject(abortError());
        },
        { once: true },
      );
      worker.postMessage(build(id));
    });
  }

  /** One GraphQL request (the document names aggregatedMinPrices and, with bids, aggregatedMaxOrders). */
  loadGraphql(
    url: string,
    body: { query: string; variables?: Record<string, unknown>; operationName?: string },
    req: PricesRequest & { batches?: GraphqlBatch[] },
    opts?: LoadOptions,
  ): Promise<Snapshot> {
    return this.send<Snapshot>(
      'prices',
      (id) => ({
        type: 'graphql',
        id,
        url: absolute(url),
        body,
        game: req.game,
        askMarkets: [...req.askMarkets],
        bidMarkets: [...req.bidMarkets],
        derive: req.derive,
        ...(req.batches ? { batches: req.batches } : {}),
      }),
      opts,
    );
  }

  /** The REST forms (they take a game): min prices and max orders in parallel, merged in the worker. */
  loadRest(minPricesPath: string, maxOrdersPath: string, req: PricesRequest, opts?: LoadOptions): Promise<Snapshot> {
    return this.send<Snapshot>(
      'prices',
      (id) => ({
        type: 'rest',
        id,
        minPricesUrl: absolute(minPricesPath),
        maxOrdersUrl: absolute(maxOrdersPath),
        game: req.game,
        askMarkets: [...req.askMarkets],
        bidMarkets: [...req.bidMarkets],
        derive: req.derive,
        ...(req.perRequest ? { perRequest: req.perRequest } : {}),
      }),
      opts,
    );
  }

  /**
   * One item of a whole-game answer: the worker POSTs `body` (once per document, variables, source and
   * reload epoch), reads the `field` rows and picks `item` (null when the answer has no such item); `at`:
   * when the worker read that answer (ms since epoch).
   */
  async lookup<F extends LookupField>(
    url: string,
    body: { query: string; variables?: Record<string, unknown>; operationName?: string },
    task: { field: F; item: string; source: string; epoch: number },
    opts?: LoadOptions,
  ): Promise<{ row: LookupRow<F> | null; at: number | null }> {
    const { row, at } = await this.send<{ row: unknown; at: number | null }>(
      'details',
      (id) => ({ type: 'lookup', id, url: absolute(url), body, ...task }),
      opts,
    );
    if (row === null) return { row: null, at };
    const checked = LOOKUP_READERS[task.field].lenient.safeParse(row);
    if (!checked.success) throw wrongShape();
    return { row: checked.data as LookupRow<F>, at };
  }

  /**
   * Numbers of many items from a whole-game answer (kept with the look-ups' answers, in the same worker):
   * `values[p][i]` is path p of item i (NaN: none); `found[i]` 1 where the answer has item i.
   */
  async lookupValues(
    url: string,
    body: { query: string; variables?: Record<string, unknown>; operationName?: string },
    task: { field: LookupField; items: readonly string[]; paths: readonly string[]; source: string; epoch: number },
    opts?: LoadOptions,
  ): Promise<ItemValues> {
    const r = await this.send<ItemValues>(
      'details',
      (id) => ({
        type: 'lookup-values',
        id,
        url: absolute(url),
        body,
        ...task,
        items: [...task.items],
        paths: [...task.paths],
      }),
      opts,
    );
    if (
      r.values.length !== task.paths.length ||
      r.found.length !== task.items.length ||
      r.values.some((v) => v.length !== task.items.length)
    )
      throw wrongShape();
    return r;
  }

  /**
   * A whole game's price recommendations as columns: GraphQL (`body` is the request) or, for the markets
   * filter, REST (`body` is { game_id, type, markets }).
   */
  loadRecs(
    req: {
      transport: 'graphql' | 'rest';
      url: string;
      body: Record<string, unknown>;
      game: number;
      type: RecommendationType;
      markets: readonly string[] | null;
    },
    opts?: LoadOptions,
  ): Promise<RecColumns> {
    return this.send<RecColumns>(
      'recs',
      (id) => ({
        type: 'recs',
        id,
        transport: req.transport,
        url: absolute(req.url),
        body: req.body,
        game: req.game,
        recType: req.type,
        markets: req.markets ? [...req.markets] : null,
      }),
      opts,
    );
  }

  /** A grid answer came: its index follows ('grid-search'). Only the last few are waited for (a load cut short sends none). */
  private awaitIndex(id: number): void {
    this.gridIndexes.set(id, { snap: null, index: null });
    for (const old of this.gridIndexes.keys()) {
      if (this.gridIndexes.size <= MAX_AWAITED_INDEXES) break;
      this.gridIndexes.delete(old);
    }
  }

  /** The snapshot with its index, if that came first; else it is kept to be given the index when it comes. */
  private withIndex(id: number, snap: Snapshot): Snapshot {
    const e = this.gridIndexes.get(id);
    if (!e) return snap;
    if (e.index) {
      snap.searchIndex = e.index;
      this.gridIndexes.delete(id);
    } else e.snap = snap;
    return snap;
  }

  /**
   * The last recommendations list delivered is on screen: its worker may now build what only filters
   * need (search text, flags, index), which it holds back so as not to share the cores with the list's
   * first frame. A no-op when that was sent already (or no list is waiting for it).
   */
  recsPainted(): void {
    const list = this.recsAwaitingSearch;
    const w = this.workers.get('recs');
    if (!list || !w || list.painted) return;
    list.painted = true;
    w.postMessage({ type: 'recs-painted', id: list.id } satisfies MarketRequest);
  }

  /**
   * Starts the recommendations worker ahead of its first load (idle time, or the page's tab under the
   * pointer) and, with `compile`, has it compile its reading code on a small sample, so the load itself
   * starts at once and reads 37k rows with warm code. (A load about to follow at once: no sample; the
   * worker compiles while the answer is on its way.) Once per worker.
   */
  warmRecs(compile = true): void {
    if (this.workers.has('recs')) return;
    const w = this.worker('recs');
    if (compile) w.postMessage({ type: 'warm' } satisfies MarketRequest);
  }

  dispose(): void {
    for (const w of this.workers.values()) w.terminate();
    this.workers.clear();
    for (const p of this.pending.values()) p.reject(abortError());
    this.pending.clear();
  }
}

/** Worker fetches resolve against the worker script's URL; hand it absolute URLs of this document. */
function absolute(path: string): string {
  return new URL(path, document.baseURI).href;
}

let shared: MarketWorkerClient | null = null;
/** The window's one data worker client (its workers start on first use). */
export function marketWorker(): MarketWorkerClient {
  shared ??= new MarketWorkerClient();
  return shared;
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

function lookupFieldOf(op: Operation): LookupField {
  const field = rootField(op);
  if (field === null || !(field in LOOKUP_READERS))
    throw invalidResponse(`No whole-game look-up reads ${field ?? 'this document'}.`);
  return field as LookupField;
}

/** Whose kept whole-game answers a look-up may use. */
export interface LookupSource {
  /** useDataSource().sourceKey: a kept answer of another source is never used. */
  source: string;
  /** Incremented by a manual refresh: an answer kept from before is fetched again. */
  epoch: number;
}

/**
 * Runs an ITEM_* document (market/api/documents.ts) as one item of the whole-game answer, which the worker
 * fetches once per source and epoch and keeps; the item is the operation's `item` variable. `data`: ItemLookup.
 */
export function itemLookupRun(from: LookupSource, client: MarketWorkerClient = marketWorker()): WorkerRun {
  return async (op, signal) => {
    const item: unknown = (op.variables as Record<string, unknown> | undefined)?.item;
    if (typeof item !== 'string') throw invalidResponse('A look-up needs the item it picks.');
    const { row, at } = await client.lookup(
      op.context.url,
      graphqlRequestOf(op),
      { field: lookupFieldOf(op), item, ...from },
      { signal },
    );
    return { row, fetchedAt: at };
  };
}

/** Runs ITEMS_STEAM_VALUES: many items' numbers at `paths` of the same kept answer; the items are the `items` variable. `data`: ItemValues. */
export function itemValuesRun(
  from: LookupSource & { paths: readonly string[] },
  client: MarketWorkerClient = marketWorker(),
): WorkerRun {
  return async (op, signal) => {
    const items: unknown = (op.variables as Record<string, unknown> | undefined)?.items;
    if (!Array.isArray(items)) throw invalidResponse('A look-up of many items needs its items.');
    return client.lookupValues(
      op.context.url,
      graphqlRequestOf(op),
      { field: lookupFieldOf(op), items: items.map(String), ...from },
      { signal },
    );
  };
}
