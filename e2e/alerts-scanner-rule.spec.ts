/**
 * A scanner rule that alerts, end to end (project "connected": the reference service as its own process with
 * routes planted, --plant-routes): a rule narrowed to one planted route (its buy price range and a minimum
 * net profit only it passes) is saved with "Alert when a route has persisted 2 polls"; with the Scanner page
 * closed, the Prices page's polls at the next price epochs then give exactly one web Notification (recorded by an init script, as e2e/alerts.spec.ts
 * does), and the Alerts page's history lists it as the rule's firing. A further poll fires nothing more.
 */
import type { Page } from '@playwright/test';
import { toDecimalString } from '../shared/money/money';
import { expect, test } from './fixtures';
import { plantedRoutes } from './planted-routes';
import { refreshEvery } from './refresh-interval';

const EPOCH_MS = 5 * 60_000;

test.use({ serviceOptions: { plantRoutes: 4 }, viewport: { width: 1440, height: 900 } });
test.setTimeout(300_000);

interface Recorded {
  title: string;
  body: string;
}

async function notifications(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => (window as unknown as { __alertNotes?: Recorded[] }).__alertNotes ?? []);
}

test("a saved rule with 'alert after 2 polls' notifies a planted route once and the Alerts history lists it", async ({
  page,
  context,
  appUrl,
  service,
}) => {
  await context.grantPermissions(['notifications'], { origin: new URL(appUrl).origin });
  await page.addInitScript(() => {
    const Native = window.Notification;
    const seen: Array<{ title: string; body: string }> = [];
    (window as unknown as { __alertNotes: typeof seen }).__alertNotes = seen;
    class Recording extends Native {
      constructor(title: string, options?: NotificationOptions) {
        seen.push({ title, body: options?.body ?? '' });
        super(title, options);
      }
    }
    Object.defineProperty(Recording, 'permission', { get: () => Native.permission });
    Object.defineProperty(Recording, 'requestPermission', {
      value: (...args: Parameters<typeof Native.requestPermission>) => Native.requestPermission(...args),
    });
    window.Notification = Recording as typeof Notification;
  });

  const planted = (await plantedRoutes(service)).find((r) => !r.blinks)!;
  expect(planted).toBeDefined();

  // Polls by hand only: each move of the clock is then one poll of the new prices.
  await refreshEvery(page, 0);
  await page.goto(appUrl);
  await expect(page.locator('main')).toBeVisible({ timeout: 90_000 });
  await page.keyboard.press('Control+6');
  await expect(page.getByTestId('scanner-screen')).toBeVisible();
  // The reference service computes no trust before a second poll, and a half-price ask may be flagged: every quote.
  await page.getByTestId('scanner-trusted-only').uncheck();
  // Only this route: bought on its market, its buy price within a tenth either way, at least a third of its gross margin.
  const editor = page.getByTestId('scanner-rule-editor');
  const buyOn = editor.getByRole('group', { name: 'Buy on' });
  await buyOn.getByRole('checkbox', { name: 'every market' }).uncheck();
  await buyOn.getByRole('listbox').selectOption(planted.buyMarket);
  await editor.getByLabel(/^Buy price from/).fill(toDecimalString(Math.round(planted.ask * 0.9)));
  await editor.getByLabel(/^to \(/).fill(toDecimalString(Math.round(planted.ask * 1.1)));
  await page.getByTestId('scanner-min-profit').fill(toDecimalString(Math.round((planted.bid - planted.ask) / 3)));
  await page.getByTestId('scanner-min-profit').blur();
  await page.getByTestId('scanner-alert').check();
  await expect(page.getByTestId('scanner-alert-polls')).toHaveValue('2');
  await page.getByTestId('scanner-save').click();
  await expect(page.getByTestId('scanner-rule')).toHaveValue(/^rule-/);
  const table = page.getByTestId('scanner-routes');
  await expect(table.locator('[role="row"][data-route]')).toHaveCount(1, { timeout: 90_000 });
  await expect(table.locator('[role="row"][data-route]').first()).toHaveAttribute(
    'data-route',
    `${planted.item}\u0000${planted.buyMarket}\u0000${planted.sellMarket}`,
  );

  // The Scanner page closed: the Prices page refreshes, the alerts' watcher scans the saved rule on each poll.
  await page.keyboard.press('Control+1');
  await expect(page.getByTestId('scanner-screen')).toBeHidden();
  // Each poll lands before the next starts (a refresh asked while one runs is not a second poll).
  const asOf = () => page.getByTestId('grid-freshness').getAttribute('title', { timeout: 60_000 });
  const poll = async () => {
    const before = await asOf();
    await service.advanceClock(EPOCH_MS);
    await page.getByRole('button', { name: 'Refresh prices' }).click();
    await expect.poll(asOf, { timeout: 60_000 }).not.toBe(before);
  };
  // The watcher counts the polls it is given from the save on: the second one in a row fires.
  for (let k = 0; k < 4; k++) {
    await poll();
    const fired = await expect
      .poll(async () => (await notifications(page)).length, { timeout: 15_000 })
      .toBeGreaterThan(0)
      .then(
        () => true,
        () => false,
      );
    if (fired) break;
  }
  await expect.poll(async () => (await notifications(page)).length, { timeout: 30_000 }).toBe(1);
  const [note] = await notifications(page);
  expect(note!.title).toBe(planted.item);
  expect(note!.body).toMatch(/^Cross-market to buy order \(copy\): buy on .+, net profit .+, for 2 polls\.$/);

  // Once per run: the route still there a poll later fires nothing more.
  await poll();
  await page.keyboard.press('Control+6');
  await expect(table.locator('[role="row"][data-route]')).toHaveCount(1, { timeout: 60_000 });
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const firings = page.getByTestId('firing-row');
  await expect(firings).toHaveCount(1);
  await expect(firings.first()).toHaveAttribute('data-type', 'route');
  await expect(firings.first()).toContainText(planted.item);
  await expect(firings.first()).toContainText('Scanner rule “Cross-market to buy order (copy)”: route for 2 polls');
  await expect(firings.first()).toContainText('Shown');
  expect(await notifications(page)).toHaveLength(1);
});
