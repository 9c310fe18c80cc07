/**
 * The backtest worker: opens the history store and runs a rule over it (backtest.ts) off the UI thread,
 * posting progress after each batch of items; a 'cancel' message stops it between batches. Messages as the
 * history export worker's (history/export.worker.ts).
 */
import { HistoryStore } from '../history/store';
import type { FeeTable } from '../model/price-arithmetic';
import { BacktestCancelled, runBacktest, type BacktestResult } from './backtest';
import { backtestRequestProblem, type BacktestRequestData } from './backtest-request';

export type BacktestRequest = { type: 'start'; req: BacktestRequestData } | { type: 'cancel' };
export type BacktestMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: BacktestResult }
  | { type: 'cancelled' }
  | { type: 'error'; message: string };

interface WorkerScope {
  postMessage(message: BacktestMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
}

const scope = self as unknown as WorkerScope;
let cancel = false;

scope.addEventListener('message', (e) => {
  const msg = e.data as { type?: unknown; req?: unknown } | null;
  if (msg?.type === 'cancel') {
    cancel = true;
    return;
  }
  const problem = msg?.type === 'start' ? backtestRequestProblem(msg.req) : 'an unknown message';
  if (problem !== null) {
    scope.postMessage({ type: 'error', message: `Could not run the backtest: ${problem}.` });
    return;
  }
  const req = (msg as { req: BacktestRequestData }).req;
  cancel = false;
  void (async () => {
    let store: HistoryStore | null = null;
    try {
      store = await HistoryStore.open();
      const result = await runBacktest(
        store,
        {
          game: req.game,
          rule: req.rule,
          fees: req.fees as FeeTable,
          unknownFees: { buy: new Set(req.unknownBuy), sell: new Set(req.unknownSell) },
          from: req.from,
          to: req.to,
          ...(req.names ? { names: req.names } : {}),
        },
        (done, total) => scope.postMessage({ type: 'progress', done, total }),
        () => cancel,
      );
      scope.postMessage({ type: 'done', result });
    } catch (err) {
      if (err instanceof BacktestCancelled) scope.postMessage({ type: 'cancelled' });
      else scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    } finally {
      store?.close();
    }
  })();
});
