/**
 * Shared Playwright fixtures for Market Desk's browser e2e specs.
 *
 *   import { test, expect } from './fixtures';
 *
 *   test.use({ serviceOptions: { tokenTtlSeconds: 5 } });        // per file / describe (new worker)
 *   test.use({ webHostOptions: { apiKey: 'k', baseUrl: '' } });  // per test
 *
 *   test('shows demo prices', async ({ page, appUrl, service, webHost }) => {
 *     await page.goto(appUrl);
 *     await service.setFaults({ errorRate: 1 });     // fault injection on the upstream
 *     await service.advanceClock(2 * 3600_000);      // move the service clock (tokens expire)
 *   });
 *
 * Two ways to run the reference service, chosen per Playwright project (option `upstream`):
 * - 'embedded' (project "web"): started in-process on 127.0.0.1; the web host's demo upstream.
 * - 'separate' (project "connected"): started as its own process the way a user does (`npm run service`,
 *   see separate-service.ts), and the web host is connected to it with a non-demo key, the way a user
 *   gives key and Base URL (MDS_BASE_URL / MDS_API_KEY), unless the spec sets `startConnected: false`
 *   (the shell specs, which connect through Settings themselves).
 *
 * Fixtures
 * - `service` (worker-scoped): the reference service, random port, admin endpoints on. Options come from
 *   `serviceOptions`; it serves a slice of each catalog unless the spec uses `catalog: 'whole'`. Faults are reset to none after every test; the service clock is NOT reset (it only
 *   moves forward). `service.demoKey`, and `service.userKey`, a key that is not the demo key.
 * - `webHost` (per test): a fresh web host (webhost/server.ts, in-process, random loopback port) serving
 *   dist/renderer, whose embedded demo upstream is `service`. Its key file lives in the test's output dir.
 * - `appUrl`: the web host's launch URL, `http://127.0.0.1:PORT/?secret=…`; `page.goto(appUrl)` (or
 *   `${appUrl}#/settings`) opens the app and the host trades the secret for its cookie. Requests made
 *   outside the page send `webHost.secret` as the `X-Market-Desk-Secret` header.
 * - `recordHistory` (option, default true as in the app): false turns Settings' price history off before the
 *   page loads. Specs that never read the history say so: a test's first page load (a new profile: a new day
 *   for the history) writes each item's baseline (one IndexedDB put per item, renderer/market/history/README.md),
 *   about a third of grid.spec's time (3.2 against 2.2 min).
 *
 * Helpers for specs that run their own service and web host (offline.spec.ts, recovery.spec.ts):
 * - `freePort()`: a port to start a separate service on, stop it and start it again at the same address.
 * - `connectedHost(baseUrl, demo, keyFile)`: a web host connected to `baseUrl` with a non-demo key.
 *
 * dist/ is built once per run by e2e/global-setup.ts (MDS_E2E_SKIP_BUILD=1 reuses an existing build).
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { PREFERENCE_PREFIX } from '../renderer/lib/preferences';
import { HISTORY_PREFS } from '../renderer/market/history/prefs';
import { publishedMarkets } from '../shared/catalog/markets';
import { NO_FAULTS, startService, type CatalogSlice, type ServiceOptions } from '../service/src/index';
import { startWebHost, type WebHost, type WebHostOptions } from '../webhost/server';
import { startSeparateService, USER_KEY, type TestService } from './separate-service';

export type ServiceFixtureOptions = Omit<ServiceOptions, 'port' | 'host'>;
export type Upstream = 'embedded' | 'separate';

/**
 * The catalog the specs' services serve: a slice (every 8th item, plus the items specs name), because every
 * page load of a whole catalog costs seconds of browser time and specs load pages dozens of times. Specs
 * about the whole catalog (grid.spec.ts) say `test.use({ catalog: 'whole' })`; the benchmarks always use
 * the whole catalog.
 */
export const E2E_CATALOG_SLICE: CatalogSlice = {
  every: 8,
  keep: '\\| Redline|^AWP \\| Asiimov|^M4A1-S \\| Printstream',
};

interface WorkerFixtures {
  upstream: Upstream;
  catalog: 'whole' | 'slice';
  serviceOptions: ServiceFixtureOptions;
  service: TestService;
}

interface TestFixtures {
  startConnected: boolean;
  recordHistory: boolean;
  webHostOptions: Omit<WebHostOptions, 'port' | 'embeddedService' | 'staticDir'>;
  webHost: WebHost;
  appUrl: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RENDERER_DIR = path.join(root, 'dist', 'renderer');

/** The in-process service behind the same interface as a separate one. */
async function startEmbedded(options: ServiceFixtureOptions): Promise<TestService> {
  const apiKeys = [...(options.apiKeys ?? []), { key: USER_KEY }];
  const s = await startService({ quiet: true, admin: true, ...options, apiKeys, port: 0, host: '127.0.0.1' });
  return {
    url: s.url,
    port: s.port,
    demoKey: s.demoKey,
    userKey: USER_KEY,
    separate: false,
    markets: options.markets ?? publishedMarkets(),
    setFaults: async (patch) => void s.setFaults(patch),
    advanceClock: async (ms) => void s.advanceClock(ms),
    close: () => s.close(),
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  upstream: ['embedded', { scope: 'worker', option: true }],
  serviceOptions: [{}, { scope: 'worker', option: true }],
  catalog: ['slice', { scope: 'worker', option: true }],
  service: [
    async ({ upstream, serviceOptions, catalog }, use) => {
      const options = catalog === 'slice' ? { catalogSlice: E2E_CATALOG_SLICE, ...serviceOptions } : serviceOptions;
      const service = upstream === 'separate' ? await startSeparateService(options) : await startEmbedded(options);
      await use(service);
      await service.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  startConnected: [true, { option: true }],
  recordHistory: [true, { option: true }],
  webHostOptions: [{}, { option: true }],
  webHost: async ({ service, webHostOptions, startConnected }, use, testInfo) => {
    const connect = service.separate && startConnected ? { baseUrl: service.url, apiKey: service.userKey } : {};
    const webHost = await startWebHost({
      keyFile: testInfo.outputPath('web-key'),
      ...connect,
      ...webHostOptions,
      port: 0,
      staticDir: RENDERER_DIR,
      embeddedService: { url: service.url, demoKey: service.demoKey },
    });
    await use(webHost);
    await webHost.close();
    await service.setFaults({ ...NO_FAULTS });
  },
  appUrl: async ({ webHost, page, recordHistory }, use) => {
    if (!recordHistory)
      await page.context().addInitScript(({ key }) => localStorage.setItem(key, 'false'), {
        key: PREFERENCE_PREFIX + HISTORY_PREFS.enabled.key,
      });
    await use(webHost.launchUrl);
  },
});

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A web host given Base URL and key as a user gives them (MDS_BASE_URL / MDS_API_KEY); `demo` is its demo upstream. */
export function connectedHost(baseUrl: string, demo: TestService, keyFile: string): Promise<WebHost> {
  return startWebHost({
    port: 0,
    staticDir: RENDERER_DIR,
    keyFile,
    embeddedService: { url: demo.url, demoKey: demo.demoKey },
    baseUrl,
    apiKey: USER_KEY,
    startupWaitMs: 500,
  });
}

export { expect };
