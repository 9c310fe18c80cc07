/**
 * The UI side of the history worker: one worker per window, promise-based requests, and a version
 * counter that moves after each recorded poll or a clear (charts and sparklines read again on it).
 * What went wrong in the worker that the user must know (a write that failed, a database of a newer
 * build, an upgrade waiting for another tab) goes to the storage notices Settings shows.
 */
import { useSyncExternalStore } from 'react';
import { setNotice } from '../storage/status';
import { isValuesInput, type PollInput, type SampledHistory, type ValuesInput } from './model';
import type { HistoryRequest, HistoryResponse } from './protocol';
import type { Limits, RecordResult, Usage } from './store';

type Body = HistoryRequest extends infer R ? (R extends HistoryRequest ? Omit<R, 'id'> : never) : never;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./history.worker.ts', import.meta.url), { type: 'module', name: 'market-desk-history' });
    worker.addEventListener('message', (e: MessageEvent<HistoryResponse>) => {
      const m = e.data;
      if ('notice' in m) {
        setNotice('history-open', m.text);
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
  }
  return worker;
}

function call<T>(body: Body, transfer: Transferable[] = []): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    getWorker().postMessage({ ...body, id }, transfer);
  });
}

let version = 0;
const listeners = new Set<() => void>();
function bump(): void {
  version++;
  for (const l of [...listeners]) l();
}
function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
/** Changes after every recorded poll and a clear. */
export function useHistoryVersion(): number {
  return useSyncExternalStore(subscribe, () => version, () => version);
}

export const history = {
  /** A grid poll, or a load of another stream's values (the Steam medians); its arrays are transferred. */
  async record(poll: PollInput | ValuesInput, limits: Limits): Promise<RecordResult> {
    let r: RecordResult;
    try {
      r = await call<RecordResult>({ op: 'record', poll, limits }, isValuesInput(poll) ? [poll.values.buffer] : [poll.ask.buffer, poll.bid.buffer]);
    } catch (e) {
      if ((e as { code?: string }).code === 'write') setNotice('history-write', (e as Error).message);
      throw e;
    }
    setNotice('history-write', null);
    if (r.points > 0) bump();
    return r;
  },
  item: (game: number, name: string, from: number, to: number, slots: number, markets?: string[]) =>
    call<SampledHistory>({ op: 'item', game, name, from, to, slots, markets }),
  sparks: (game: number, names: string[], from: number, to: number, slots: number, askMarkets: string[]) =>
    call<Array<Float64Array | null>>({ op: 'sparks', game, names, from, to, slots, askMarkets }),
  usage: () => call<Usage>({ op: 'usage' }),
  enforce: async (limits: Limits) => {
    const n = await call<number>({ op: 'enforce', limits });
    if (n > 0) bump();
    return n;
  },
  async clear(): Promise<void> {
    await call<null>({ op: 'clear' });
    setNotice('history-write', null);
    bump();
  },
};
