/**
 * What the grid specs share: the test's own API access (a token straight from the service, never through
 * the web host) and the page helpers that find rows and read cells across the virtualized columns.
 */
import type { Locator, Page } from '@playwright/test';
import { GRAPHQL_PATH } from '../shared/api/schema';
import { expect } from './fixtures';

export async function apiToken(serviceUrl: string, key: string): Promise<string> {
  const res = await fetch(`${serviceUrl}${GRAPHQL_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($k: String) { createSubscriptionToken(api_key: $k) }',
      variables: { k: key },
    }),
  });
  const json = (await res.json()) as { data: { createSubscriptionToken: string } };
  return json.data.createSubscriptionToken;
}

/** POSTs to the service with the token; a string body is sent as it is. Expects 200. */
export async function postService(serviceUrl: string, token: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${serviceUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-token': token },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

export const grid = (page: Page) => page.getByRole('grid');
export const search = (page: Page) => page.getByRole('searchbox', { name: 'Search items' });

export async function openGrid(page: Page, appUrl: string, items?: number): Promise<void> {
  await page.goto(appUrl);
  await expect(grid(page)).toBeVisible({ timeout: 90_000 });
  if (items !== undefined) await expect(grid(page)).toHaveAttribute('aria-rowcount', String(items + 1));
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The grid row of an item (by its exact name). */
export function rowOf(page: Page, name: string): Locator {
  return page
    .locator('[role="row"]')
    .filter({ has: page.locator('.pg__name', { hasText: new RegExp(`^${escapeRe(name)}$`) }) });
}

export async function showOnly(page: Page, name: string): Promise<Locator> {
  await search(page).fill(`"${name}"`);
  const row = rowOf(page, name);
  await expect(row).toHaveCount(1);
  return row;
}

export interface CellInfo {
  col: number;
  text: string;
  value: string | null;
  label: string | null;
  cls: string;
}

/** Every cell of a row with the header slug of its column, scrolling across the virtualized columns. */
export async function readRowAcross(page: Page, name: string): Promise<Map<string, CellInfo>> {
  const out = new Map<string, CellInfo>();
  const g = grid(page);
  const width = await g.evaluate((el) => el.scrollWidth);
  for (let x = 0; x <= width; x += 500) {
    await g.evaluate((el, left) => (el.scrollLeft = left), x);
    await page.waitForTimeout(60);
    const heads = await page
      .locator('[role="columnheader"]')
      .evaluateAll((els) =>
        els.map((e) => [Number(e.getAttribute('aria-colindex')), e.getAttribute('data-colid') ?? ''] as const),
      );
    const cells = await rowOf(page, name)
      .locator('[role="gridcell"]')
      .evaluateAll((els) =>
        els.map((e) => ({
          col: Number(e.getAttribute('aria-colindex')),
          text: (e.textContent ?? '').trim(),
          value: e.getAttribute('data-value'),
          label: e.getAttribute('aria-label'),
          cls: e.className,
        })),
      );
    const colId = new Map(heads);
    for (const c of cells) out.set(colId.get(c.col) ?? `#${c.col}`, c);
  }
  await g.evaluate((el) => (el.scrollLeft = 0));
  return out;
}
