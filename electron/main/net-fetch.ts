/**
 * The desktop host's network access for the back end: Electron's net.fetch, i.e. Chromium's network stack,
 * which uses the system proxy settings (PAC / WPAD included) and the OS certificate store, where Node's own
 * fetch uses neither (https://www.electronjs.org/docs/latest/api/net). Wired in main.ts only: backend/
 * gets it as a plain FetchFn. Timeouts, body caps and the no-redirect rule stay timedFetch's and the broker's,
 * the same on every path.
 *
 * How net.fetch behaves, and what this adapter does about it:
 * - It follows redirects by default. With redirect:'manual' Electron's ClientRequest stops at the redirect,
 *   waits for a followRedirect() that net.fetch never calls, cancels the request and rejects with "Redirect was
 *   cancelled" (electron/electron#43715; lib/browser/api/net-client-request.ts): the target is never
 *   contacted, but the 3xx and its Location are not handed back. That rejection becomes a RedirectError
 *   (location unknown), which the broker reports as it does on the web host. Should a later Electron hand the
 *   3xx back as Node's fetch does, timedFetch recognises it by itself.
 * - credentials:'omit': the default session's cookie jar is neither sent nor filled by requests that carry
 *   the key (net.fetch otherwise turns the default 'same-origin' without an Origin into 'include').
 * - bypassCustomProtocolHandlers: no protocol.handle() handler of the app can answer an upstream request.
 * - The Response's .type and .url are documented as incorrect: nothing here reads them.
 */
import { RedirectError, type FetchFn } from '../../backend/timed-fetch';

export type NetFetchInit = RequestInit & { bypassCustomProtocolHandlers?: boolean };
/** electron's net.fetch (or session.fetch), as far as this module uses it. */
export type NetFetchLike = (input: string, init: NetFetchInit) => Promise<Response>;

/** What Electron's ClientRequest rejects with when a 'manual' redirect is not followed. */
export const MANUAL_REDIRECT_CANCELLED = 'Redirect was cancelled';

export function createNetFetch(netFetch: NetFetchLike): FetchFn {
  return async (input, init) => {
    try {
      return await netFetch(input, {
        ...init,
        redirect: 'manual',
        credentials: 'omit',
        bypassCustomProtocolHandlers: true,
      });
    } catch (error) {
      if (!init.signal?.aborted && error instanceof Error && error.message === MANUAL_REDIRECT_CANCELLED) {
        throw new RedirectError(null, 0);
      }
      throw error;
    }
  };
}
