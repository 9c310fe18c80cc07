/**
 * Injected faults at the door of a data request, before it is authenticated or read: the latency, then
 * a reset socket, a 500 or a 429, or a mark that the answer is to be truncated (answer-stream.ts).
 */
import { badInput, ServiceError } from './errors';
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
    throw new ServiceError(
      429,
      'RATE_LIMITED',
      { message: `Rate limit exceeded; retry after ${after} s.`, details: { retryAfter: after } },
      { 'retry-after': String(after) },
    );
  }
  if (fate.truncateAt !== null) ex.fault = 'truncate';
  return fate;
}

/** The first market name a request body carries: REST `markets`/`market_name`, GraphQL variables or inline arguments. */
function firstMarketIn(body: unknown): { argument: 'markets' | 'market_name'; name: string } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const pick = (o: Record<string, unknown>) => {
    for (const k of ['markets', 'bidMarkets'] as const) {
      const v = o[k];
      if (Array.isArray(v) && typeof v[0] === 'string') return { argument: 'markets' as const, name: v[0] };
    }
    return typeof o.market_name === 'string' ? { argument: 'market_name' as const, name: o.market_name } : null;
  };
  const direct = pick(b);
  if (direct) return direct;
  if (typeof b.variables === 'object' && b.variables !== null && !Array.isArray(b.variables)) {
    const v = pick(b.variables as Record<string, unknown>);
    if (v) return v;
  }
  if (typeof b.query !== 'string') return null;
  const m = /\b(markets|market_name)\s*:\s*\[?\s*"([^"\\]{1,100})"/.exec(b.query.slice(0, 100_000));
  return m ? { argument: m[1] as 'markets' | 'market_name', name: m[2]! } : null;
}

/**
 * A transient refusal (badRequestFirst / badRequestEvery) of a request that names markets: a 400 that
 * names the first market asked as unknown ('opaque' style turns it into "Bad Request"); null when the
 * request names none or is not to be refused.
 */
export function transientRefusal(ex: Exchange, body: unknown, faults: FaultInjector): ServiceError | null {
  const market = firstMarketIn(body);
  if (!market || !faults.refuseMarketRequest()) return null;
  ex.fault = 'bad-request';
  return badInput(market.argument, `unknown market: ${market.name.slice(0, 100)}`, market.name);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
