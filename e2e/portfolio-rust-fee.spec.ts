/**
 * Rust on Steam (project "connected"): Facepunch publishes no Steam publisher fee for Rust, so what a seller
 * receives from a Steam buy order is unknown. Net of fees, the grid's best bid passes Steam over (never Steam's
 * 5 % alone, which overstated it), the Markets & fees dialog says why, and the user's own figure is used.
 */
import { marketName } from '../shared/catalog/markets';
import { expect, test } from './fixtures';
import { apiPrices } from './grid-api';
import { grid, openGrid, showOnly } from './grid-page';

const RUST = 252490;
// The service's prices move every 5-minute epoch: a frozen clock keeps the test's read and the grid's poll in one.
const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);

test.use({ recordHistory: false, serviceOptions: { clock: () => T0 }, viewport: { width: 1440, height: 900 } });

test("Rust: a Steam buy order has no known net; the dialog says why; the user's fee makes it known", async ({
  page,
  appUrl,
  service,
}) => {
  const api = await apiPrices(service, RUST);
  expect(api.bid).toContain('steamcommunity');
  // An item whose highest buy order is Steam's, with a buy order on another market too.
  const item = [...api.max.values()].find((i) => {
    const steam = i.orders.find((o) => o.market_name === 'steamcommunity');
    return (
      steam &&
      steam.price === Math.max(...i.orders.map((o) => o.price)) &&
      i.orders.some((o) => o.market_name !== 'steamcommunity' && o.price < steam.price)
    );
  });
  expect(item, 'a Rust item with Steam as the best of several buy orders').toBeDefined();
  const others = item!.orders.filter((o) => o.market_name !== 'steamcommunity').map((o) => o.price);
  const steamBid = item!.orders.find((o) => o.market_name === 'steamcommunity')!.price;

  await openGrid(page, appUrl);
  await page.getByRole('radio', { name: 'Rust' }).click();
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(api.names.length + 1), { timeout: 90_000 });
  let row = await showOnly(page, item!.market_hash_name);
  await expect(row.locator('[aria-colindex="4"]')).toHaveAttribute('data-value', String(steamBid));

  // Net of fees: Steam's bid has no known net, so the best bid is the best of the others (their fees as the grid counts them: none published, none taken).
  await page.getByRole('switch', { name: 'Net of fees' }).check();
  await expect(row.locator('[aria-colindex="4"]')).toHaveAttribute('data-value', String(Math.max(...others)));

  await page.getByRole('button', { name: 'Markets & fees', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Markets and fees' });
  const steamRow = dialog.locator('tr[data-slug="steamcommunity"]');
  await expect(steamRow).toContainText("5 % + ? (Rust's game fee is not published: net unknown)");
  await expect(steamRow.locator('td[data-fee-origin]').nth(1)).toHaveAttribute('data-fee-origin', 'unknown');
  // The user's own total seller fee for Steam: 15 %.
  const steamName = marketName('steamcommunity');
  await dialog.getByLabel(`Seller fee at ${steamName} in percent`).fill('15');
  await dialog.getByLabel(`Seller fee at ${steamName} in percent`).press('Enter');
  await expect(steamRow.locator('td[data-fee-origin]').nth(1)).toHaveAttribute('data-fee-origin', 'custom');
  await dialog.getByRole('button', { name: 'Done' }).click();

  row = await showOnly(page, item!.market_hash_name);
  const mine = steamBid - Math.round((steamBid * 1500) / 10000);
  await expect(row.locator('[aria-colindex="4"]')).toHaveAttribute('data-value', String(Math.max(mine, ...others)));
});
