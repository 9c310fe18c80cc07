/**
 * Shared Playwright fixtures for Market Desk's browser e2e specs (project "web").
 *
 *   import { test, expect } from './fixtures';
 *
 *   test.use({ serviceOptions: { tokenTtlSeconds: 5 } });        // per file / describe (new worker)
 *   test.use({ webHostOptions: { apiKey: 'k', baseUrl: '' } });  // per test
 *
 *   test('shows demo prices', async ({ page, appUrl, service, webHost }) => {
 *     await page.goto(appUrl);
 *     service.setFaults({ errorRate: 1 });     // fault injection on the upstream
 *     service.advanceClock(2 * 3600_000);      // move the service clock (tokens expire)
 *   });
 *
 * Fixtures
 * - `service` (worker-scoped): the reference service (service/src) started in-process on 127.0.0.1, random
 *   port, admin endpoints on, quiet. Options come from `serviceOptions` (any startService option but
 *   port/host). Faults are reset to none after every test; the service clock is NOT reset (it only moves
 *   forward), so tests that depend on absolute service time should use their own `serviceOptions`.
 *   The demo key is `service.demoKey`; extra keys via `serviceOptions.apiKeys`.
 * - `webHost` (per test): a fresh web host (webhost/server.ts, started in-process on a random loopback
 *   port) serving dist/renderer, whose embedded demo upstream is `service`. Its key file lives in the test's
 *   output dir, so nothing is read from or written to ~/.config. Extra options via `webHostOptions`.
 *   Starts on demo data (state 'demo') unless webHostOptions preset a key.
 * - `appUrl`: the web host's URL with a trailing slash; `page.goto(appUrl)` opens the app.
 *
 * dist/ is built once per run by e2e/global-setup.ts (MDS_E2E_SKIP_BUILD=1 reuses an existing build).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { NO_FAULTS, startService, type RunningService, type ServiceOptions } from '../service/src/index';
import { startWebHost, type WebHost, type WebHostOptions } from '../webhost/server';

export type ServiceFixtureOptions = Omit<ServiceOptions, 'port' | 'host'>;

interface WorkerFixtures {
  serviceOptions: ServiceFixtureOptions;
  service: RunningService;
}

interface TestFixtures {
  webHostOptions: Omit<WebHostOptions, 'port' | 'embeddedService' | 'staticDir'>;
  webHost: WebHost;
  appUrl: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RENDERER_DIR = path.join(root, 'dist', 'renderer');

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serviceOptions: [{}, { scope: 'worker', option: true }],
  service: [
    async ({ serviceOptions }, use) => {
      const service = await startService({ quiet: true, admin: true, ...serviceOptions, port: 0, host: '127.0.0.1' });
      await use(service);
      await service.close();
    },
    { scope: 'worker' },
  ],
  webHostOptions: [{}, { option: true }],
  webHost: async ({ service, webHostOptions }, use, testInfo) => {
    const webHost = await startWebHost({
      keyFile: testInfo.outputPath('web-key'),
      ...webHostOptions,
      port: 0,
      staticDir: RENDERER_DIR,
      embeddedService: { url: service.url, demoKey: service.demoKey },
    });
    await use(webHost);
    await webHost.close();
    service.setFaults({ ...NO_FAULTS });
  },
  appUrl: async ({ webHost }, use) => {
    await use(`${webHost.url}/`);
  },
});

export { expect };
