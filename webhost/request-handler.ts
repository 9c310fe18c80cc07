/**
 * The web host's one request handler: every request must carry our own Host (and Origin, when present; see
 * origin-guard.ts) and this launch's secret (cookie or header; see launch-secret.ts). Then /app/* goes to the
 * control and export routes, everything else to the app (the /api/v2/* gateway and the renderer).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from '../backend/gateway';
import { withSecurityHeaders } from '../backend/security-headers';
import type { ControlHandler } from './control-routes';
import type { ExportSessions } from './export-sessions';
import { presentsSecret, sameSecret, sameSiteLocation, secretCookie, SECRET_QUERY } from './launch-secret';
import { sendWebResponse, toWebRequest } from './node-adapter';
import { checkRequestOrigin } from './origin-guard';

export interface HostRoutes {
  readonly secret: string;
  /** The bound port (known once the server listens). */
  readonly port: () => number;
  readonly app: RequestHandler;
  readonly control: ControlHandler;
  readonly exports: ExportSessions;
}

export function createRequestHandler(routes: HostRoutes): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { secret, app, control, exports } = routes;
  return async function handle(req, res) {
    const port = routes.port();
    // When the browser goes away, so does the upstream request.
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort(new Error('client closed the connection'));
    });
    let response: Response;
    try {
      const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const isControl = pathname.startsWith('/app/');
      const sensitive = isControl || pathname.startsWith('/api/');
      const headers = { get: (name: string) => headerValue(req, name) };
      const guard = checkRequestOrigin(headers, port, { sensitive });
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const offered = url.searchParams.get(SECRET_QUERY);
      if (!guard.ok) {
        response = forbidden(`Forbidden: ${guard.reason}.`);
      } else if (offered !== null && req.method === 'GET' && !sensitive) {
        // The launch URL: trade the secret for a cookie, and take it out of the address bar.
        if (!sameSecret(offered, secret)) {
          response = forbidden(
            'Forbidden: this is not the secret of this launch. Open the address `npm run web` printed.',
          );
        } else {
          url.searchParams.delete(SECRET_QUERY);
          response = new Response(null, {
            status: 303,
            headers: {
              location: sameSiteLocation(url.pathname, url.search),
              'set-cookie': secretCookie(port, secret),
              'cache-control': 'no-store',
            },
          });
        }
      } else if (!presentsSecret(headers, port, secret)) {
        response = forbidden(
          sensitive
            ? "Forbidden: this request lacks the web host's launch secret."
            : "Market Desk: open the address that `npm run web` printed (http://127.0.0.1:PORT/?secret=…); it carries this launch's secret.",
        );
      } else {
        const request = toWebRequest(req, `http://127.0.0.1:${port}`, abort.signal);
        response = isControl
          ? ((await exports.handle(request)) ?? (await control.handle(request)))
          : await app(request);
      }
    } catch {
      // Never a stack trace to the client (or the key, which no handler puts in an error).
      response = new Response('Internal error.', {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }
    await sendWebResponse(res, withSecurityHeaders(response));
  };
}

function forbidden(text: string): Response {
  return new Response(text, {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}
