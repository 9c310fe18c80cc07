/**
 * The data worker (every page's whole catalogs): fetch, parse, validate and shape whole-catalog responses off the UI thread.
 * All logic is in engine.ts; this file only wires it to the worker's message port.
 */
import { MarketWorker } from './engine';

/** The part of DedicatedWorkerGlobalScope used here (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  postMessage(message: unknown, options: { transfer: Transferable[] }): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
}

const scope = self as unknown as WorkerScope;
const engine = new MarketWorker((msg, transfer) => scope.postMessage(msg, { transfer: transfer ?? [] }));
scope.addEventListener('message', (e) => engine.handle(e.data));
