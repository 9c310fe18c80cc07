/**
 * The live scan's worker: each poll's routes (live.ts) off the UI thread. One request at a time from the
 * page; an answer carries the request's id, so the page drops answers to requests it has replaced.
 */
import { LiveScanner, type LiveScanRequest, type LiveScanResult } from './live';

export type LiveScanMessage = { type: 'routes'; id: number; result: LiveScanResult } | { type: 'error'; id: number; message: string };

interface WorkerScope {
  postMessage(message: LiveScanMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
}

const scope = self as unknown as WorkerScope;
const scanner = new LiveScanner();

scope.addEventListener('message', (e) => {
  const msg = e.data as { id?: unknown; req?: unknown } | null;
  const id = typeof msg?.id === 'number' ? msg.id : -1;
  try {
    const req = msg?.req as LiveScanRequest | undefined;
    if (!req || typeof req !== 'object' || !req.data || !req.rule) throw new Error('Not a scan request.');
    scope.postMessage({ type: 'routes', id, result: scanner.scan(req) });
  } catch (err) {
    scope.postMessage({ type: 'error', id, message: err instanceof Error ? err.message : String(err) });
  }
});
