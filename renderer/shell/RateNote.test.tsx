import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CurrencyProviderFor } from '../market/currency/CurrencyProvider';
import { DAYS, snapshotOf } from '../market/currency/testing/days';
import { RatesContext } from '../platform/rates-context';
import { RateNote } from './RateNote';

const render = (display: string, today: string) =>
  renderToStaticMarkup(
    <CurrencyProviderFor days={DAYS} manual={[]} service="USD" display={display} serviceKey="builtin" today={today}>
      <RateNote />
    </CurrencyProviderFor>,
  );

describe('the status bar names the rate and its date', () => {
  it('"EUR at 0.9091 per USD, ECB 2026-11-26", fresh the next business day', () => {
    const html = render('EUR', '2026-11-27');
    expect(html).toContain('EUR at 0.9091 per USD, ECB 2026-11-26');
    expect(html).toContain('data-stale="false"');
  });
  it('older than 3 business days: marked stale, in the text and the tooltip', () => {
    // 11-26 (Thu) to 12-02 (Wed): 27, 30, 1, 2 = 4 business days.
    const html = render('CNY', '2026-12-02');
    expect(html).toContain('data-stale="true"');
    expect(html).toContain('stale');
    expect(html).toContain('4 business days old');
  });
  it('with the rates source down, the last rates kept are used and say their age and the failure', () => {
    const snapshot = {
      ...snapshotOf(DAYS),
      lastFetch: {
        at: Date.parse('2026-12-02T15:00:00Z'),
        ok: false,
        error: 'The rates source did not answer (connection refused).',
      },
    };
    const html = renderToStaticMarkup(
      <RatesContext.Provider
        value={{ snapshot, setSettings: () => Promise.resolve(snapshot), refresh: () => Promise.resolve(snapshot) }}
      >
        <CurrencyProviderFor
          days={snapshot.days}
          manual={[]}
          service="USD"
          display="CNY"
          serviceKey="builtin"
          today="2026-12-02"
        >
          <RateNote />
        </CurrencyProviderFor>
      </RatesContext.Provider>,
    );
    expect(html).toContain('CNY at 7.2000 per USD, ECB 2026-11-26');
    expect(html).toContain('4 business days old');
    expect(html).toContain('the last fetch failed: The rates source did not answer (connection refused).');
  });
  it('nothing when nothing converts; a clear note when the chosen currency has no rate', () => {
    expect(render('USD', '2026-11-27')).toBe('');
    expect(render('UAH', '2026-11-27')).toContain('No UAH rate: prices in USD');
  });
});
