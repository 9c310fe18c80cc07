/// <reference lib="webworker" />
/**
 * The grid's module worker: fetch, parse, validate and shape whole-catalog responses off the UI thread.
 * All logic is in engine.ts; this file only wires it to the worker's message port.
 */
import { GridEngine } from './engine';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const engine = new GridEngine((msg, transfer) => scope.postMessage(msg, { transfer: transfer ?? [] }));
scope.addEventListener('message', (e: MessageEvent<unknown>) => engine.handle(e.data));
