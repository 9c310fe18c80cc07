/**
 * The portfolio's values against the service's own numbers (project "connected": the reference service as a
 * process of its own): a CSV of 10 holdings and 2 bad rows is imported through its preview (which names the
 * bad rows), then every holding's sell-now, list-at-lowest and replace figures equal what the API's prices
 * give by the shipped fee schedule (e2e/fee-rules.ts, written from the rules, not from the app's code), with
 * "Net of fees" on and off, and again after a restart. (The FIFO sale and its realised profit: portfolio-page.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { DEFAULT_FEE_SCHEDULE } from '../shared/catalog/fee-schedule';
import { expect, test } from './fixtures';
import { refreshEvery } from './refresh-interval';
import { appliedFee } from './fee-rules';
import { apiPrices, money, type Api } from './grid-api';
import type { TestService } from './separate-service';

test.use({ viewport: { width: 1920, height: 1400 } });

const rows = (page: Page) => page.getByTestId('pf-holding-row');
/** A market's fee on one side is known when the shipped schedule gives it (the user has set none here). */
const feeKnown = (slug: string, side: 'buyer' | 'seller') =>
  (side === 'buyer' ? DEFAULT_FEE_SCHEDULE[slug]?.buyer : DEFAULT_FEE_SCHEDULE[slug]?.seller) != null;

interface Expected {
  sellNow: number | null;
  listLowest: number | null;
  replace: number | null;
}

/** What one item is worth per unit by the rules, from the API's answer. */
function expectedUnit(api: Api, name: string, net: boolean): Expected {
  const bids = (api.max.get(name)?.orders ?? []).filter((o) => api.bid.includes(o.market_name) && o.price !== null);
  const asks = (api.min.get(name)?.prices ?? []).filter((p) => api.ask.includes(p.market_name) && p.price !== null);
  let sellNow: number | null = null;
  for (const o of bids) {
    if (net && !feeKnown(o.market_name, 'seller')) continue;
    const v = net ? o.price - appliedFee('sell', o.market_name, o.price, {}).fee : o.price;
    if (sellNow === null || v > sellNow) sellNow = v;
  }
  // List at lowest: the lowest ask (of the markets whose seller fee is known, with net on), then its fee.
  let low: { market: string; price: number } | null = null;
  for (const slug of api.ask) {
    const p = asks.find((a) => a.market_name === slug);
    if (!p || (net && !feeKnown(slug, 'seller'))) continue;
    if (low === null || p.price < low.price) low = { market: slug, price: p.price };
  }
  const listLowest =
    low === null ? null : net ? low.price - appliedFee('sell', low.market, low.price, {}).fee : low.price;
  let replace: number | null = null;
  for (const p of asks) {
    if (net && !feeKnown(p.market_name, 'buyer')) continue;
    const v = net ? p.price + appliedFee('buy', p.market_name, p.price, {}).fee : p.price;
    if (replace === null || v < replace) replace = v;
  }
  return { sellNow, listLowest, replace };
}

const shown = (v: number | null, q: number) => (v === null ? '—' : money(v * q));

type Shown = Record<'sellNow' | 'listLowest' | 'replace' | 'mark', string>;

/**
 * Every holding row's figures, read in one step: the service's prices move every epoch, and forty reads one by one
 * on a loaded machine can straddle an epoch, which compared half the rows with the wrong answer.
 */
async function pageFigures(page: Page, names: readonly string[]): Promise<Map<string, Shown>> {
  const raw = await page.getByTestId('pf-holding-row').evaluateAll((els) =>
    els.map((el) => {
      const cell = (col: string) => (el.querySelector(`[data-col="${col}"]`)?.textContent ?? '').trim();
      return {
        name: cell('name'),
        sellNow: cell('value.sellNow'),
        listLowest: cell('value.listLowest'),
        replace: cell('value.replace'),
        mark: cell('value.mark'),
      };
    }),
  );
  const out = new Map<string, Shown>();
  // A row belongs to the longest holding name its name cell starts with ("X" and "X (Holo)" are different items).
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  for (const r of raw) {
    const name = longestFirst.find((n) => r.name.startsWith(n));
    if (name !== undefined && !out.has(name))
      out.set(name, { sellNow: r.sellNow, listLowest: r.listLowest, replace: r.replace, mark: r.mark });
  }
  return out;
}

/** Every difference between the shown figures and one API answer, as lines (empty: all equal). */
function differencesFrom(
  api: Api,
  figures: Map<string, Shown>,
  holdings: ReadonlyArray<{ name: string; quantity: number }>,
  net: boolean,
): string[] {
  const out: string[] = [];
  for (const h of holdings) {
    const row = figures.get(h.name);
    if (row === undefined) {
      out.push(`${h.name}: no row`);
      continue;
    }
    const e = expectedUnit(api, h.name, net);
    for (const id of ['sellNow', 'listLowest', 'replace'] as const) {
      const text = row[id];
      const want = shown(e[id], h.quantity);
      // The figure first, then the market's name after it.
      if (!(text === want || text.startsWith(`${want} `))) out.push(`${h.name} ${id}: page "${text}", API ${want}`);
    }
    // The mark: a median of the trusted asks (which quotes the app flags is its own judgement), at least the best
    // trusted bid: within the item's asks and bids, or "—" without any.
    const mark = row.mark;
    if (!net) {
      const prices = [
        ...(api.min.get(h.name)?.prices ?? []).filter((p) => api.ask.includes(p.market_name)),
        ...(api.max.get(h.name)?.orders ?? []).filter((o) => api.bid.includes(o.market_name)),
      ]
        .map((p) => p.price)
        .filter((p): p is number => p !== null);
      const value = Number(mark.replace(/[^0-9.-]/g, '')) * 1000;
      // Shown to the cent: half a cent either way per unit.
      const slack = 5 * h.quantity;
      const inRange =
        prices.length > 0 &&
        value >= Math.min(...prices) * h.quantity - slack &&
        value <= Math.max(...prices) * h.quantity + slack;
      if (!(prices.length === 0 ? mark === '—' : inRange || mark === '—'))
        out.push(`${h.name} mark: page "${mark}", outside the item's quotes`);
    }
  }
  return out;
}

/**
 * The differences between the page and the service: the page is read between two API answers and must equal one
 * of them (an epoch may turn while it is read); the lines returned are those against the later answer.
 */
async function differences(
  page: Page,
  service: TestService,
  holdings: ReadonlyArray<{ name: string; quantity: number }>,
  net: boolean,
): Promise<string[]> {
  const before = await apiPrices(service);
  const figures = await pageFigures(
    page,
    holdings.map((h) => h.name),
  );
  const after = await apiPrices(service);
  if (differencesFrom(before, figures, holdings, net).length === 0) return [];
  return differencesFrom(after, figures, holdings, net);
}

test('a CSV of 10 holdings and 2 bad rows: the preview names the bad rows; values equal the API numbers by the fee schedule, net and gross, and after a restart', async ({
  page,
  appUrl,
  service,
}) => {
  const api = await apiPrices(service);
  // Ten items the service prices, some with bids, some without (a missing figure must show "—").
  const withBid = api.names.filter((n) => (api.max.get(n)?.orders.length ?? 0) > 0);
  const without = api.names.filter((n) => (api.max.get(n)?.orders.length ?? 0) === 0);
  const names = [...withBid.slice(0, 8), ...without.slice(0, 2)];
  expect(names).toHaveLength(10);
  const holdings = names.map((name, i) => ({ name, quantity: i + 1 }));
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const csv = [
    'Item;Qty;Unit cost;Bought',
    ...holdings.map(
      (h, i) => `${quote(h.name)};${h.quantity};${(i + 1) * 2},50;2026-01-${String(i + 1).padStart(2, '0')}`,
    ),
    `${quote(names[0] as string)};three;1,00;2026-01-20`,
    `${quote(names[1] as string)};2;1,00;2026-13-45`,
  ].join('\n');

  // The service's prices move every 5-minute epoch; the page catches up at its next poll. At the default 60 s
  // a check begun just after a move waits a whole interval plus a slow load: 15 s keeps that inside the wait.
  await refreshEvery(page, 15);
  await page.goto(`${appUrl}#/portfolio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('pf-empty').getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByTestId('pf-import-dialog');
  await dialog
    .getByLabel(/^CSV file \(/)
    .setInputFiles({ name: 'holdings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const bad = dialog.getByTestId('pf-import-bad-row');
  await expect(bad).toHaveCount(2);
  await expect(bad.nth(0)).toContainText('three');
  await expect(bad.nth(1)).toContainText('2026-13-45');
  await expect(dialog.getByTestId('pf-import-row')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'Import 10 rows' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(10);

  // The value-over-time chart answers (no price history recorded yet on this page: it says so), never stays loading.
  await expect(page.getByText('No price history for these items in this range yet', { exact: false })).toBeVisible({
    timeout: 30_000,
  });

  const net = page.getByRole('switch', { name: 'Net of fees' });
  for (const on of [true, false]) {
    await net.setChecked(on);
    await expect(page.getByText('Valuing…')).toHaveCount(0, { timeout: 30_000 });
    // The service's prices move every epoch: compare the page and a fresh answer until both agree.
    await expect.poll(() => differences(page, service, holdings, on), { timeout: 60_000 }).toEqual([]);
  }

  // The FIFO sale and a restart are portfolio-page.spec.ts's first test; here, after a restart, the values are still the API's.
  await page.reload();
  await expect(rows(page)).toHaveCount(10, { timeout: 60_000 });
  await expect.poll(() => differences(page, service, holdings, false), { timeout: 60_000 }).toEqual([]);
});
