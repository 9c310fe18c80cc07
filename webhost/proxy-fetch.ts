/**
 * The web host's network access behind a proxy: Node's fetch ignores HTTPS_PROXY / NO_PROXY, so with a proxy set
 * the back end's requests go through undici's EnvHttpProxyAgent with undici's own fetch
 * (https://undici.nodejs.org/#/docs/api/EnvHttpProxyAgent). Loopback always goes direct (as in Chromium): the
 * embedded service is never sent to a proxy. Only the transport changes: timeouts, body caps and the no-redirect
 * rule stay timedFetch's and the broker's. The variables' rules, as curl and undici read them: README.md here.
 */
import { EnvHttpProxyAgent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import type { LookupFunction } from 'node:net';
import type { FetchFn } from '../backend/timed-fetch';

export interface ProxySettings {
  /** '' = none. */
  readonly httpProxy: string;
  readonly httpsProxy: string;
  /** As given (comma or space separated); loopback is added by createProxyFetch. */
  readonly noProxy: string;
}

/** Hosts that never go through a proxy. */
const ALWAYS_DIRECT = ['localhost', '127.0.0.1', '[::1]'] as const;

type Env = Readonly<Record<string, string | undefined>>;

/** The proxy the environment asks for, or null when none is set. */
export function proxySettingsFromEnv(env: Env): ProxySettings | null {
  const read = (name: string): string => (env[name.toLowerCase()] ?? env[name.toUpperCase()] ?? '').trim();
  const settings = { httpProxy: read('http_proxy'), httpsProxy: read('https_proxy'), noProxy: read('no_proxy') };
  return settings.httpProxy || settings.httpsProxy ? settings : null;
}

/** A proxy URL fit to print: without its user name and password. */
function describeProxy(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(an address that is not a URL)';
  }
}

/** One line for the console at start: which proxy, for what, and what goes direct. */
export function describeProxySettings(settings: ProxySettings): string {
  const parts = [
    settings.httpsProxy ? `https via ${describeProxy(settings.httpsProxy)}` : '',
    settings.httpProxy ? `http${settings.httpsProxy ? '' : ' and https'} via ${describeProxy(settings.httpProxy)}` : '',
  ].filter(Boolean);
  const direct = [settings.noProxy, 'this computer'].filter(Boolean).join(', ');
  return `Using the proxy from the environment: ${parts.join('; ')} (direct: ${direct}).`;
}

export interface ProxyFetch {
  readonly fetch: FetchFn;
  close(): Promise<void>;
}

/** Test seams only: trust a test CA, and resolve made-up host names to a local server. */
export interface ProxyFetchTesting {
  readonly ca?: string;
  readonly lookup?: LookupFunction;
}

export function createProxyFetch(settings: ProxySettings, testing: ProxyFetchTesting = {}): ProxyFetch {
  const tls = testing.ca ? { ca: testing.ca } : {};
  // Every value is passed, '' for none: undici falls back to process.env for an option that is undefined.
  const agent = new EnvHttpProxyAgent({
    httpProxy: settings.httpProxy,
    httpsProxy: settings.httpsProxy,
    noProxy: [settings.noProxy, ...ALWAYS_DIRECT].filter(Boolean).join(','),
    // Direct connections (NO_PROXY, loopback) …
    connect: { ...tls, ...(testing.lookup ? { lookup: testing.lookup } : {}) },
    // … and TLS inside a proxy's CONNECT tunnel.
    requestTls: tls,
  });
  return {
    fetch: async (input, init) => {
      // undici's fetch and Node's global one share the WHATWG shapes, not the TypeScript declarations.
      const response = await undiciFetch(input, { ...(init as UndiciRequestInit), dispatcher: agent });
      return response as unknown as Response;
    },
    close: () => agent.close(),
  };
}
