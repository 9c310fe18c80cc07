/**
 * The desktop host's network access for the back end: Electron's net.fetch (Chromium's network stack: system
 * proxy settings, PAC/WPAD, the OS certificate store, which Node's fetch does not use;
 * https://www.electronjs.org/docs/latest/api/net). Wired in main.ts only. Timeouts, body caps and the no-redirect
 * rule stay timedFetch's and the broker's. How net.fetch behaves (redirects, cookies) and what this adapter does
 * about it: README.md here.
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
