/** The analytics module worker: wires AnalyticsEngine (engine.ts) to the worker's message port. */
import { AnalyticsEngine } from './engine';

interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
}

const scope = self as unknown as WorkerScope;
const engine = new AnalyticsEngine((msg) => scope.postMessage(msg));
scope.addEventListener('message', (e) => void engine.handle(e.data));
