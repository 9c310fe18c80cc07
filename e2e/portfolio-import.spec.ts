/**
 * The portfolio's file import end to end (project "connected"), with files as users really have them: a
 * Steam inventory JSON file picked while "CSV file" is selected is read as an inventory (the dialog says
 * so and shows that reader as chosen), and Excel's "Unicode Text" (tab-separated UTF-16LE with a BOM) with
 * an unclosed quote on one line gives that line as an error row and the others as holdings.
 */
import { expect, test } from './fixtures';
import { FIXTURE_CONTEXT_2, inventoryPage } from '../shared/steam/test-fixtures';

test.use({ recordHistory: false, viewport: { width: 1440, height: 900 } });

async function openImport(page: import('@playwright/test').Page, appUrl: string) {
  await page.goto(`${appUrl}#/portfolio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('pf-empty').getByRole('button', { name: 'Import…' }).click();
  return page.getByTestId('pf-import-dialog');
}

test('a Steam inventory JSON file chosen as a CSV file is read as an inventory, and the dialog says so', async ({
  page,
  appUrl,
}) => {
  const dialog = await openImport(page, appUrl);
  await expect(dialog.getByRole('radio', { name: 'CSV file' })).toBeChecked();
  const json = JSON.stringify(inventoryPage(FIXTURE_CONTEXT_2, 0, 2000));
  await dialog
    .getByLabel(/^CSV file \(/)
    .setInputFiles({ name: 'inventory.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  await expect(dialog.getByTestId('pf-import-notice')).toContainText(
    'This file is JSON, not CSV: it was read as a Steam inventory JSON file.',
  );
  await expect(dialog.getByRole('radio', { name: 'Steam inventory JSON file' })).toBeChecked();
  await expect(dialog.getByTestId('pf-import-fatal')).toHaveCount(0);
  await expect(dialog.getByText('No item name column')).toHaveCount(0);
  await expect(dialog.getByTestId('pf-import-row').first()).toBeVisible();
  await expect(dialog.getByTestId('pf-import-row').filter({ hasText: 'AK-47 | Redline (Field-Tested)' })).toHaveCount(
    1,
  );
});

test('Excel "Unicode Text" (UTF-16LE, tabs) with an unclosed quote: that line is an error row, the others are holdings', async ({
  page,
  appUrl,
}) => {
  const dialog = await openImport(page, appUrl);
  const text =
    [
      'Item\tQty\tPrice',
      'AK-47 | Redline (Field-Tested)\t2\t10.50',
      '"AWP | Asiimov (Field-Tested)\t1\t30.00',
      'StatTrak™ M4A4 | Howl (Minimal Wear)\t1\t12.00',
      '★ Karambit | Fade (Factory New)\t1\t900.00',
    ].join('\r\n') + '\r\n';
  const buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  await dialog.getByLabel(/^CSV file \(/).setInputFiles({ name: 'holdings.txt', mimeType: 'text/plain', buffer });
  await expect(dialog.getByTestId('pf-import-notice')).toContainText('Read as UTF-16 LE text.');
  await expect(dialog.getByTestId('pf-import-bad-row')).toHaveCount(1);
  await expect(dialog.getByTestId('pf-import-bad-row')).toContainText('quote opened on line 3 is never closed');
  await expect(dialog.getByTestId('pf-import-row')).toHaveCount(3);
  await expect(
    dialog.getByTestId('pf-import-row').filter({ hasText: 'StatTrak™ M4A4 | Howl (Minimal Wear)' }),
  ).toHaveCount(1);
  await expect(dialog.getByTestId('pf-import-row').filter({ hasText: '★ Karambit | Fade (Factory New)' })).toHaveCount(
    1,
  );
  await expect(dialog.getByRole('button', { name: 'Import 3 rows' })).toBeEnabled();
});

test('a holdings CSV export imports back as it was, round after round: the formula guard never comes back as data', async ({
  page,
  appUrl,
}) => {
  const dialog = await openImport(page, appUrl);
  const notes = ['-5% off', "'Tis mine", '=1+1'];
  const csv = [
    'Name,Qty,Note',
    ...notes.map(
      (n, i) => `${i === 0 ? 'StatTrak™ AK-47 | Redline (Field-Tested)' : '★ Karambit | Fade (Factory New)'},1,"${n}"`,
    ),
  ].join('\r\n');
  await dialog
    .getByLabel(/^CSV file \(/)
    .setInputFiles({ name: 'holdings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog).toBeHidden();

  const exportHoldings = async (): Promise<Buffer> => {
    await page.locator('summary', { hasText: /^Export$/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Holdings (CSV)' }).click(),
    ]);
    const { readFile } = await import('node:fs/promises');
    return readFile(await download.path());
  };
  const first = await exportHoldings();
  // UTF-8 with a BOM; the note that starts with a trigger is guarded.
  expect([...first.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = first.toString('utf8');
  expect(text).toContain('StatTrak™ AK-47');
  expect(text).toContain(",'-5% off,");
  expect(text).toContain(",'=1+1,");
  expect(text).toContain(",'Tis mine,");

  // Imported again, then exported: the new lots have the same notes as the old ones (no apostrophe added).
  await page.getByRole('button', { name: 'Import…' }).click();
  await dialog.getByLabel(/^CSV file \(/).setInputFiles({ name: 'again.csv', mimeType: 'text/csv', buffer: first });
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog).toBeHidden();
  // In the app: every lot's note as typed, none with the guard's apostrophe.
  const noteCells = page.getByTestId('pf-holding-row').locator('[data-col="note"]');
  await expect(noteCells).toHaveCount(6);
  expect((await noteCells.allInnerTexts()).map((t) => t.trim()).sort()).toEqual([...notes, ...notes].sort());
  const second = (await exportHoldings()).toString('utf8');
  for (const guarded of ["'-5% off", "'=1+1", "'Tis mine"]) expect(second.split(`,${guarded},`)).toHaveLength(3);
  expect(second).not.toContain("''");
});
