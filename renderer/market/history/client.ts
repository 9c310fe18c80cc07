/**
 * The UI side of the history worker: one worker per window, promise-based requests, and a version
 * counter that moves after each recorded poll or a clear (charts and sparklines read again on it).
 * What went wrong in the worker that the user must know (a write that failed, a database of a newer
 * build, an upgrade waiting for another tab) goes to the storage notices Settings shows.
 */
import { useSyncExternalStore } from 'react';
import { SingleWriter, type LockManagerLike } from '../../lib/storage/single-writer';
import { setNotice } from '../../lib/storage/status';
import { isValuesInput, type PollInput, type ValuesInput } from './recorder';
import type { SampledHistory } from './sampling';
import {
  INPUT_HINT_MS,
  type FollowSource,
  type HistoryRequest,
  type HistoryResponse,
  type InputHint,
} from './protocol';
import type { PortfolioSeries, PortfolioSeriesRequest } from './portfolio-series';
import type { Limits, RecordResult, Usage } from './store';

type Body = HistoryRequest extends infer R ? (R extends HistoryRequest ? Omit<R, 'id'> : never) : never;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./history.worker.ts', import.meta.url), {
      type: 'module',
      name: 'market-desk-history',
    });
    worker.addEventListener('message', (e: MessageEvent<HistoryResponse>) => {
      const m = e.data;
      if ('notice' in m) {
        setNotice(m.notice === 'migrate' ? 'history-migrate' : 'history-open', m.text);
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.ok) {
        setNotice('history-open', null);
        p.resolve(m.result);
      } else {
        if (m.code === 'newer') setNotice('history-open', m.error);
        p.reject(Object.assign(new Error(m.error), m.code ? { code: m.code } : {}));
      }
    });
    tellInput(worker);
  }
  return worker;
}

/** The user's scrolls, keys and presses, told to the worker (InputHint): its writes give way to them. */
function tellInput(w: Worker): void {
  let last = -Infinity;
  const tell = () => {
    const now = performance.now();
    if (now - last < INPUT_HINT_MS) return;
    last = now;
    w.postMessage({ hint: 'input' } satisfies InputHint);
  };
  // No page around the worker (a test's): nothing to tell.
  if (typeof window === 'undefined') return;
  // Capture: a scroll inside an element does not bubble to the window.
  for (const type of ['scroll', 'wheel', 'keydown', 'pointerdown'])
    window.addEventListener(type, tell, { capture: true, passive: true });
}

function call<T>(body: Body, transfer: Transferable[] = []): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    getWorker().postMessage({ ...body, id }, transfer);
  });
}

/**
 * One tab records (web host: several tabs share the database, and two recorders would each write their own
 * baselines and open chunks of the same polls): the holder of a Web Lock. The others only read, and
 * follow the writer's changes through a BroadcastChannel.
 */
const WRITER_LOCK = 'market-desk-history-writer';
const CHANNEL_NAME = 'market-desk-history';
let writer: SingleWriter | null = null;
let channel: BroadcastChannel | null = null;
/** How long the first write waits for the writer lock's answer. */
const WRITER_WAIT_MS = 3000;

export function historyWriter(): SingleWriter {
  if (!writer) {
    const locks =
      typeof navigator !== 'undefined' ? ((navigator as Navigator & { locks?: LockManagerLike }).locks ?? null) : null;
    writer = new SingleWriter(locks, WRITER_LOCK);
    if (typeof BroadcastChannel === 'function') {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.onmessage = (e: MessageEvent<unknown>) => {
        // Cleared in another tab: this tab's recorder must not go on from what it last wrote.
        if ((e.data as { type?: unknown } | null)?.type === 'cleared')
          void call<null>({ op: 'forget' }).catch(() => undefined);
        bump();
      };
    }
  }
  return writer;
}

/** This tab records price history (false: another tab does). */
export function useHistoryWriter(): boolean {
  const w = historyWriter();
  return useSyncExternalStore(
    w.subscribe,
    () => w.isWriter,
    () => w.isWriter,
  );
}

let version = 0;
const listeners = new Set<() => void>();
function bump(): void {
  version++;
  for (const l of [...listeners]) l();
}
/** This tab wrote: its charts and the other tabs' read again. */
function changed(type: 'changed' | 'cleared' = 'changed'): void {
  bump();
  channel?.postMessage({ type });
}
function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
/** Changes after every recorded poll and a clear. */
export function useHistoryVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}

export const history = {
  /** A grid poll, or a load of another stream's values (the Steam medians); its arrays are transferred. */
  /** Records in the writing tab; in another tab it records nothing (and says so: `skipped`). */
  async record(poll: PollInput | ValuesInput, limits: Limits): Promise<RecordResult & { skipped?: true }> {
    if (!(await historyWriter().settled(WRITER_WAIT_MS)))
      return { points: 0, changedItems: 0, bytesWritten: 0, bytesAdded: 0, diffMs: 0, writeMs: 0, skipped: true };
    let r: RecordResult;
    try {
      r = await call<RecordResult>(
        { op: 'record', poll, limits },
        isValuesInput(poll) ? [poll.values.buffer] : [poll.ask.buffer, poll.bid.buffer],
      );
    } catch (e) {
      // Shown whatever failed (the write, opening the database, the worker): a poll not recorded is a gap
      // in the user's history. A newer build's database is already told as the 'history-open' notice.
      const code = (e as { code?: string }).code;
      const text = e instanceof Error ? e.message : String(e);
      if (code !== 'newer')
        setNotice(
          'history-write',
          code === 'write' ? text : `Could not save price history: ${text}. The next refresh tries again.`,
        );
      throw e;
    }
    setNotice('history-write', null);
    if (r.points > 0) changed();
    return r;
  },
  /** One item's series; `view`: a view that reads again when the version moves (answered during a poll's write). */
  item: (game: number, name: string, from: number, to: number, slots: number, markets?: string[], view = false) =>
    call<SampledHistory>({ op: 'item', game, name, from, to, slots, markets, view }),
  /**
   * The grid's sparklines. They keep their turn after a poll's write: answered between its slices, their drawing
   * landed in the next catalog load (bench:grid's first paint 1.4 x slower by turns, docs/benchmarks.md).
   */
  sparks: (game: number, names: string[], from: number, to: number, slots: number, askMarkets: string[]) =>
    call<Array<Float64Array | null>>({ op: 'sparks', game, names, from, to, slots, askMarkets }),
  /** Many items' sell-now and list-at-lowest values through time, summed (portfolio-series.ts); a view's read. */
  portfolio: (req: PortfolioSeriesRequest) => call<PortfolioSeries>({ op: 'portfolio', req }),
  usage: () => call<Usage>({ op: 'usage' }),
  /**
   * The items a source follows in a game: all their markets stay at poll resolution (the others'
   * per-market series are consolidated to hourly values after 48 hours, daily after 7 days). The portfolio calls it with its
   * held items' names (source 'portfolio'); the grid with its watchlist and alerts (useFollowedHistory).
   */
  follow: (game: number, source: FollowSource, names: readonly string[]) =>
    call<null>({ op: 'follow', game, source, names: [...names] }),
  /**
   * Consolidates what is older than `afterMs` (hourly) and `dailyAfterMs` (daily): in the background, in
   * steps (no `now`); or at once as if it were `now` (tests and tools), resolving to the items consolidated.
   */
  consolidate: async (now?: number, afterMs?: number, dailyAfterMs?: number) => {
    const n = await call<number>({
      op: 'consolidate',
      ...(now !== undefined ? { now } : {}),
      ...(afterMs !== undefined ? { afterMs } : {}),
      ...(dailyAfterMs !== undefined ? { dailyAfterMs } : {}),
    });
    if (n > 0) changed();
    return n;
  },
  enforce: async (limits: Limits) => {
    const n = await call<number>({ op: 'enforce', limits });
    if (n > 0) changed();
    return n;
  },
  async clear(): Promise<void> {
    await call<null>({ op: 'clear' });
    setNotice('history-write', null);
    changed('cleared');
  },
};
