/**
 * The history worker: change detection and IndexedDB writes off the UI thread. Requests are handled one
 * at a time in arrival order (a read after a poll sees that poll).
 */
import { NewerDatabaseError } from '../../lib/storage/versioned-db';
import { HistoryStore, HistoryWriteError } from './store';
import type { HistoryRequest, HistoryResponse } from './protocol';
import { readPortfolio } from './portfolio-series';

interface WorkerScope {
  postMessage(message: unknown, options: { transfer: Transferable[] }): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<HistoryRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
let storeP: Promise<HistoryStore> | null = null;
const store = (): Promise<HistoryStore> =>
  (storeP ??= HistoryStore.open(undefined, { onBlocked: (text) => scope.postMessage({ notice: 'blocked', text } satisfies HistoryResponse, { transfer: [] }) }).catch(
    (e: unknown) => {
      // Not kept: a later request tries again (the newer tab may be gone, the disk back).
      storeP = null;
      throw e;
    },
  ));
let queue: Promise<unknown> = Promise.resolve();

async function handle(req: HistoryRequest): Promise<{ result: unknown; transfer: Transferable[] }> {
  const s = await store();
  switch (req.op) {
    case 'record':
      return { result: await s.record(req.poll, req.limits), transfer: [] };
    case 'item': {
      const keep = req.markets ? new Set(req.markets) : null;
      const h = await s.readItem(req.game, req.name, req.from, req.to, req.slots, keep ? (k) => keep.has(k) : undefined);
      return { result: h, transfer: [h.times.buffer, h.bestAsk.buffer, h.bestBid.buffer, ...h.values.map((v) => v.buffer)] };
    }
    case 'sparks': {
      const r = await s.readSparks(req.game, req.names, req.from, req.to, req.slots, req.askMarkets);
      return { result: r, transfer: r.flatMap((a) => (a ? [a.buffer] : [])) };
    }
    case 'portfolio': {
      const { req: q } = req;
      const r = await readPortfolio((name, keep) => s.readItem(q.game, name, q.from, q.to, q.slots, keep), q);
      return { result: r, transfer: [r.times.buffer, r.sellNow.buffer, r.listLowest.buffer, r.sellNowMissing.buffer, r.listLowestMissing.buffer] };
    }
    case 'usage':
      return { result: await s.usage(), transfer: [] };
    case 'enforce':
      return { result: await s.enforce(req.limits), transfer: [] };
    case 'clear':
      await s.clear();
      return { result: null, transfer: [] };
    case 'forget':
      s.forget();
      return { result: null, transfer: [] };
  }
}

scope.addEventListener('message', (e) => {
  const req = e.data;
  queue = queue.then(async () => {
    let msg: HistoryResponse;
    let transfer: Transferable[] = [];
    try {
      const r = await handle(req);
      msg = { id: req.id, ok: true, result: r.result };
      transfer = r.transfer;
    } catch (err) {
      const code = err instanceof HistoryWriteError ? 'write' : err instanceof NewerDatabaseError ? 'newer' : undefined;
      msg = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err), ...(code ? { code } : {}) };
    }
    scope.postMessage(msg, { transfer });
  });
});
