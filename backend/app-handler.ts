/**
 * Everything the app window loads goes through here, in both hosts: /api/v2/* to the gateway, anything else
 * to the built renderer. Every response carries the security headers (CSP first of all).
 */
import { API_PREFIX } from '../shared/api/schema';
import type { RequestHandler } from './gateway';
import { withSecurityHeaders } from './security-headers';
import { createStaticHandler } from './static-files';

export interface AppHandlerOptions {
  readonly staticDir: string;
  readonly gateway: RequestHandler;
}

function isApiRequest(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

export function createAppHandler(options: AppHandlerOptions): RequestHandler {
  const serveStatic = createStaticHandler({ root: options.staticDir });
  return async (request) => {
    const { pathname } = new URL(request.url);
    const response = isApiRequest(pathname) ? await options.gateway(request) : await serveStatic(request);
    return withSecurityHeaders(response);
  };
}
