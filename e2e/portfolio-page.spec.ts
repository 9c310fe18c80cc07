/**
 * The Portfolio page end to end (project "connected"): a holding added by hand, edited, split, a part deleted
 * and the delete undone, a sale recorded (FIFO realised profit), then a reload (a restart: IndexedDB) finds
 * everything kept; P on a Prices row opens the same editor with the item filled in, from any page; and a CSV
 * import through its preview, then a backup exported and restored over a changed portfolio. Figures are read from the page's test ids and compared with what the ledger's rules give
 * by hand (fees shared by cumulative rounding down).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { formatMoney } from '../shared/money/money';
import { expect, test } from './fixtures';
import { openGrid, showOnly } from './grid-page';

const NAME = 'AK-47 | Redline (Field-Tested)';
const money = (v: number) => formatMoney(v, { decimals: 2, symbol: '$' });

test.use({ recordHistory: false, viewport: { width: 1440, height: 900 } });

const rows = (page: Page) => page.getByTestId('pf-holding-row');
const cell = (page: Page, i: number, col: string) => rows(page).nth(i).locator(`[data-col="${col}"]`);

test('add, edit, split, delete and undo, record a sale; a restart keeps it all', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}#/portfolio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('pf-empty')).toContainText('No Counter-Strike 2 holdings yet');

  // Add by hand: 4 at 10.00 with a 0.40 fee.
  await page.getByTestId('pf-empty').getByRole('button', { name: 'Add holding' }).click();
  const editor = page.getByTestId('pf-holding-editor');
  await expect(editor).toBeVisible();
  await editor.getByRole('combobox', { name: 'Item' }).fill(NAME);
  // A bad field keeps the dialog open with its message, and nothing typed is lost.
  await editor.getByLabel('Quantity', { exact: true }).fill('four');
  await editor.getByLabel('Unit cost').fill('10');
  await editor.getByRole('button', { name: 'Add holding' }).click();
  await expect(editor.getByText('A whole number of items, 1 or more.')).toBeVisible();
  await expect(editor.getByLabel('Unit cost')).toHaveValue('10');
  await editor.getByLabel('Quantity', { exact: true }).fill('4');
  await editor.getByLabel('Fee paid').fill('0.40');
  await editor.getByLabel('Acquired').fill('2026-01-02');
  await editor.getByRole('button', { name: 'Add holding' }).click();
  await expect(editor).toBeHidden();
  await expect(rows(page)).toHaveCount(1);
  await expect(cell(page, 0, 'quantity')).toHaveText('4');
  await expect(cell(page, 0, 'costBasis')).toHaveText(money(40_400));

  // Edit: the unit cost becomes 12.00.
  await page.getByRole('button', { name: `Edit ${NAME}` }).click();
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('combobox', { name: 'Item' })).toHaveValue(NAME);
  await editor.getByLabel('Unit cost').fill('12');
  await editor.getByRole('button', { name: 'Save holding' }).click();
  await expect(editor).toBeHidden();
  await expect(cell(page, 0, 'costBasis')).toHaveText(money(48_400));
  // Focus is back on the button that opened the editor.
  await expect(page.getByRole('button', { name: `Edit ${NAME}` })).toBeFocused();

  // Split 1 off: the fee 0.400 is shared 0.300 / 0.100.
  await page.getByRole('button', { name: `Split ${NAME}` }).click();
  const split = page.getByTestId('pf-split-dialog');
  await split.getByLabel('Items to the new lot').fill('1');
  await split.getByRole('button', { name: 'Split' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('pf-cost-total')).toHaveText(money(48_400));
  const bases = async () => (await rows(page).locator('[data-col="costBasis"]').allTextContents()).sort();
  await expect.poll(bases).toEqual([money(12_100), money(36_300)].sort());

  // Delete the one-item lot, then Undo.
  const one = rows(page).filter({ has: page.locator('[data-col="quantity"]', { hasText: /^1$/ }) });
  await one.getByRole('button', { name: `Delete ${NAME}` }).click();
  await expect(rows(page)).toHaveCount(1);
  await page.getByTestId('pf-undo-note').getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('pf-cost-total')).toHaveText(money(48_400));

  // Keyboard: the first row's Enter opens the editor; Escape closes it.
  await rows(page).first().focus();
  await page.keyboard.press('Enter');
  await expect(editor).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(rows(page).first()).toBeFocused();

  // Sell 2 at 20.00 with a 1.00 fee: FIFO takes 2 items at 12.00 + their fee shares 0.200 = 24.200;
  // proceeds 39.000; realised 14.800.
  await rows(page)
    .first()
    .getByRole('button', { name: `Record a sale of ${NAME}` })
    .click();
  const sale = page.getByTestId('pf-sale-dialog');
  await sale.getByLabel('Quantity sold').fill('2');
  await sale.getByLabel('Price per item').fill('20');
  await sale.getByLabel('Fee taken').fill('1');
  await sale.getByLabel('Sold on').fill('2026-02-01');
  await sale.getByRole('button', { name: 'Record sale' }).click();
  await expect(sale).toBeHidden();
  await expect(page.getByTestId('pf-sale-realised')).toHaveText(money(14_800));
  await expect(page.getByTestId('pf-realised-total')).toHaveText(money(14_800));
  await expect(page.getByTestId('pf-items-held')).toHaveText('2');
  await expect(page.getByTestId('pf-cost-total')).toHaveText(money(24_200));

  // A restart: everything is read back from IndexedDB.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('pf-items-held')).toHaveText('2');
  await expect(page.getByTestId('pf-cost-total')).toHaveText(money(24_200));
  await expect(page.getByTestId('pf-sale-realised')).toHaveText(money(14_800));
  await expect(page.getByTestId('pf-sale-row')).toHaveCount(1);
});

test('P on a Prices row adds its item: the editor opens there with the item filled in, and Undo is offered', async ({
  page,
  appUrl,
}) => {
  await openGrid(page, appUrl);
  const row = await showOnly(page, NAME);
  await row.locator('.pg__name').click();
  await page.keyboard.press('p');
  const editor = page.getByTestId('pf-holding-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('heading', { name: 'Add to portfolio' })).toBeVisible();
  await expect(editor.getByRole('combobox', { name: 'Item' })).toHaveValue(NAME);
  // The quantity has focus (the item is known): type it and press Enter.
  await expect(editor.getByLabel('Quantity', { exact: true })).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  const toast = page.getByTestId('pf-editor-toast');
  await expect(toast).toContainText(`Added 3 × ${NAME}.`);
  await page.keyboard.press('Control+5');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(cell(page, 0, 'quantity')).toHaveText('3');
  // No cost given: "—", never 0.
  await expect(cell(page, 0, 'costBasis')).toHaveText('—');
  await expect(page.getByTestId('pf-cost-total')).toHaveText('— (1 without a cost)');
  // The note moved with the page: Undo there takes it back.
  await page.getByTestId('pf-undo-note').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('pf-empty')).toBeVisible();
});

test('a CSV import shows its bad row and adds the others; a backup restores the portfolio as it was', async ({
  page,
  appUrl,
}) => {
  await page.goto(`${appUrl}#/portfolio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('pf-empty').getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByTestId('pf-import-dialog');
  const csv = [
    'Item,Qty,Price,Date',
    `${NAME},2,10.50,2026-01-03`,
    'AWP | Asiimov (Field-Tested),two,30,2026-01-04',
    'A made-up item,1,,',
  ].join('\n');
  await dialog
    .getByLabel(/^CSV file \(/)
    .setInputFiles({ name: 'holdings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('pf-import-bad-row')).toHaveCount(1);
  await expect(dialog.getByTestId('pf-import-bad-row')).toContainText('two');
  await expect(dialog.getByTestId('pf-import-row')).toHaveCount(2);
  await expect(rows(page)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('pf-cost-total')).toContainText(money(21_000));

  // A backup of the whole portfolio, downloaded.
  await page.locator('summary', { hasText: /^Export$/ }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Backup of the whole portfolio' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^market-desk-portfolio-.*\.json$/);
  const file = await download.path();
  const first = JSON.parse(await readFile(file, 'utf8')) as { exported: number; holdings: unknown[]; sales: unknown[] };
  expect(first.holdings).toHaveLength(2);

  // Changed since: one deleted. The restore says what it will do, then puts it back.
  await rows(page)
    .first()
    .getByRole('button', { name: /^Delete / })
    .click();
  await expect(rows(page)).toHaveCount(1);
  // The menu closed after the export: open it again.
  await page.locator('summary', { hasText: /^Export$/ }).click();
  await page.getByRole('button', { name: 'Restore from a backup…' }).click();
  const restore = page.getByTestId('pf-restore-dialog');
  await restore.getByLabel('Backup file').setInputFiles(file);
  // Adding is the default; replacing is a choice, and says what it removes.
  await expect(restore.getByRole('radio', { name: /^Add the backup/ })).toBeChecked();
  await expect(restore.getByTestId('pf-restore-plan')).toContainText(
    "Add the backup to the portfolio: holdings: 1 holding added, 0 replaced by the backup's version, 1 unchanged",
  );
  await restore.getByRole('radio', { name: /^Replace the whole portfolio/ }).check();
  await expect(restore.getByTestId('pf-restore-plan')).toContainText(
    "holdings: 1 holding added, 0 replaced by the backup's version, 0 not in the backup removed, 1 unchanged",
  );
  await restore.getByRole('radio', { name: /^Add the backup/ }).check();
  await restore.getByRole('button', { name: 'Add the backup' }).click();
  await expect(restore).toBeHidden();
  await expect(rows(page)).toHaveCount(2);

  // Identical records: a new backup holds the same holdings and sales.
  await page.reload();
  await expect(rows(page)).toHaveCount(2, { timeout: 60_000 });
  await page.locator('summary', { hasText: /^Export$/ }).click();
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Backup of the whole portfolio' }).click(),
  ]);
  const second = JSON.parse(await readFile(await again.path(), 'utf8')) as typeof first;
  expect({ ...second, exported: 0 }).toEqual({ ...first, exported: 0 });
});
