/**
 * Which way a request goes: the admin endpoints (when enabled), else a data endpoint (GraphQL or one of
 * the REST paths) by POST only, through the fault gate to its endpoint; any other path is a 404.
 */
import { GRAPHQL_PATH } from '../../../shared/api/schema';
import { ADMIN_PREFIX, handleAdmin, type AdminDeps } from './admin';
import { answerOpener } from './answer-stream';
import { dispatchApi, type ApiDeps } from './api-dispatch';
import { notFound, ServiceError } from './errors';
import type { Exchange } from './exchange';
import { passFaultGate } from './fault-gate';
import type { FaultDecision } from './faults';
import { REST_ROUTES } from './rest';
import { limitExceeded, type RequestLimiter } from './request-limit';

export interface RouteDeps extends AdminDeps, ApiDeps {
  /** The admin endpoints answer (else their paths are 404s like any unknown path). */
  admin: boolean;
  /** The per-minute request limit, when one is set. */
  limiter?: RequestLimiter | null;
}

export async function routeRequest(ex: Exchange, deps: RouteDeps): Promise<void> {
  const { req, path } = ex;
  if (path.startsWith(ADMIN_PREFIX)) {
    if (!deps.admin) throw notFound(path);
    await handleAdmin(ex, deps);
    return;
  }
  const restOp = REST_ROUTES.get(path);
  if (path !== GRAPHQL_PATH && !restOp) throw notFound(path);
  if (req.method !== 'POST') {
    throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${path}; use POST.`, {
      allow: 'POST',
    });
  }
  if (deps.limiter) {
    const verdict = deps.limiter.take();
    for (const [name, value] of Object.entries(verdict.headers)) ex.res.setHeader(name, value);
    if (!verdict.ok) throw limitExceeded(verdict, Number(verdict.headers['x-ratelimit-limit']));
  }
  let fate: FaultDecision | null = null;
  if (deps.faults.active) {
    const gate = await passFaultGate(ex, deps.faults);
    if (gate === 'reset') return;
    fate = gate;
  }
  await dispatchApi(ex, restOp, answerOpener(ex, fate), deps);
}
