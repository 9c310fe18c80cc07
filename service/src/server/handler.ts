/**
 * The service as a Node (req, res) handler: routing, method and content-type checks, body limit, authentication,
 * fault injection, admin endpoints, error bodies and logging. Nothing a client sends may crash it or leak a stack
 * trace: every path ends in a JSON answer (or, for injected resets, a closed socket). The pieces:
 * service-parts.ts (options -> clock, faults, tokens, endpoints), routing.ts (admin.ts, fault-gate.ts,
 * api-dispatch.ts with authorize.ts and request-body.ts), answer-stream.ts (where a 200 is written), exchange.ts
 * (answers and errors) and request-log.ts (onResponse and the log line).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEMO_API_KEY } from '../../../shared/api/demo';
import { openExchange, sendFailure } from './exchange';
import { parseFaultPatch, type FaultConfig } from './faults';
import { reportWhenDone } from './request-log';
import { routeRequest } from './routing';
import { createServiceParts } from './service-parts';
import type { ServiceHandler, ServiceOptions } from './service-options';

export type { ResponseInfo, ServiceHandler, ServiceOptions } from './service-options';

/** Creates the service as a (req, res) handler; `startService` wraps it in an HTTP server. */
export function createServiceHandler(opts: ServiceOptions = {}): ServiceHandler {
  const parts = createServiceParts(opts);
  const { faults, clock, errorStyle } = parts;
  const logInternal = parts.quiet ? null : parts.log;

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const ex = openExchange(req, res);
    reportWhenDone(ex, parts);
    routeRequest(ex, parts)
      .catch((e: unknown) => {
        sendFailure(ex, e, errorStyle, logInternal);
      })
      .catch(() => {
        res.destroy();
      });
  };

  return Object.assign(handler, {
    demoKey: DEMO_API_KEY,
    setFaults: (patch: Partial<FaultConfig>) => faults.set(parseFaultPatch(patch)),
    getFaults: () => faults.current,
    advanceClock: (ms: number) => {
      if (!Number.isFinite(ms) || ms < 0) throw new Error('advanceClock: ms must be a non-negative number');
      clock.advance(ms);
      return clock.now();
    },
    now: clock.now,
  });
}
