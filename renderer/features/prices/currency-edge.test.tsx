/**
 * Conversion at the edge, end to end in the page's own modules: the provider filled from a RatesContext
 * snapshot of hand-made ECB days, then a grid cell, its tooltip and a detail-panel row as the components
 * format them. CNY: service value x (perEuro CNY / perEuro USD) of the newest day, half away from zero.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useMoneyFormat } from '../../lib/preferences';
import { useRates } from '../../platform/rates-context';
import { Money } from '../../item-details/DetailPanel';
import { cellText, marketCellTitle } from './copy-and-tooltip-text';
import type { GridColumn } from './grid-columns';
import { computeDerived } from '../../market/model/price-arithmetic';
import { ask, snapshotOf as gridSnapshot } from '../../market/model/test-helpers';
import { CurrencyProviderFor } from '../../market/currency/CurrencyProvider';
import { DAYS, UAH_BY_HAND } from '../../market/currency/testing/days';
import { RatesContext } from '../../platform/rates-context';
import { snapshotOf } from '../../market/currency/testing/days';

const snap = gridSnapshot([{ market_hash_name: 'AK', prices: [ask('steam', 12_345, 3)] }], [], ['steam'], []);
const d = computeDerived({ snap, askCols: [0], bidCols: [], fees: {}, net: false });
const bestAsk: GridColumn = {
  id: 'bestAsk',
  kind: 'bestAsk',
  title: 'Best ask',
  description: '',
  width: 100,
  numeric: true,
};
const market: GridColumn = {
  id: 'm0',
  kind: 'market',
  k: 0,
  title: 'Steam',
  description: '',
  width: 100,
  numeric: true,
};

function Probe() {
  const money = useMoneyFormat();
  const ctx = { snap, d, money, nameOf: (s: string) => s, watched: new Uint8Array(1) };
  return (
    <>
      <i>{cellText(ctx, bestAsk, 0)}</i>
      <b>{marketCellTitle(ctx, market, 0)}</b>
      <Money v={12_345} money={money} />
    </>
  );
}

/** The app's wiring: the provider reads the days from the RatesContext the host fills. */
function FromRates({ display, today }: { display: string; today: string }) {
  const rates = useRates();
  return (
    <CurrencyProviderFor
      days={rates?.snapshot?.days ?? []}
      manual={[UAH_BY_HAND]}
      service="USD"
      display={display}
      serviceKey="builtin"
      today={today}
    >
      <Probe />
    </CurrencyProviderFor>
  );
}

const render = (display: string, today = '2026-11-27') =>
  renderToStaticMarkup(
    <RatesContext.Provider
      value={{
        snapshot: snapshotOf(DAYS),
        setSettings: () => Promise.reject(new Error('not here')),
        refresh: () => Promise.reject(new Error('not here')),
      }}
    >
      <FromRates display={display} today={today} />
    </RatesContext.Provider>,
  );

describe('a grid cell and a detail-panel row in the display currency', () => {
  it('CNY: $12.345 x 7.2 (ECB 2026-11-26) = 88.884 -> CN¥88.88, the tooltip names the rate and its date', () => {
    const html = render('CNY');
    expect(html).toContain('<i>CN¥88.88</i>');
    expect(html).toContain('CN¥88.88 ($12.345; CNY at 7.2000 per USD, ECB 2026-11-26)');
    expect(html).toMatch(
      /<span title="CN¥88.88 \(\$12.345; CNY at 7.2000 per USD, ECB 2026-11-26\)" data-rate-date="2026-11-26">CN¥88.88<\/span>/,
    );
  });
  it('JPY shows no decimals: $12.345 x 155 = 1,913.475 -> ¥1,913', () => {
    expect(render('JPY')).toContain('<i>¥1,913</i>');
  });
  it('a manual currency: UAH at your rate of 41.5 per USD: $12.345 -> UAH 512.32', () => {
    const html = render('UAH');
    expect(html).toContain('<i>UAH 512.32</i>');
    expect(html).toContain('UAH at 41.5000 per USD, your rate of 2026-11-25');
  });
  it('a stale rate is marked in the figure’s tooltip', () => {
    const html = render('CNY', '2026-12-02');
    expect(html).toContain('stale: 4 business days old');
    expect(html).toContain('data-stale="true"');
  });
  it('the service currency: nothing converted, no rate in the title', () => {
    const html = render('USD');
    expect(html).toContain('<i>$12.35</i>');
    expect(html).not.toContain('title=');
  });
});
