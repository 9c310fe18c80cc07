/**
 * The command palette (Ctrl/Cmd+K) in Chromium: opens and closes by keyboard with focus given back, finds
 * items by partial and misspelled words and opens them in the detail panel, runs page and game commands,
 * and exposes combobox/listbox semantics (roles, aria-expanded/controls/activedescendant, aria-selected).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { grid, search } from './grid-page';

// The price history is never read here: no recording (fixtures.ts, recordHistory).
test.use({ recordHistory: false });

const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const input = (page: Page) => palette(page).getByRole('combobox');
const items = (page: Page) => palette(page).getByRole('group', { name: 'Items' }).getByRole('option');

/** The Prices page with its items loaded, focus in its search field; returns the field. */
async function openPrices(page: Page, appUrl: string): Promise<Locator> {
  await page.goto(appUrl);
  await expect(grid(page)).toBeVisible({ timeout: 90_000 });
  await expect(grid(page)).not.toHaveAttribute('aria-rowcount', '1');
  await search(page).focus();
  return search(page);
}

async function openPalette(page: Page): Promise<void> {
  await page.keyboard.press(`${MOD}+KeyK`);
  await expect(palette(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

test('Ctrl+K opens; partial and misspelled item names are found; Enter opens the item; Esc closes', async ({
  page,
  appUrl,
}) => {
  const searchBox = await openPrices(page, appUrl);

  await openPalette(page);
  // Semantics: combobox -> listbox, the active option is aria-activedescendant and aria-selected.
  const box = input(page);
  const listId = await box.getAttribute('aria-controls');
  expect(listId).toBeTruthy();
  const list = page.locator(`[id="${listId}"]`);
  await expect(list).toHaveAttribute('role', 'listbox');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(palette(page).getByRole('group', { name: 'Actions' })).toBeVisible();
  await expect(palette(page).getByTestId('palette-note')).toContainText(/Type to search [\d,]+ CS2 items/);
  // Only the options in sight are rendered: each says where it is in the whole list.
  const activeIs = async (n: number) => {
    const id = await box.getAttribute('aria-activedescendant');
    const option = list.locator(`[role="option"][aria-posinset="${n + 1}"]`);
    await expect(option).toHaveAttribute('id', id ?? '');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(option).toBeInViewport();
    await expect(list.locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
  };
  await activeIs(0);
  await page.keyboard.press('ArrowDown');
  await activeIs(1);
  await page.keyboard.press('End');
  const count = Number(await list.getByRole('option').first().getAttribute('aria-setsize'));
  expect(count).toBeGreaterThan(1);
  await activeIs(count - 1);
  await page.keyboard.press('Home');
  await activeIs(0);
  await page.keyboard.press('ArrowUp');
  await activeIs(count - 1);

  // Esc closes and gives focus back.
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(searchBox).toBeFocused();

  // Partial words with a trader abbreviation, typed key by key as a user does.
  await openPalette(page);
  for (const phrase of ['ak redl ft', 'awp asiimv', 'm4a1 printstrem', 'redline ak']) {
    await box.fill('');
    await box.pressSequentially(phrase, { delay: 30 });
    await expect(items(page).first()).toBeVisible();
  }
  // A broad query: fifty items and more, of which only those in sight are in the page; End and PageUp reach
  // options that were not, and bring them into sight.
  await box.fill('a');
  const results = palette(page).getByRole('listbox');
  await expect(results.getByRole('option').first()).toBeVisible();
  const setSize = Number(await results.getByRole('option').first().getAttribute('aria-setsize'));
  expect(setSize).toBeGreaterThanOrEqual(50);
  expect(await results.getByRole('option').count()).toBeLessThan(setSize);
  for (const [key, at] of [
    ['End', setSize],
    ['PageUp', setSize - 10],
  ] as const) {
    await page.keyboard.press(key);
    const option = results.locator(`[role="option"][aria-posinset="${at}"]`);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(option).toBeInViewport();
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  }
  await box.fill('ak redl ft');
  await expect(items(page).first()).toHaveText(/AK-47 \| Redline \(Field-Tested\)/);
  // A misspelled word (one letter missing) in the middle of typing.
  await box.fill('');
  await box.pressSequentially('awp asiimv', { delay: 20 });
  await expect(items(page).first()).toHaveText(/AWP \| Asiimov/);
  // Items come after the command groups: move to the first item, then Enter opens it.
  await box.fill('asiimv');
  const first = items(page).first();
  await expect(first).toHaveText(/Asiimov/);
  const name = (await first.textContent()) ?? '';
  const firstId = await first.getAttribute('id');
  while ((await box.getAttribute('aria-activedescendant')) !== firstId) await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(page.getByTestId('detail-panel').getByRole('heading', { level: 2 })).toHaveText(name);

  // Toggle: Ctrl+K opens and Ctrl+K closes.
  await openPalette(page);
  await page.keyboard.press(`${MOD}+KeyK`);
  await expect(palette(page)).toBeHidden();
});

test('page and game commands; misspelled page name; an item from another page', async ({ page, appUrl }) => {
  await page.goto(appUrl);
  await expect(grid(page)).toBeVisible({ timeout: 90_000 });
  await expect(grid(page)).not.toHaveAttribute('aria-rowcount', '1');

  await openPalette(page);
  await input(page).fill('recomendations');
  await expect(palette(page).getByRole('option').first()).toHaveText(/Go to Recommendations/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/recommendations$/);
  await expect(palette(page)).toBeHidden();

  // Items stay searchable on another page; Enter goes to Prices with the item open.
  await openPalette(page);
  await input(page).fill('redline ak ft');
  const item = palette(page).getByRole('group', { name: 'Items' }).getByRole('option').first();
  await expect(item).toHaveText(/AK-47 \| Redline \(Field-Tested\)/);
  const name = (await item.textContent()) ?? '';
  await item.click();
  await expect(page).toHaveURL(/#\/prices$/);
  await expect(page.getByTestId('detail-panel').getByRole('heading', { level: 2 })).toHaveText(name, {
    timeout: 30_000,
  });

  // Switch game by name.
  await openPalette(page);
  await input(page).fill('team fortres');
  await expect(palette(page).getByRole('option').first()).toHaveText(/Switch game to Team Fortress 2/);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('market-desk.pref.app.game'))).toBe('440');
  await openPalette(page);
  await expect(palette(page).getByRole('option', { name: /Team Fortress 2/ })).toContainText('current');
  await page.keyboard.press('Escape');

  // Settings lists the shortcut.
  await openPalette(page);
  await input(page).fill('open setings');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByText('Command palette: jump to an item, page or game, or run an action')).toBeVisible();
});

test('a new alert from the palette, by keyboard: the item found, the editor for it, the alert on the Alerts page', async ({
  page,
  appUrl,
}) => {
  const searchBox = await openPrices(page, appUrl);

  await openPalette(page);
  const box = input(page);
  await box.pressSequentially('ak redl ft', { delay: 20 });
  const name = 'AK-47 | Redline (Field-Tested)';
  await expect(items(page).first()).toHaveText(name);
  // The action for the best match, among the actions; the active option stays the item (Enter opens it).
  const action = palette(page)
    .getByRole('group', { name: 'Actions' })
    .getByRole('option', { name: `New alert for ${name}…` });
  await expect(action).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', (await items(page).first().getAttribute('id')) ?? '');
  // Up reaches it: it becomes the active option, then Enter opens the editor for the item.
  await page.keyboard.press('ArrowUp');
  await expect(action).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await action.getAttribute('id')) ?? '');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  const editor = page.getByTestId('alert-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('heading', { name: 'New alert' })).toBeVisible();
  await expect(editor).toContainText(name);
  await expect(editor.getByTestId('alert-editor-now')).toContainText('best ask');
  const price = editor.getByRole('textbox', { name: /^Ask below/ });
  await expect(price).toBeFocused();

  // Enter creates it; focus goes back to where it was before the palette.
  await price.fill('1.00');
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('alerts-toast')).toContainText('Alert created: Ask below $1.00');
  await expect(searchBox).toBeFocused();

  await page.keyboard.press(`${MOD}+4`);
  await expect(page).toHaveURL(/#\/alerts$/);
  const row = page.getByTestId('alert-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText('Ask below $1.00');
});
