/**
 * The price grid on a WHOLE catalog (every other spec runs on a slice of it, see fixtures.ts): every item of
 * CS2 is in the grid, and sampled rows (many markets, few, a null locked price) equal the API cell by cell:
 * the lowest ask per market, best ask and bid, spread, the markets count; what discovery found is listed.
 */
import { marketName, nameStatus } from '../shared/catalog/markets';
import { expect, test } from './fixtures';
import type { AggregatedMinPrices } from '../shared/api/types';
import { apiPrices, money, PINNED_AND_SUMMARY } from './grid-api';
import { grid, openGrid, readRowAcross, showOnly } from './grid-page';
import { refusedAskMarkets, refusedBidMarkets } from './served-markets';

/** A fixed service clock: the grid and the direct API calls see the same prices. */
const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);
test.use({
  recordHistory: false,
  catalog: 'whole',
  serviceOptions: { clock: () => T0 },
  viewport: { width: 1400, height: 900 },
});
test.setTimeout(120_000);

test('every item, the lowest ask per market, best ask/bid and spread equal the API', async ({
  page,
  appUrl,
  service,
}) => {
  const api = await apiPrices(service);
  await openGrid(page, appUrl, api.names.length);
  await expect(grid(page)).toHaveAttribute('aria-colcount', String(PINNED_AND_SUMMARY + api.ask.length));
  await expect(page.getByTestId('grid-count')).toHaveText(
    `${api.names.length.toLocaleString('en-US')} of ${api.names.length.toLocaleString('en-US')} items`,
  );

  // A sample: a popular item with many markets, one with few, and one with a null locked price.
  const byCount = [...api.min.values()].sort((a, b) => b.prices.length - a.prices.length);
  const withNullLocked = [...api.min.values()].find(
    (i) => i.prices.some((p) => p.price_locked === null) && i.prices.length < api.ask.length,
  );
  const sample = [
    byCount[0],
    byCount[Math.floor(byCount.length / 2)],
    byCount[byCount.length - 1],
    withNullLocked,
  ].filter((x): x is AggregatedMinPrices => Boolean(x));
  for (const item of sample) {
    const name = item.market_hash_name;
    await showOnly(page, name);
    const cells = await readRowAcross(page, name);
    const asks = new Map(item.prices.map((p) => [p.market_name, p]));
    // The names the service refuses are left out: no column at all.
    for (const slug of refusedAskMarkets(service.markets))
      expect(cells.has(`m:${slug}`), `${slug} is refused: no column`).toBe(false);
    for (const slug of api.ask) {
      const cell = cells.get(`m:${slug}`);
      expect(cell, `${name} @ ${slug}`).toBeDefined();
      const p = asks.get(slug);
      if (!p) {
        // No data: a dash, never 0.
        expect(cell?.text).toBe('—');
        expect(cell?.value).toBeNull();
        expect(cell?.label).toBe('no data');
      } else {
        expect(cell?.value, `${name} @ ${slug}`).toBe(String(p.price));
        expect(cell?.text.startsWith(money(p.price))).toBe(true);
        expect(cell?.label).toContain(`locked ${p.price_locked === null ? 'none' : money(p.price_locked)}`);
        expect(cell?.label).toContain(`${p.offers.toLocaleString('en-US')} offer`);
      }
    }
    const bestAsk = Math.min(...item.prices.map((p) => p.price));
    const bids = api.max.get(name)?.orders ?? [];
    const bestBid = bids.length ? Math.max(...bids.map((o) => o.price)) : null;
    expect(cells.get('bestAsk')?.value).toBe(item.prices.length ? String(bestAsk) : null);
    const cheapest = item.prices.find((p) => p.price === bestAsk);
    if (cheapest) expect(cells.get(`m:${cheapest.market_name}`)?.cls).toContain('is-best');
    expect(cells.get('bestBid')?.value ?? null).toBe(bestBid === null ? null : String(bestBid));
    if (bestBid !== null) {
      const top = bids.find((o) => o.price === bestBid);
      expect(cells.get('bestBid')?.label).toContain(`${top?.offers.toLocaleString('en-US')} order`);
    }
    if (bestBid !== null && item.prices.length) expect(cells.get('spread')?.value).toBe(String(bestBid - bestAsk));
    expect(cells.get('listed')?.text).toBe(String(item.prices.length));
  }
  // Discovery's outcome: the default names this service refuses are listed, each with its name and slug; only
  // unconfirmed candidates are refused here, so nothing is "important".
  const note = page.getByTestId('refused-markets');
  const refusedAsk = refusedAskMarkets(service.markets);
  const refusedBid = refusedBidMarkets(service.markets);
  expect(refusedAsk.length + refusedBid.length).toBeGreaterThan(0);
  for (const slug of [...refusedAsk, ...refusedBid]) await expect(note).toContainText(`${marketName(slug)} (${slug})`);
  for (const slug of api.ask.filter((s) => !refusedBid.includes(s))) await expect(note).not.toContainText(`(${slug})`);
  const important = [
    ...refusedAsk.filter((s) => nameStatus('minPrices', s) !== 'candidate'),
    ...refusedBid.filter((s) => nameStatus('maxOrders', s) !== 'candidate'),
  ];
  expect(important, 'the demo serves every published name').toEqual([]);
  await expect(note.getByTestId('refused-important')).toHaveCount(0);
});
