/**
 * The web host: Market Desk in a browser (`npm run web`). Serves the built renderer and runs the SAME gateway,
 * broker and connection controller as the Electron main process, from Node on 127.0.0.1 only. Its environment
 * variables and routes are listed in README.md here; request-handler.ts guards every request.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startService, type ServiceOptions } from '../service/src/index';
import { createAppHandler } from '../backend/app-handler';
import { ConnectionController, type EmbeddedService } from '../backend/connection';
import { RequestMeter } from '../backend/request-meter';
import { createGateway } from '../backend/gateway';
import { createSteamInventoryFetcher, steamUrlFrom, type SteamFetcherOptions } from '../backend/steam-inventory';
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
import { LaunchSecretError, launchSecret, SECRET_QUERY } from './launch-secret';
import { defaultKeyFile, FileKeyVault } from './key-file';
import { fileUsageStore, USAGE_FILE_NAME } from './usage-file';
import {
  createProxyFetch,
  describeProxySettings,
  proxySettingsFromEnv,
  type ProxyFetch,
  type ProxySettings,
} from './proxy-fetch';
import { createRequestHandler } from './request-handler';

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

type OwnService = Awaited<ReturnType<typeof startService>>;

/** The embedded reference service: the one given (tests), or one started on 127.0.0.1 for this host. */
async function embeddedService(
  options: WebHostOptions,
): Promise<{ embedded: EmbeddedService; own: OwnService | null }> {
  if (options.embeddedService) return { embedded: options.embeddedService, own: null };
  const dataDir = options.serviceOptions?.dataDir ?? bundledDataDir();
  const own = await startService({
    quiet: true,
    ...options.serviceOptions,
    ...(dataDir ? { dataDir } : {}),
    port: 0,
    host: '127.0.0.1',
  });
  return { embedded: { url: own.url, demoKey: own.demoKey }, own };
}

/** A file beside the key file, unless the option names one (or null: memory only). */
function besideKeyFile(option: string | null | undefined, keyFile: string | null, name: string): string | null {
  if (option !== undefined) return option;
  return keyFile === null ? null : path.join(path.dirname(keyFile), name);
}

/** The connection, gateway and app, Steam and rates clients, control routes and export sessions of one host. */
async function createHostServices(options: WebHostOptions, embedded: EmbeddedService) {
  const keyFile = options.keyFile === undefined ? defaultKeyFile() : options.keyFile;
  const vault = new FileKeyVault(keyFile);
  const usageFile = besideKeyFile(options.usageFile, keyFile, USAGE_FILE_NAME);
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
  const ratesFile = besideKeyFile(options.ratesFile, keyFile, RATES_FILE_NAME);
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
  return { connection, app, control, exports, rates, proxyFetch };
}

/** Listens on 127.0.0.1 only; resolves once bound, rejects on a listen error (a port in use). */
async function listen(server: Server, port: number): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}

export async function startWebHost(options: WebHostOptions = {}): Promise<WebHost> {
  const secret = launchSecret(options.secret);
  const { embedded, own: ownService } = await embeddedService(options);
  const { connection, app, control, exports, rates, proxyFetch } = await createHostServices(options, embedded);

  let port = 0;
  const handle = createRequestHandler({ secret, port: () => port, app, control, exports });
  const server = createServer((req, res) => {
    void handle(req, res);
  });
  const bound = await listen(server, options.port ?? 5180);
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
