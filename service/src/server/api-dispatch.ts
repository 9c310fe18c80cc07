/**
 * A data request past routing and the fault gate, handed to its endpoint: a REST operation is authorized
 * before its body is read (its name is in the path); a GraphQL document is read first and authorized for
 * the operations it names.
 */
import type { IncomingMessage } from 'node:http';
import type { Exchange } from './exchange';
import { transientRefusal } from './fault-gate';
import type { FaultInjector } from './faults';
import type { AnswerStream, Authorize, GraphQLEndpoint } from './graphql';
import type { DataOperation } from './operations';
import { checkContentType, readJson } from './request-body';
import type { RestEndpoint } from './rest';

export interface ApiDeps {
  graphql: GraphQLEndpoint;
  rest: RestEndpoint;
  authorizer: (req: IncomingMessage) => Authorize;
  maxBody: number;
  faults: FaultInjector;
}

/** `restOp`: the REST operation of the path, undefined for the GraphQL path. */
export async function dispatchApi(
  ex: Exchange,
  restOp: DataOperation | undefined,
  open: () => AnswerStream,
  deps: ApiDeps,
): Promise<void> {
  const { req } = ex;
  if (restOp) {
    ex.operation = restOp;
    await deps.authorizer(req)([restOp]);
    checkContentType(req);
    const body = await readJson(req, deps.maxBody);
    const refusal = transientRefusal(ex, body, deps.faults);
    if (refusal) throw refusal;
    await deps.rest.handle(restOp, body, open);
  } else {
    checkContentType(req);
    const body = await readJson(req, deps.maxBody);
    const refusal = transientRefusal(ex, body, deps.faults);
    if (refusal) throw refusal;
    const r = await deps.graphql.handle(body, deps.authorizer(req), open);
    ex.operation = r.operations;
  }
}
