/**
 * Alerts that don't fire on noise, end to end (project "web": the reference service with a frozen clock the
 * test moves, and refreshes by hand only, so each move is exactly one poll). The test reads
 * the simulated market itself (same seed and clock as the service) for an item whose ask on one market dips
 * below a line for one poll only (a blip), comes back, then falls below it for good. An alert created with
 * the defaults (a trusted quote required, held over 2 refreshes) does not fire on the blip, and fires at the
 * second refresh of the real fall, its history saying which quote fired it and its age.
 *
 * The app's own check is observed through the alert's "Now" cell (data-value: the value at its last check).
 */
import { formatMoney, toDecimalString } from '../shared/money/money';
import { refreshEvery } from './refresh-interval';
import { createSimulatedMarket, EPOCH_MS } from '../service/src/sim/index';
import { E2E_CATALOG_SLICE, expect, test } from './fixtures';
import { openGrid, showOnly } from './grid-page';

const T0 = Date.UTC(2025, 7, 1, 12, 0, 0);
const MARKET = 'csfloat';
const MARKET_NAME = 'CSFloat';
const EPOCHS = 40;

// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false, serviceOptions: { clock: () => T0 }, viewport: { width: 1440, height: 900 } });

interface Plan {
  name: string;
  line: number;
  asks: number[];
  /** The one-poll dip below the line, and the first poll of the fall that stays below it. */
  blip: number;
  fall: number;
}

/** The epochs at which the ask is below the line, as runs: [start, length]. */
function runsBelow(asks: readonly number[], line: number): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (let k = 0; k < asks.length; k++) {
    if (!(asks[k]! < line)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === k) last[1]++;
    else runs.push([k, 1]);
  }
  return runs;
}

function findPlan(): Plan {
  const sim = createSimulatedMarket({ seed: 1, catalogSlice: E2E_CATALOG_SLICE }).game(730);
  const snaps = Array.from({ length: EPOCHS }, (_, k) => sim.minPrices(T0 + k * EPOCH_MS));
  const m = snaps[0]!.markets.indexOf(MARKET);
  const width = snaps[0]!.markets.length;
  const names = snaps[0]!.names;
  for (let i = 0; i < names.length; i++) {
    const asks = snaps.map((s) => s.price[i * width + m]!);
    if (asks.some((p) => p < 0) || asks[0]! < 5_000) continue;
    for (const v of [...new Set(asks)].sort((a, b) => a - b)) {
      // A whole cent above a price seen: that price is below the line.
      const line = Math.ceil((v + 1) / 10) * 10;
      if (!(asks[0]! >= line * 1.01)) continue;
      const runs = runsBelow(asks, line);
      const [first, second] = runs;
      if (first && second && first[1] === 1 && second[1] >= 2)
        return { name: names[i]!, line, asks, blip: first[0], fall: second[0] };
    }
  }
  throw new Error('no item in the simulated market dips for one poll and then falls for two');
}

test('a one-poll dip does not fire an alert held over 2 refreshes; a fall that holds does, naming its quote and age', async ({
  page,
  appUrl,
  service,
}) => {
  test.setTimeout(360_000);
  const plan = findPlan();
  const money = { decimals: 2, symbol: '$' } as const;
  // Refreshes by hand only: one move of the clock, one poll.
  await refreshEvery(page, 0);

  await openGrid(page, appUrl);
  const row = await showOnly(page, plan.name);
  await row.locator('.pg__name').click();
  await page.keyboard.press('a');
  const editor = page.getByTestId('alert-editor');
  await expect(editor).toBeVisible();
  await editor.getByRole('textbox', { name: /^Ask below/ }).fill(toDecimalString(plan.line));
  await editor.getByLabel('Market').selectOption(MARKET);
  await editor.getByLabel('Cool-down').selectOption({ label: 'None' });
  // The defaults of a new alert: held over 2 refreshes, a trusted quote required.
  await expect(editor.getByLabel('Held over')).toHaveValue('2');
  await expect(editor.getByRole('checkbox', { name: /Only a trusted quote fires it/ })).toBeChecked();
  await expect(editor).toContainText('must hold 2 refreshes in a row');
  await editor.getByRole('button', { name: 'Create alert' }).click();
  await expect(editor).toBeHidden();

  await page.keyboard.press('Control+4');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const alertRow = page.getByTestId('alert-row');
  await expect(alertRow.getByTestId('alert-state')).toHaveText('Armed');
  const firings = page.getByTestId('firing-row');
  let epoch = 0;
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

  // Every poll up to the fall: the blip is below the line for one poll only, and nothing fires.
  for (let k = 1; k < plan.fall; k++) {
    await moveTo(k);
    if (k === plan.blip)
      await expect(alertRow.getByTestId('alert-state')).toHaveText('Armed; past the line 1 of 2 refreshes in a row');
  }
  await expect(page.getByTestId('history-empty')).toBeVisible();

  // The fall: past the line at its first poll (held 1 of 2), fired at the second.
  await moveTo(plan.fall);
  await expect(alertRow.getByTestId('alert-state')).toHaveText('Armed; past the line 1 of 2 refreshes in a row');
  await expect(firings).toHaveCount(0);
  await moveTo(plan.fall + 1);
  await expect(firings).toHaveCount(1);
  await expect(firings.first().getByTestId('firing-value')).toHaveAttribute(
    'data-value',
    String(plan.asks[plan.fall + 1]),
  );
  const price = formatMoney(plan.asks[plan.fall + 1]!, money).replace(/[$.]/g, '\\$&');
  await expect(firings.first().getByTestId('firing-quote')).toHaveText(
    new RegExp(`^Fired by ${MARKET_NAME} at ${price}, (unchanged for .+|age unknown yet)$`),
  );
});
