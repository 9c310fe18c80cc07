/**
 * Injected faults at the door of a data request, before it is authenticated or read: the latency, then
 * a reset socket, a 500 or a 429, or a mark that the answer is to be truncated (answer-stream.ts).
 */
import { ServiceError } from './errors';
import type { Exchange } from './exchange';
import type { FaultDecision, FaultInjector } from './faults';

/**
 * Call only when `faults.active` (so a request without faults does not wait a turn here). 'reset' when the
 * socket was closed (nothing more to do); else the decision.
 */
export async function passFaultGate(ex: Exchange, faults: FaultInjector): Promise<FaultDecision | 'reset'> {
  const fate = faults.decide();
  if (fate.latencyMs > 0) await sleep(fate.latencyMs);
  if (fate.reset) {
    ex.fault = 'reset';
    ex.req.socket.destroy();
    return 'reset';
  }
  if (fate.error) {
    ex.fault = 'error';
    throw new ServiceError(500, 'INTERNAL_SERVER_ERROR', 'Injected fault: internal server error.');
  }
  if (fate.rateLimit) {
    ex.fault = 'rate-limit';
    const after = faults.current.retryAfterSeconds;
    throw new ServiceError(429, 'RATE_LIMITED', { message: `Rate limit exceeded; retry after ${after} s.`, details: { retryAfter: after } }, { 'retry-after': String(after) });
  }
  if (fate.truncateAt !== null) ex.fault = 'truncate';
  return fate;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
