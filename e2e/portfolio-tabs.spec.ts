/**
 * The portfolio open in two tabs of the web host (project "connected"): one browser context, so both tabs
 * share one IndexedDB database. Tab B's editor is opened on a lot of 10; tab A splits 4 off; B's save of its
 * old values is refused (nothing written: 6 + 4 held, not 14) and B's editor shows the lot as it is now. A
 * write in B then drops the Undo of A's split, which would take back B's work too.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const NAME = 'AK-47 | Redline (Field-Tested)';

test.use({ recordHistory: false, viewport: { width: 1440, height: 900 } });

const rows = (page: Page) => page.getByTestId('pf-holding-row');
const quantities = async (page: Page) =>
  (await rows(page).locator('[data-col="quantity"]').allInnerTexts()).map(Number);

async function openPortfolio(page: Page, url: string) {
  await page.goto(`${url}#/portfolio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });
}

test("two tabs: a stale editor's save is refused and shows the new state; the other tab's Undo goes", async ({
  page: a,
  appUrl,
}) => {
  await openPortfolio(a, appUrl);
  await a.getByTestId('pf-empty').getByRole('button', { name: 'Add holding' }).click();
  const editorA = a.getByTestId('pf-holding-editor');
  await editorA.getByRole('combobox', { name: 'Item' }).fill(NAME);
  await editorA.getByLabel('Quantity', { exact: true }).fill('10');
  await editorA.getByLabel('Unit cost').fill('10');
  await editorA.getByRole('button', { name: 'Add holding' }).click();
  await expect(editorA).toBeHidden();
  await expect(rows(a)).toHaveCount(1);

  // Tab B, same browser: opens the editor on the lot of 10 and changes its note.
  const b = await a.context().newPage();
  await openPortfolio(b, appUrl);
  await expect(rows(b)).toHaveCount(1, { timeout: 30_000 });
  await b.getByRole('button', { name: `Edit ${NAME}` }).click();
  const editorB = b.getByTestId('pf-holding-editor');
  await expect(editorB.getByLabel('Quantity', { exact: true })).toHaveValue('10');
  await editorB.getByLabel('Note').fill('from tab B');

  // Tab A splits 4 off.
  await a.getByRole('button', { name: `Split ${NAME}` }).click();
  const split = a.getByTestId('pf-split-dialog');
  await split.getByLabel('Items to the new lot').fill('4');
  await split.getByRole('button', { name: 'Split' }).click();
  await expect(rows(a)).toHaveCount(2);
  await expect(a.getByTestId('pf-undo-note').getByRole('button', { name: 'Undo' })).toBeVisible();

  // B's editor still holds 10; saving it is refused and the editor shows the lot as it is now.
  await expect(editorB.getByTestId('pf-editor-changed')).toBeVisible();
  await editorB.getByRole('button', { name: 'Save holding' }).click();
  await expect(editorB.getByTestId('pf-editor-failure')).toContainText('changed in another window');
  await expect(editorB.getByLabel('Quantity', { exact: true })).toHaveValue('6');
  await expect(rows(b)).toHaveCount(2);
  expect((await quantities(b)).reduce((x, y) => x + y, 0)).toBe(10);

  // Saved again, now on the new state: written. A's Undo of the split would undo it too, so it goes.
  await editorB.getByLabel('Note').fill('from tab B');
  await editorB.getByRole('button', { name: 'Save holding' }).click();
  await expect(editorB).toBeHidden();
  await expect(a.getByTestId('pf-undo-note')).toContainText('Undo is no longer offered');
  await expect(a.getByTestId('pf-undo-note').getByRole('button', { name: 'Undo' })).toHaveCount(0);

  // What is on disk: 6 + 4, in both tabs after a reload.
  await a.reload();
  await expect(rows(a)).toHaveCount(2, { timeout: 60_000 });
  expect((await quantities(a)).sort((x, y) => x - y)).toEqual([4, 6]);
});
