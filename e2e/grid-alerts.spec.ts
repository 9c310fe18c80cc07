/**
 * The price grid marks the items that have alerts: an alert made from the grid (A on a row) puts a bell in
 * its item's name cell, in the cell's text for a screen reader too, and on no other row, in the Watchlist
 * view as well; turned off (Alerts page) the bell is muted; deleted, it goes.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { grid, openGrid, rowOf, search } from './grid-page';

const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';
const NAME = 'AK-47 | Redline (Field-Tested)';
const bell = (page: Page, name: string) => rowOf(page, name).getByTestId('alert-bell');
const nameCell = (page: Page, name: string) => rowOf(page, name).locator('[role="gridcell"][data-col="1"]');

/** The Prices page showing the AK-47 | Redline rows; returns the name of one that is not NAME. */
async function showRedlines(page: Page): Promise<string> {
  await expect(grid(page)).not.toHaveAttribute('aria-rowcount', '1', { timeout: 90_000 });
  await search(page).fill('AK-47 | Redline');
  await expect(rowOf(page, NAME)).toHaveCount(1);
  const names = await page.locator('[role="row"][aria-rowindex] .pg__name').allTextContents();
  const other = names.find((n) => n !== NAME);
  expect(other).toBeTruthy();
  return other as string;
}

test('a bell on the rows of items with alerts: on, muted when off, gone when deleted', async ({ page, appUrl }) => {
  await openGrid(page, appUrl);
  const other = await showRedlines(page);
  await expect(bell(page, NAME)).toHaveCount(0);

  // A new alert from the row (A).
  await rowOf(page, NAME).locator('.pg__name').click();
  await page.keyboard.press('a');
  const editor = page.getByTestId('alert-editor');
  await expect(editor).toContainText(NAME);
  await editor.getByRole('textbox', { name: /^Ask below/ }).fill('1.00');
  await editor.getByRole('button', { name: 'Create alert' }).click();
  await expect(editor).toBeHidden();

  // The bell on its row only, with its words for the mouse and in the cell's text; not a tab stop.
  await expect(bell(page, NAME)).toBeVisible();
  await expect(bell(page, NAME)).toHaveAttribute('title', '1 alert');
  await expect(bell(page, NAME)).not.toHaveClass(/is-off/);
  await expect(nameCell(page, NAME)).toContainText(`${NAME}, 1 alert`);
  await expect(rowOf(page, NAME).locator('.pg__name')).toHaveText(NAME);
  await expect(bell(page, NAME)).toHaveAttribute('aria-hidden', 'true');
  await expect(bell(page, NAME)).not.toHaveAttribute('tabindex');
  await expect(bell(page, NAME).locator('button, [tabindex]')).toHaveCount(0);
  await expect(rowOf(page, other)).toHaveCount(1);
  await expect(bell(page, other)).toHaveCount(0);
  await expect(page.getByTestId('alert-bell')).toHaveCount(1);

  // The Watchlist view (the same grid) shows it too.
  await rowOf(page, NAME)
    .getByRole('button', { name: `Add ${NAME} to the watchlist` })
    .click();
  await page.getByRole('radio', { name: /Watchlist/ }).click();
  await expect(page.locator('[role="row"][aria-rowindex] .pg__name')).toHaveText([NAME]);
  await expect(bell(page, NAME)).toHaveAttribute('title', '1 alert');
  await page.getByRole('radio', { name: /All items/ }).click();

  // Turned off on the Alerts page: the bell is muted.
  await page.keyboard.press(`${MOD}+4`);
  await expect(page).toHaveURL(/#\/alerts$/);
  await page.getByRole('switch', { name: `Alert on ${NAME}: on` }).click();
  await expect(page.getByRole('switch', { name: `Alert on ${NAME}: off` })).not.toBeChecked();
  await page.keyboard.press(`${MOD}+1`);
  await showRedlines(page);
  await expect(bell(page, NAME)).toHaveClass(/is-off/);
  await expect(bell(page, NAME)).toHaveAttribute('title', '1 alert, off');
  await expect(nameCell(page, NAME)).toContainText(`${NAME}, 1 alert, off`);
  await expect(bell(page, other)).toHaveCount(0);

  // Deleted: no bell.
  await page.keyboard.press(`${MOD}+4`);
  await page.getByRole('button', { name: `Delete the alert on ${NAME}` }).click();
  await expect(page.getByTestId('alert-row')).toHaveCount(0);
  await page.keyboard.press(`${MOD}+1`);
  await showRedlines(page);
  await expect(page.getByTestId('alert-bell')).toHaveCount(0);
  await expect(nameCell(page, NAME)).not.toContainText('alert');
});
