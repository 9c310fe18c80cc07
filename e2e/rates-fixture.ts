/**
 * The e2e fixtures plus `ecb`: an ECB stand-in (backend/testing/ecb-standin.ts) serving the 100 days up to the
 * newest day that should be out now (TARGET working days, one missing day 20 days back), and a web host started
 * against it as `MARKET_DESK_RATES_URL=<stand-in> npm run web` does (WebHostOptions.ratesUrl). Rates stay off
 * until the spec turns them on (Settings, or POST /app/rates/settings with the launch secret).
 *
 *   import { test, expect } from './rates-fixture';
 *   test('…', async ({ page, appUrl, ecb }) => { ecb.setMode('down'); … });
 */
import { latestExpectedDay } from '../backend/rates/schedule';
import { startEcbStandin, type EcbStandin } from '../backend/testing/ecb-standin';
import { expect, test as base } from './fixtures';

const DAY_MS = 86_400_000;
const daysBefore = (date: string, n: number): string =>
  new Date(Date.parse(date) - n * DAY_MS).toISOString().slice(0, 10);

export const test = base.extend<{ ecb: EcbStandin }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  ecb: async ({}, use) => {
    const to = latestExpectedDay(Date.now());
    const standin = await startEcbStandin({ from: daysBefore(to, 100), to, missing: [daysBefore(to, 20)] });
    await use(standin);
    await standin.close();
  },
  webHostOptions: async ({ ecb }, use) => {
    await use({ ratesUrl: ecb.url });
  },
});

export { expect };
