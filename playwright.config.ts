/**
 * Playwright: the web host in Chromium (project "web": the demo on the in-process reference service, and
 * the specs of the web host itself); the layout spec again, and the shell, grid, analytics,
 * recommendations, history, alerts, portfolio, market discovery and market engine specs (only there), against a reference service
 * started as a separate process with a non-demo key (project "connected": the path users take; each spec
 * runs once, as each page load is a whole catalog); and the desktop app through _electron (project "electron",
 * e2e/electron.spec.ts; skips itself with a reason when Electron's binary isn't installed). The system Chromium is used: never run `playwright install`.
 * The app is built once before the run (e2e/global-setup.ts; MDS_E2E_SKIP_BUILD=1 to reuse dist/).
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';

interface WorkerOptions {
  upstream: 'embedded' | 'separate';
}

export default defineConfig<object, WorkerOptions>({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'web',
      testIgnore: [
        '**/electron.spec.ts',
        '**/bench/**',
        '**/shell.spec.ts',
        '**/grid.spec.ts',
        '**/grid-catalog.spec.ts',
        '**/analytics.spec.ts',
        '**/recommendations.spec.ts',
        '**/offline.spec.ts',
        '**/history.spec.ts',
        '**/history-tiers.spec.ts',
        '**/alerts.spec.ts',
        '**/markets.spec.ts',
        '**/portfolio-*.spec.ts',
        '**/request-budget.spec.ts',
        '**/engine.spec.ts',
        '**/trust.spec.ts',
        '**/scanner.spec.ts',
        '**/alerts-scanner-rule.spec.ts',
        '**/scanner-backtest.spec.ts',
      ],
      use: { upstream: 'embedded' },
    },
    {
      name: 'connected',
      testMatch: [
        '**/shell.spec.ts',
        '**/grid.spec.ts',
        '**/grid-catalog.spec.ts',
        '**/layout.spec.ts',
        '**/analytics.spec.ts',
        '**/recommendations.spec.ts',
        '**/offline.spec.ts',
        '**/history.spec.ts',
        '**/history-tiers.spec.ts',
        '**/alerts.spec.ts',
        '**/markets.spec.ts',
        '**/portfolio-*.spec.ts',
        '**/request-budget.spec.ts',
        '**/engine.spec.ts',
        '**/trust.spec.ts',
        '**/scanner.spec.ts',
        '**/alerts-scanner-rule.spec.ts',
        '**/scanner-backtest.spec.ts',
      ],
      use: { upstream: 'separate' },
    },
    { name: 'electron', testMatch: '**/electron.spec.ts' },
  ],
});
