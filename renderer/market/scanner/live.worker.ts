/**
 * The live scan's worker: each poll's routes (live.ts) off the UI thread. One request at a time from the
 * page; an answer carries the request's id, so the page drops answers to requests it has replaced. The
 * alerts' watcher runs its own instance for the saved rules that alert (`alerts` requests: RuleAlertScanner).
 */
import {
  LiveScanner,
  RuleAlertScanner,
  type LiveScanRequest,
  type LiveScanResult,
  type RuleAlertRequest,
} from './live';
import type { RouteFiring } from './route-alerts';

export type LiveScanMessage =
  | { type: 'routes'; id: number; result: LiveScanResult }
  | { type: 'firings'; id: number; firings: RouteFiring[] }
  | { type: 'error'; id: number; message: string };

interface WorkerScope {
  postMessage(message: LiveScanMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<unknown>) => void): void;
}

const scope = self as unknown as WorkerScope;
const scanner = new LiveScanner();
const alerting = new RuleAlertScanner();

scope.addEventListener('message', (e) => {
  const msg = e.data as { id?: unknown; req?: unknown; alerts?: unknown } | null;
  const id = typeof msg?.id === 'number' ? msg.id : -1;
  try {
    const alerts = msg?.alerts as RuleAlertRequest | undefined;
    if (alerts && typeof alerts === 'object' && alerts.data && Array.isArray(alerts.rules)) {
      scope.postMessage({ type: 'firings', id, firings: alerting.scan(alerts) });
      return;
    }
    const req = msg?.req as LiveScanRequest | undefined;
    if (!req || typeof req !== 'object' || !req.data || !req.rule) throw new Error('Not a scan request.');
    scope.postMessage({ type: 'routes', id, result: scanner.scan(req) });
  } catch (err) {
    scope.postMessage({ type: 'error', id, message: err instanceof Error ? err.message : String(err) });
  }
});
