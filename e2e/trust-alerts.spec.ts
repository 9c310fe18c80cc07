/**
 * An alert that requires a trusted quote, end to end against the reference service with planted outliers
 * (`plantOutliers`: one market's ask of some items at a quarter of the item's other asks). The test reads the
 * simulated market itself (same seed, clock and options as the service) for an item whose planted ask is
 * its lowest, and sets an "ask below" line between that outlier and the item's other asks, firing at the
 * first refresh past it: the outlier is left out, so the alert watches the trusted best, which is above the
 * line, and never fires; the editor and the Alerts page show the trusted value, never the outlier.
 */
import { toDecimalString } from '../shared/money/money';
import { createSimulatedMarket, EPOCH_MS } from '../service/src/sim/index';
import { E2E_CATALOG_SLICE, expect, test } from './fixtures';
import { openGrid, showOnly } from './grid-page';
import { shownAskMarkets } from './served-markets';

const T0 = Date.UTC(2025, 8, 1, 12, 0, 0);
const PLANTED = 8;

test.use({ serviceOptions: { clock: () => T0, plantOutliers: PLANTED }, viewport: { width: 1440, height: 900 } });

test('an outlier below the line does not fire an alert that requires a trusted quote', async ({
  page,
  appUrl,
  service,
}) => {
  test.setTimeout(240_000);
  const sim = createSimulatedMarket({ seed: 1, catalogSlice: E2E_CATALOG_SLICE, plantOutliers: PLANTED });
  const shown = new Set(shownAskMarkets(service.markets));
  const snap = sim.game(730).minPrices(T0);
  const width = snap.markets.length;
  // A planted low outlier on a market the page loads, the item's lowest ask by far.
  const plan = sim
    .plantedOutliers(730)
    .filter((p) => p.factor < 1 && shown.has(p.market))
    .map((p) => {
      const i = snap.names.indexOf(p.item);
      const asks = snap.markets.flatMap((m, k) =>
        shown.has(m) && snap.price[i * width + k]! >= 0 ? [{ market: m, price: snap.price[i * width + k]! }] : [],
      );
      const outlier = asks.find((a) => a.market === p.market)!;
      const others = asks.filter((a) => a.market !== p.market).map((a) => a.price);
      return { item: p.item, outlier: outlier.price, trustedLow: Math.min(...others) };
    })
    .find((p) => p.outlier * 2 < p.trustedLow);
  if (!plan) throw new Error('no planted low outlier on a market the page shows');
  // Halfway between the outlier and the other asks, to the cent.
  const line = Math.round((plan.outlier + plan.trustedLow) / 20) * 10;

  await openGrid(page, appUrl);
  const row = await showOnly(page, plan.item);
  await row.locator('.pg__name').click();
  await page.keyboard.press('a');
  const editor = page.getByTestId('alert-editor');
  await expect(editor).toBeVisible();
  await editor.getByRole('textbox', { name: /^Ask below/ }).fill(toDecimalString(line));
  await editor.getByLabel('Cool-down').selectOption({ label: 'None' });
  await editor.getByLabel('Held over').selectOption({ label: '1 refresh (fire at once)' });
  await expect(editor.getByRole('checkbox', { name: /Only a trusted quote fires it/ })).toBeChecked();
  // "Now": the trusted best, above the line (the outlier below it is left out).
  await expect(editor.getByTestId('alert-editor-status')).toContainText('The alert fires when it crosses the line', {
    timeout: 60_000,
  });
  await editor.getByRole('button', { name: 'Create alert' }).click();
  await expect(editor).toBeHidden();

  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const alertRow = page.getByTestId('alert-row');
  await expect(alertRow.getByTestId('alert-state')).toHaveText('Armed');
  for (let k = 1; k <= 2; k++) {
    await service.advanceClock(EPOCH_MS);
    const check = page.getByRole('button', { name: 'Check now' });
    await expect(check).toBeEnabled({ timeout: 90_000 });
    await check.click();
    await expect(check).toBeEnabled({ timeout: 90_000 });
    // The alert's value is a trusted ask above the line, never the outlier.
    await expect
      .poll(async () => Number(await alertRow.getByTestId('alert-now').getAttribute('data-value')), { timeout: 60_000 })
      .toBeGreaterThanOrEqual(line);
  }
  await expect(alertRow.getByTestId('alert-state')).toHaveText('Armed');
  await expect(page.getByTestId('history-empty')).toBeVisible();
});
