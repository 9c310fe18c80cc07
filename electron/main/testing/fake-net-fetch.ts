/**
 * Electron's net.fetch as its source and docs describe it (lib/browser/api/net-fetch.ts over ClientRequest;
 * https://www.electronjs.org/docs/latest/api/net#netfetchinput-init), over Node's HTTP stack so tests can talk
 * to real local servers:
 * - the init goes through `new Request(input, init)` first (a bad init rejects);
 * - a 3xx with a Location: 'follow' (the default) follows it; 'manual' cancels the request and rejects with
 *   Error('Redirect was cancelled') (nobody calls followRedirect); 'error' rejects with Electron's message;
 * - an abort rejects with the signal's reason, and errors a body being read (the request is torn down);
 * - the Response is built anew from status, headers and body (its .type and .url are not the real ones).
 * Every init it was given is kept for assertions.
 */
import type { NetFetchInit, NetFetchLike } from '../net-fetch';

export interface FakeNetFetch {
  readonly fetch: NetFetchLike;
  readonly inits: NetFetchInit[];
  /** URLs requested on the wire, redirects followed included. */
  readonly requested: string[];
}

export function createFakeNetFetch(): FakeNetFetch {
  const inits: NetFetchInit[] = [];
  const requested: string[] = [];
  const fetchOnce = async (
    url: string,
    req: Request,
    body: ArrayBuffer | null,
    redirects: number,
  ): Promise<Response> => {
    requested.push(url);
    const response = await fetch(url, {
      method: req.method,
      headers: req.headers,
      body,
      redirect: 'manual',
      signal: req.signal,
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel().catch(() => undefined);
      if (req.redirect === 'manual') throw new Error('Redirect was cancelled');
      if (req.redirect === 'error') throw new Error("Attempted to redirect, but redirect policy was 'error'");
      if (redirects >= 20) throw new Error('net::ERR_TOO_MANY_REDIRECTS');
      return fetchOnce(new URL(location, url).href, req, body, redirects + 1);
    }
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return {
    inits,
    requested,
    fetch: async (input, init) => {
      inits.push(init);
      const { bypassCustomProtocolHandlers: _bypass, ...standard } = init;
      const req = new Request(input, standard);
      req.signal.throwIfAborted();
      const body = req.body ? await req.arrayBuffer() : null;
      return fetchOnce(req.url, req, body, 0);
    },
  };
}
