/**
 * The portfolio's file import end to end (project "connected"), with files as users really have them: a
 * Steam inventory JSON file picked while "CSV file" is selected is read as an inventory (the dialog says
 * so and shows that reader as chosen), and Excel's "Unicode Text" (tab-separated UTF-16LE with a BOM) with
 * an unclosed quote on one line gives that line as an error row and the others as holdings.
 */
import { expect, test } from './fixtures';
import { FIXTURE_CONTEXT_2, inventoryPage } from '../shared/steam/test-fixtures';

test.use({ viewport: { width: 1440, height: 900 } });

async function openImport(page: import('@playwright/test').Page, appUrl: string) {
  await page.goto(`${appUrl}#/portfolio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('pf-empty').getByRole('button', { name: 'Import…' }).click();
  return page.getByTestId('pf-import-dialog');
}

test('a Steam inventory JSON file chosen as a CSV file is read as an inventory, and the dialog says so', async ({ page, appUrl }) => {
  const dialog = await openImport(page, appUrl);
  await expect(dialog.getByRole('radio', { name: 'CSV file' })).toBeChecked();
  const json = JSON.stringify(inventoryPage(FIXTURE_CONTEXT_2, 0, 2000));
  await dialog.getByLabel(/^CSV file \(/).setInputFiles({ name: 'inventory.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  await expect(dialog.getByTestId('pf-import-notice')).toContainText('This file is JSON, not CSV: it was read as a Steam inventory JSON file.');
  await expect(dialog.getByRole('radio', { name: 'Steam inventory JSON file' })).toBeChecked();
  await expect(dialog.getByTestId('pf-import-fatal')).toHaveCount(0);
  await expect(dialog.getByText('No item name column')).toHaveCount(0);
  await expect(dialog.getByTestId('pf-import-row').first()).toBeVisible();
  await expect(dialog.getByTestId('pf-import-row').filter({ hasText: 'AK-47 | Redline (Field-Tested)' })).toHaveCount(1);
});

test('Excel "Unicode Text" (UTF-16LE, tabs) with an unclosed quote: that line is an error row, the others are holdings', async ({ page, appUrl }) => {
  const dialog = await openImport(page, appUrl);
  const text = ['Item\tQty\tPrice', 'AK-47 | Redline (Field-Tested)\t2\t10.50', '"AWP | Asiimov (Field-Tested)\t1\t30.00', 'StatTrak™ M4A4 | Howl (Minimal Wear)\t1\t12.00', '★ Karambit | Fade (Factory New)\t1\t900.00'].join('\r\n') + '\r\n';
  const buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  await dialog.getByLabel(/^CSV file \(/).setInputFiles({ name: 'holdings.txt', mimeType: 'text/plain', buffer });
  await expect(dialog.getByTestId('pf-import-notice')).toContainText('Read as UTF-16 LE text.');
  await expect(dialog.getByTestId('pf-import-bad-row')).toHaveCount(1);
  await expect(dialog.getByTestId('pf-import-bad-row')).toContainText('quote opened on line 3 is never closed');
  await expect(dialog.getByTestId('pf-import-row')).toHaveCount(3);
  await expect(dialog.getByTestId('pf-import-row').filter({ hasText: 'StatTrak™ M4A4 | Howl (Minimal Wear)' })).toHaveCount(1);
  await expect(dialog.getByTestId('pf-import-row').filter({ hasText: '★ Karambit | Fade (Factory New)' })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Import 3 rows' })).toBeEnabled();
});
