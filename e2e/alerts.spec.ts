/**
 * Alerts end to end (project "connected": a separate reference service with a frozen clock that the test
 * moves, so the simulated market moves under the app). The test reads the simulated market itself (the same
 * seed and clock as the service) to pick an item, a market and a line its ask crosses, then flaps around,
 * then leaves and crosses again; it creates the alert through the UI and checks, after each move:
 *
 *   crossing -> exactly one firing in the history, and one web Notification (permission granted in the
 *   browser context; `new Notification` recorded by an init script);
 *   flapping on the line within the hysteresis band -> no second firing;
 *   reload (a restart) -> the alert and its history are still there;
 *   back past the band, then below the line again -> the second firing.
 *
 * The app's own check is observed through the alert's "Now" cell (data-value: the value at its last
 * check), never through timing.
 */
import type { Page } from '@playwright/test';
import { formatMoney, toDecimalString } from '../shared/money/money';
import { createSimulatedMarket, EPOCH_MS } from '../service/src/sim/index';
import { E2E_CATALOG_SLICE, expect, test } from './fixtures';
import { openGrid, showOnly } from './grid-page';

const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);
const MARKET = 'csfloat';
const MARKET_NAME = 'CSFloat';
const HYSTERESIS = 0.02;
const EPOCHS = 36;

test.use({ serviceOptions: { clock: () => T0 }, viewport: { width: 1440, height: 900 } });

interface Plan {
  name: string;
  /** The line, thousandths (a whole cent). */
  line: number;
  /** Ask on MARKET at each epoch from T0. */
  asks: number[];
  /** Epochs: below the line (fires), back above it within the band, below again (flap), past the band, below (fires). */
  cross: number;
  flapUp: number;
  flapDown: number;
  rearm: number;
  again: number;
}

/**
 * An item whose ask on MARKET, over the next EPOCHS epochs: starts above line × (1 + band), crosses below the
 * line, comes back above the line but within the band, goes below again, then clears the band and crosses
 * once more. Found in the simulated market the service runs (seed 1), from T0.
 */
function findPlan(): Plan {
  // The catalog the spec's service serves (a slice: see fixtures.ts).
  const sim = createSimulatedMarket({ seed: 1, catalogSlice: E2E_CATALOG_SLICE }).game(730);
  const snaps = Array.from({ length: EPOCHS }, (_, k) => sim.minPrices(T0 + k * EPOCH_MS));
  const m = snaps[0]!.markets.indexOf(MARKET);
  const width = snaps[0]!.markets.length;
  const names = snaps[0]!.names;
  for (let i = 0; i < names.length; i++) {
    const asks = snaps.map((s) => s.price[i * width + m]!);
    if (asks.some((p) => p < 0) || asks[0]! < 5_000) continue;
    for (let b = 1; b < EPOCHS; b++) {
      for (let c = b + 1; c < EPOCHS; c++) {
        for (let d = c + 1; d < EPOCHS; d++) {
          const line = Math.ceil((Math.max(asks[b]!, asks[d]!) + 1) / 10) * 10;
          const band = line * (1 + HYSTERESIS);
          if (!(asks[0]! >= band && asks[c]! >= line && asks[c]! < band)) continue;
          const e = asks.findIndex((p, k) => k > d && p >= band);
          const f = e < 0 ? -1 : asks.findIndex((p, k) => k > e && p < line);
          if (f > 0) return { name: names[i]!, line, asks, cross: b, flapUp: c, flapDown: d, rearm: e, again: f };
        }
      }
    }
  }
  throw new Error('no item in the simulated market crosses, flaps and crosses again in the window');
}

interface Recorded {
  title: string;
  body: string;
  tag: string;
}

/** Every `new Notification(...)` the page makes, in order. */
async function notifications(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => (window as unknown as { __alertNotes?: Recorded[] }).__alertNotes ?? []);
}

test('an alert fires once on a crossing, not again while the price flaps on the line; a restart keeps it', async ({
  page,
  context,
  appUrl,
  service,
}) => {
  test.setTimeout(360_000);
  const plan = findPlan();
  const money = { decimals: 2, symbol: '$' } as const;
  const lineText = formatMoney(plan.line, money);

  // Notifications allowed for the app, and recorded as the page makes them.
  await context.grantPermissions(['notifications'], { origin: new URL(appUrl).origin });
  await page.addInitScript(() => {
    const Native = window.Notification;
    const seen: Array<{ title: string; body: string; tag: string }> = [];
    (window as unknown as { __alertNotes: typeof seen }).__alertNotes = seen;
    class Recording extends Native {
      constructor(title: string, options?: NotificationOptions) {
        seen.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
        super(title, options);
      }
    }
    Object.defineProperty(Recording, 'permission', { get: () => Native.permission });
    Object.defineProperty(Recording, 'requestPermission', {
      value: (...args: Parameters<typeof Native.requestPermission>) => Native.requestPermission(...args),
    });
    window.Notification = Recording as typeof Notification;
  });

  // The item on the Prices page; A on its row opens the editor.
  await openGrid(page, appUrl);
  const row = await showOnly(page, plan.name);
  await row.locator('.pg__name').click();
  await page.keyboard.press('a');
  const editor = page.getByTestId('alert-editor');
  await expect(editor).toBeVisible();
  await expect(editor).toContainText(plan.name);
  await expect(editor.getByTestId('alert-editor-now')).toContainText('best ask');

  // A bad threshold keeps the dialog open, says why, and keeps what was typed.
  const price = editor.getByRole('textbox', { name: /^Ask below/ });
  await price.fill('6,5x');
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('alert')).toContainText('is not a price');
  await expect(price).toHaveValue('6,5x');
  await expect(price).toHaveAttribute('aria-invalid', 'true');

  await price.fill(toDecimalString(plan.line));
  await editor.getByLabel('Market').selectOption(MARKET);
  await editor.getByRole('textbox', { name: 'Re-arm after moving back by' }).fill(String(HYSTERESIS * 100));
  await editor.getByLabel('Cool-down').selectOption({ label: 'None' });
  // This test follows single crossings, one refresh each: no holding over refreshes (trust stays required).
  await expect(editor.getByLabel('Held over')).toHaveValue('2');
  await expect(editor.getByRole('checkbox', { name: /Only a trusted quote fires it/ })).toBeChecked();
  await editor.getByLabel('Held over').selectOption({ label: '1 refresh (fire at once)' });
  await expect(editor.getByTestId('alert-editor-status')).toContainText(
    `Now ${formatMoney(plan.asks[0]!, money)} on ${MARKET_NAME}`,
  );
  await expect(editor.getByTestId('alert-editor-status')).toContainText('fires when it crosses the line');
  await editor.getByRole('button', { name: 'Create alert' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('alerts-toast')).toContainText(`Ask below ${lineText} on ${MARKET_NAME}`);

  // The Alerts page (Ctrl+4) lists it, armed at the price it was created on.
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByTestId('notify-permission')).toHaveAttribute('data-permission', 'granted');
  const alertRow = page.getByTestId('alert-row');
  await expect(alertRow).toHaveCount(1);
  await expect(alertRow).toContainText(plan.name);
  await expect(alertRow).toContainText(`Ask below ${lineText}`);
  await expect(alertRow.getByTestId('alert-now')).toHaveAttribute('data-value', String(plan.asks[0]));
  await expect(alertRow.getByTestId('alert-state')).toHaveText('Armed');
  await expect(page.getByTestId('history-empty')).toBeVisible();

  const firings = page.getByTestId('firing-row');
  let epoch = 0;
  /** Moves the service clock to an epoch, has the app check now, and waits until the alert saw that price. */
  const moveTo = async (k: number) => {
    await service.advanceClock((k - epoch) * EPOCH_MS);
    epoch = k;
    const check = page.getByRole('button', { name: 'Check now' });
    await expect(check).toBeEnabled({ timeout: 90_000 });
    await check.click();
    await expect(alertRow.getByTestId('alert-now')).toHaveAttribute('data-value', String(plan.asks[k]), {
      timeout: 90_000,
    });
  };

  // The ask crosses below the line: one firing, one notification.
  await moveTo(plan.cross);
  await expect(firings).toHaveCount(1);
  await expect(firings.first()).toContainText(plan.name);
  await expect(firings.first()).toContainText(`Ask below ${lineText}`);
  await expect(firings.first()).toContainText(MARKET_NAME);
  await expect(firings.first().getByTestId('firing-value')).toHaveAttribute(
    'data-value',
    String(plan.asks[plan.cross]),
  );
  await expect(firings.first()).toContainText('Shown');
  // Which quote fired it, and its age as observed (unknown until its ask has been seen to change).
  await expect(firings.first().getByTestId('firing-quote')).toContainText(
    new RegExp(
      `^Fired by ${MARKET_NAME} at ${formatMoney(plan.asks[plan.cross]!, money).replace(/[$.]/g, '\\$&')}, (unchanged for .+|age unknown yet)$`,
    ),
  );
  await expect.poll(async () => (await notifications(page)).length).toBe(1);
  const [note] = await notifications(page);
  expect(note!.title).toBe(plan.name);
  expect(note!.body).toContain(
    `Ask below ${lineText}: ${formatMoney(plan.asks[plan.cross]!, money)} on ${MARKET_NAME}.`,
  );
  await expect(alertRow.getByTestId('alert-state')).toContainText(
    `re-arms when the ask is back at or above ${formatMoney(plan.line * (1 + HYSTERESIS), money)}`,
  );

  // Flapping: back above the line (within the band), then below it again: no second firing.
  await moveTo(plan.flapUp);
  await moveTo(plan.flapDown);
  await expect(firings).toHaveCount(1);
  expect(await notifications(page)).toHaveLength(1);
  await expect(alertRow.getByTestId('alert-state')).toContainText('re-arms when');

  // A restart: the alert and its history are still there (and it stays disarmed).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible({ timeout: 60_000 });
  await expect(alertRow).toHaveCount(1);
  await expect(alertRow).toContainText(`Ask below ${lineText}`);
  await expect(firings).toHaveCount(1);
  await expect(firings.first().getByTestId('firing-value')).toHaveAttribute(
    'data-value',
    String(plan.asks[plan.cross]),
  );
  await expect(alertRow.getByTestId('alert-now')).toHaveAttribute('data-value', String(plan.asks[plan.flapDown]), {
    timeout: 90_000,
  });
  await expect(firings).toHaveCount(1);

  // Past the band it re-arms; the next crossing fires again.
  await moveTo(plan.rearm);
  await expect(alertRow.getByTestId('alert-state')).toHaveText('Armed');
  await moveTo(plan.again);
  await expect(firings).toHaveCount(2);
  await expect(firings.first().getByTestId('firing-value')).toHaveAttribute(
    'data-value',
    String(plan.asks[plan.again]),
  );
  await expect.poll(async () => (await notifications(page)).length).toBe(1); // counted since the reload

  // The item opens from the history, on the Prices page.
  await firings
    .first()
    .getByRole('button', { name: `Open ${plan.name} in Prices` })
    .click();
  await expect(page.getByTestId('detail-panel').getByRole('heading', { level: 2 })).toHaveText(plan.name, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('detail-panel').getByRole('link', { name: '1 alert' })).toBeVisible();
});

test('empty state, keyboard and the notification switch', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}#/alerts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('alerts-empty')).toContainText('No alerts yet');
  await expect(page.getByTestId('alerts-empty')).toContainText('on a row in Prices');
  // Not allowed yet: the page offers to ask (the browser asks on the button press).
  await expect(page.getByTestId('notify-permission')).toHaveAttribute('data-permission', /default|denied/);
  await page.keyboard.press('Control+1');
  await expect(page.getByRole('link', { name: /^Prices/ })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Control+4');
  await expect(page.getByRole('link', { name: /^Alerts/ })).toHaveAttribute('aria-current', 'page');
});
