/**
 * The admin endpoints (/__admin/faults, /__admin/clock): read or change the injected faults and move the
 * service clock; GET /__admin/outliers/<game id> lists the outliers planted by --plant-outliers, GET /__admin/routes/<game id> the routes planted by --plant-routes (with their ask and buy order, thousandths, at the service's clock). Only for loopback clients that address the service by a loopback name and its port.
 */
import type { FaultInjector } from './faults';
import { parseFaultPatch } from './faults';
import { badRequest, notFound, ServiceError } from './errors';
import { sendBody, type Exchange } from './exchange';
import { checkContentType, readJson } from './request-body';
import type { ServiceClock } from './service-clock';
import { GAME_IDS, type GameId } from '../../../shared/catalog/games';

export const ADMIN_PREFIX = '/__admin/';
const MAX_CLOCK_ADVANCE_MS = 10 * 365 * 24 * 3600 * 1000;

export interface AdminDeps {
  faults: FaultInjector;
  clock: ServiceClock;
  maxBody: number;
  /** The planted outliers of a game (--plant-outliers), for GET /__admin/outliers/<game id>; [] when none. */
  outliers?: (game: number) => unknown[];
  /** The planted routes of a game (--plant-routes), for GET /__admin/routes/<game id>; [] when none. */
  routes?: (game: number) => unknown[];
}

function isLoopback(addr: string | undefined): boolean {
  return addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1' || (addr?.startsWith('127.') ?? false);
}

/**
 * The Host an admin request may carry: the loopback names with the port it arrived on. A loopback peer is
 * not enough on its own: a page on evil.example whose name was rebound to 127.0.0.1 (DNS rebinding) reaches
 * us from the user's own browser, but its requests still say `Host: evil.example`.
 */
function isLoopbackHost(host: string | undefined, port: number | undefined): boolean {
  if (host === undefined || port === undefined) return false;
  const h = host.toLowerCase();
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  // Clients leave out the default port, so on port 80 the bare names are the same address.
  return names.some((name) => h === `${name}:${port}` || (port === 80 && h === name));
}

export async function handleAdmin(
  ex: Exchange,
  { faults, clock, maxBody, outliers, routes }: AdminDeps,
): Promise<void> {
  const { req } = ex;
  if (!isLoopback(req.socket.remoteAddress)) {
    throw new ServiceError(403, 'FORBIDDEN', 'Admin endpoints answer loopback clients only.');
  }
  // localPort is the port this very connection came in on, so it is right for port 0 and for any bind.
  if (!isLoopbackHost(req.headers.host, req.socket.localPort)) {
    throw new ServiceError(
      403,
      'FORBIDDEN',
      'Admin endpoints answer requests addressed to 127.0.0.1, localhost or [::1] with this port only.',
    );
  }
  const route = ex.path.slice(ADMIN_PREFIX.length);
  const planted = /^(outliers|routes)\/(\d{1,6})$/.exec(route);
  if (planted) {
    if (req.method !== 'GET')
      throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use GET.`, {
        allow: 'GET',
      });
    const game = Number(planted[2]);
    if (!GAME_IDS.includes(game as GameId)) throw notFound(ex.path);
    sendBody(ex, 200, JSON.stringify((planted[1] === 'routes' ? routes : outliers)?.(game) ?? []));
    return;
  }
  if (route !== 'faults' && route !== 'clock') throw notFound(ex.path);
  if (req.method !== 'POST' && req.method !== 'GET') {
    throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed; use GET or POST.`, {
      allow: 'GET, POST',
    });
  }
  if (req.method === 'POST') {
    checkContentType(req);
    const body = await readJson(req, maxBody);
    if (route === 'faults') {
      faults.set(parseFaultPatch(body));
    } else {
      const advance = (body as Record<string, unknown> | null)?.advanceMs;
      if (
        typeof body !== 'object' ||
        body === null ||
        typeof advance !== 'number' ||
        !Number.isInteger(advance) ||
        advance < 0 ||
        advance > MAX_CLOCK_ADVANCE_MS
      ) {
        throw badRequest('Send {"advanceMs": <non-negative integer>} to move the service clock forward.', {
          argument: 'advanceMs',
        });
      }
      clock.advance(advance);
    }
  }
  const out = route === 'faults' ? faults.current : { nowMs: clock.now(), offsetMs: clock.offsetMs };
  sendBody(ex, 200, JSON.stringify(out));
}
