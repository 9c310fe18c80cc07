/**
 * The web host: Market Desk in a browser. Serves the built renderer and runs the SAME gateway, broker and
 * connection controller as the Electron main process, from Node on 127.0.0.1 only.
 *
 *   npm run web                      (build, then node dist/webhost/server.js)
 *   PORT=5180                        listen port (default 5180)
 *   MDS_BASE_URL, MDS_API_KEY        preset a real connection (key held in memory only)
 *   MDS_KEY_FILE                     where a key is saved when the user accepts weaker storage
 *   MARKET_DESK_WEB_SECRET           this launch's secret (default: a random one)
 *   HTTPS_PROXY, HTTP_PROXY, NO_PROXY  (or lower-case) the proxy the back end's requests go through
 *   MDS_STEAM_URL                    the Steam address for "Fetch from Steam" (default https://steamcommunity.com;
 *                                    also --steam-url=<url>); http only on 127.0.0.1/localhost
 *   MARKET_DESK_RATES_URL            the exchange rates' address (default the ECB's https://www.ecb.europa.eu/stats/eurofxref/);
 *                                    set, Settings cannot change it; http only on 127.0.0.1/localhost
 *
 * Routes: /app/* control endpoints (control-routes.ts; /app/export… streamed export downloads: export-sessions.ts), /api/v2/* gateway, everything else the renderer
 * (SPA fallback). Every request must carry our own Host (and Origin, when present): see origin-guard.ts;
 * and this launch's secret (cookie or header): see launch-secret.ts.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startService, type ServiceOptions } from '../service/src/index';
import { createAppHandler } from '../backend/app-handler';
import { ConnectionController, type EmbeddedService } from '../backend/connection';
import { RequestMeter } from '../backend/request-meter';
import { createGateway } from '../backend/gateway';
import { createSteamInventoryFetcher, steamUrlFrom, type SteamFetcherOptions } from '../backend/steam-inventory';
import { withSecurityHeaders } from '../backend/security-headers';
import {
  checkRatesUrl,
  fileRatesStore,
  memoryRatesStore,
  RATES_FILE_NAME,
  RatesService,
  ratesUrlFromEnv,
  type RatesServiceOptions,
} from '../backend/rates';
import type { BrokerOptions } from '../backend/token-broker';
import { createControlHandler } from './control-routes';
import { createExportSessions } from './export-sessions';
import {
  LaunchSecretError,
  launchSecret,
  presentsSecret,
  sameSecret,
  sameSiteLocation,
  secretCookie,
  SECRET_QUERY,
} from './launch-secret';
import { defaultKeyFile, FileKeyVault } from './key-file';
import { fileUsageStore, USAGE_FILE_NAME } from './usage-file';
import {
  createProxyFetch,
  describeProxySettings,
  proxySettingsFromEnv,
  type ProxyFetch,
  type ProxySettings,
} from './proxy-fetch';
import { sendWebResponse, toWebRequest } from './node-adapter';
import { checkRequestOrigin } from './origin-guard';

export interface WebHostOptions {
  /** Default 5180; 0 picks a free port. */
  readonly port?: number;
  /** Preset connection (MDS_BASE_URL); '' or absent = the embedded service. */
  readonly baseUrl?: string;
  /** Preset key (MDS_API_KEY), kept in memory only. */
  readonly apiKey?: string;
  /** Built renderer; default dist/renderer. */
  readonly staticDir?: string;
  /** Where an accepted-weak key is saved; null = never write a file. Default ~/.config/market-desk/web-key. */
  readonly keyFile?: string | null;
  /** Options for the embedded reference service this host starts. */
  readonly serviceOptions?: Omit<ServiceOptions, 'port' | 'host'>;
  /** Use an already running reference service as the embedded one (tests); none is started then. */
  readonly embeddedService?: EmbeddedService;
  /** Broker tuning (timeouts, fetch) for tests. */
  readonly broker?: Omit<BrokerOptions, 'target' | 'onOutcome' | 'clock'>;
  /** How long start-up waits for the first connection attempt before returning (ms). */
  readonly startupWaitMs?: number;
  /** This launch's secret (MARKET_DESK_WEB_SECRET); default a random one. */
  readonly secret?: string;
  /** The proxy for upstream requests; default from HTTPS_PROXY / HTTP_PROXY / NO_PROXY; null = none. */
  readonly proxy?: ProxySettings | null;
  /**
   * Where the request counts are kept; null = memory only. Default: beside the key file (none when keyFile
   * is null).
   */
  readonly usageFile?: string | null;
  /** The Steam address (MDS_STEAM_URL); default https://steamcommunity.com. */
  readonly steamUrl?: string;
  /** Steam fetcher tuning (pauses, waits, fetch) for tests. */
  readonly steam?: Partial<Omit<SteamFetcherOptions, 'steamUrl'>>;
  /** The exchange rates' address (MARKET_DESK_RATES_URL, checked: backend/rates/config.ts); Settings cannot change it then. */
  readonly ratesUrl?: string;
  /** Where the rates are kept; null = memory only. Default: beside the key file (none when keyFile is null). */
  readonly ratesFile?: string | null;
  /** Rates service tuning (fetch, clock, size cap) for tests. */
  readonly rates?: Partial<Omit<RatesServiceOptions, 'store' | 'envUrl'>>;
}

export interface WebHost {
  /** http://127.0.0.1:PORT (no trailing slash); every request needs the secret. */
  readonly url: string;
  /** The address the server is bound to, as the socket reports it (127.0.0.1). */
  readonly address: string;
  /** What to open: http://127.0.0.1:PORT/?secret=SECRET. */
  readonly launchUrl: string;
  readonly secret: string;
  readonly port: number;
  /** The embedded service's URL (demo upstream). */
  readonly serviceUrl: string;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** dist/webhost/server.js finds ../renderer; webhost/server.ts (tests, tsx) finds ../dist/renderer. */
function defaultStaticDir(): string {
  const candidates = [path.join(here, '..', 'renderer'), path.join(here, '..', 'dist', 'renderer')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[1]!;
}

/** The bundle ships the catalog next to it (dist/service-data); from source the service finds its own. */
function bundledDataDir(): string | undefined {
  const dir = path.join(here, '..', 'service-data');
  return existsSync(dir) ? dir : undefined;
}

export async function startWebHost(options: WebHostOptions = {}): Promise<WebHost> {
  const secret = launchSecret(options.secret);
  let ownService: Awaited<ReturnType<typeof startService>> | null = null;
  let embedded: EmbeddedService;
  if (options.embeddedService) {
    embedded = options.embeddedService;
  } else {
    const dataDir = options.serviceOptions?.dataDir ?? bundledDataDir();
    ownService = await startService({
      quiet: true,
      ...options.serviceOptions,
      ...(dataDir ? { dataDir } : {}),
      port: 0,
      host: '127.0.0.1',
    });
    embedded = { url: ownService.url, demoKey: ownService.demoKey };
  }

  const keyFile = options.keyFile === undefined ? defaultKeyFile() : options.keyFile;
  const vault = new FileKeyVault(keyFile);
  const usageFile =
    options.usageFile !== undefined
      ? options.usageFile
      : keyFile === null
        ? null
        : path.join(path.dirname(keyFile), USAGE_FILE_NAME);
  const meter = new RequestMeter({ store: usageFile ? fileUsageStore(usageFile) : null });
  // Node's fetch knows no proxy: with one in the environment, requests go through it (proxy-fetch.ts).
  const proxy = options.proxy === undefined ? proxySettingsFromEnv(process.env) : options.proxy;
  const proxyFetch: ProxyFetch | null = proxy && !options.broker?.fetch ? createProxyFetch(proxy) : null;
  const broker = proxyFetch ? { ...options.broker, fetch: proxyFetch.fetch } : options.broker;
  const connection = new ConnectionController({ vault, embedded, meter, ...(broker ? { broker } : {}) });
  const gateway = createGateway({ forwarder: () => connection.currentBroker() });
  const app = createAppHandler({ staticDir: options.staticDir ?? defaultStaticDir(), gateway });
  // Steam gets its own client: the host's fetch (through the proxy when there is one), none of the broker's
  // credentials, and its own politeness rules (backend/steam-inventory).
  const steamInventory = createSteamInventoryFetcher({
    fetch: proxyFetch?.fetch ?? ((input, init) => fetch(input, init)),
    ...options.steam,
    ...(options.steamUrl ? { steamUrl: options.steamUrl } : {}),
  });
  // Exchange rates: their own client over the host's fetch (through the proxy when there is one), no key, no
  // redirects; nothing is contacted until the user turns rates on (backend/rates).
  const ratesFile =
    options.ratesFile !== undefined
      ? options.ratesFile
      : keyFile === null
        ? null
        : path.join(path.dirname(keyFile), RATES_FILE_NAME);
  const ratesUrl = options.ratesUrl === undefined ? null : checkRatesUrl(options.ratesUrl);
  if (ratesUrl && !ratesUrl.ok) throw new Error(ratesUrl.message);
  const rates = new RatesService({
    fetch: proxyFetch?.fetch ?? ((input, init) => fetch(input, init)),
    ...options.rates,
    store: ratesFile ? fileRatesStore(ratesFile) : memoryRatesStore(),
    envUrl: ratesUrl?.url ?? null,
  });
  await rates.start();
  const control = createControlHandler(connection, { steamInventory, rates });
  // Streamed exports: the page's chunks served as browser downloads (export-sessions.ts).
  const exports = createExportSessions();

  let port = 0;
  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 5180, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  port = bound.port;

  const starting =
    options.apiKey || options.baseUrl
      ? connection.preset({ baseUrl: options.baseUrl ?? '', apiKey: options.apiKey ?? '' })
      : connection.start();
  // Don't hold start-up hostage to a slow or offline upstream: the status stream reports the outcome.
  await Promise.race([
    starting.catch(() => connection.useDemo()),
    new Promise((resolve) => setTimeout(resolve, options.startupWaitMs ?? 3_000).unref()),
  ]);

  let closing: Promise<void> | null = null;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    address: bound.address,
    launchUrl: `${url}/?${SECRET_QUERY}=${secret}`,
    secret,
    port,
    serviceUrl: embedded.url,
    close() {
      closing ??= (async () => {
        control.closeStreams();
        exports.closeAll();
        connection.dispose();
        rates.dispose();
        await proxyFetch?.close().catch(() => undefined);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await ownService?.close();
      })();
      return closing;
    },
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

/** `node dist/webhost/server.js` */
async function runCli(): Promise<void> {
  const port = process.env.PORT ? Number(process.env.PORT) : 5180;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, not "${process.env.PORT}".`);
    process.exit(2);
  }
  if (process.env.MDS_BASE_URL && !process.env.MDS_API_KEY) {
    console.warn('MDS_BASE_URL is set without MDS_API_KEY: using a saved key if there is one, else demo data.');
  }
  const steam = steamUrlFrom(process.env, process.argv.slice(2));
  if (!steam.ok) {
    console.error(steam.message);
    process.exit(2);
  }
  if (steam.source !== 'default') console.log(`Fetch from Steam uses ${steam.url}.`);
  const ratesUrl = ratesUrlFromEnv(process.env);
  if (!ratesUrl.ok) {
    console.error(ratesUrl.message);
    process.exit(2);
  }
  if (ratesUrl.url) console.log(`Exchange rates come from ${ratesUrl.url} (once turned on in Settings).`);
  let host: WebHost;
  try {
    host = await startWebHost({
      port,
      ...(process.env.MDS_BASE_URL ? { baseUrl: process.env.MDS_BASE_URL } : {}),
      ...(process.env.MDS_API_KEY ? { apiKey: process.env.MDS_API_KEY } : {}),
      ...(process.env.MDS_KEY_FILE ? { keyFile: process.env.MDS_KEY_FILE } : {}),
      ...(process.env.MARKET_DESK_WEB_SECRET ? { secret: process.env.MARKET_DESK_WEB_SECRET } : {}),
      steamUrl: steam.url,
      ...(ratesUrl.url ? { ratesUrl: ratesUrl.url } : {}),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof LaunchSecretError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use. Start with another port, e.g. PORT=5181 npm run web.`
        : `Market Desk web host could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
  const proxy = proxySettingsFromEnv(process.env);
  if (proxy) console.log(describeProxySettings(proxy));
  console.log(
    `Market Desk is running (this computer only). Open:\n\n    ${host.launchUrl}\n\nThe address carries this launch's secret; without it the web host refuses requests. Press Ctrl+C to stop.`,
  );
  const stop = (): void => {
    void host.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) void runCli();
