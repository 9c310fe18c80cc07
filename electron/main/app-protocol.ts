/**
 * The handler behind protocol.handle('app', …): the renderer and the gateway on one privileged origin,
 * app://market-desk. Other hosts on the scheme don't exist.
 */
import type { Privileges } from 'electron';
import { APP_HOST } from '../common/ipc-channels';
import { createAppHandler, type AppHandlerOptions } from '../../backend/app-handler';
import type { RequestHandler } from '../../backend/gateway';
// eng-disable CSP_GLOBAL_CHECK — the CSP is a response header on every app:// response (withSecurityHeaders from
// backend/security-headers.ts), which Electronegativity can't see: it looks for <meta> tags and webRequest
// handlers. main-bundle.test.ts asserts the header.
import { withSecurityHeaders } from '../../backend/security-headers';

/**
 * standard: real origin and relative URLs; secure: a secure context (crypto.subtle, no mixed content);
 * supportFetchAPI: fetch('/api/v2/graphql') works; stream: response bodies are streamed, not buffered.
 */
export const APP_SCHEME_PRIVILEGES: Privileges = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  stream: true,
};

export function createAppProtocolHandler(options: AppHandlerOptions): RequestHandler {
  const app = createAppHandler(options);
  return async (request) => {
    if (new URL(request.url).host !== APP_HOST) {
      return withSecurityHeaders(new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } }));
    }
    return app(request);
  };
}
