/** Settings → Exchange rates as rendered for each state of the host's snapshot. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RatesSnapshot } from '../../../shared/rates/types';
import { RatesContext, type RatesContextValue } from '../../platform/rates-context';
import { ExchangeRatesSection, rateDayAgeDays } from './ExchangeRatesSection';

const ECB = 'https://www.ecb.europa.eu/stats/eurofxref/';
const OFF: RatesSnapshot = {
  settings: { enabled: false, url: ECB, urlFromEnvironment: false },
  days: [],
  lastFetch: null,
  nextRefreshAt: null,
};

function render(snapshot: RatesSnapshot | null, provided = true): string {
  const value: RatesContextValue = { snapshot, setSettings: async () => OFF, refresh: async () => OFF };
  return renderToStaticMarkup(
    provided ? (
      <RatesContext.Provider value={value}>
        <ExchangeRatesSection />
      </RatesContext.Provider>
    ) : (
      <ExchangeRatesSection />
    ),
  );
}

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('ExchangeRatesSection', () => {
  it('off: the switch unticked, the sentence saying what turning it on contacts, an editable address, Refresh disabled', () => {
    const html = render(OFF);
    expect(html).toMatch(/<input type="checkbox" data-testid="rates-enabled"/);
    expect(html).not.toMatch(/data-testid="rates-enabled"[^>]*checked/);
    expect(text(html)).toContain(
      `Turning this on contacts the rates source at ${ECB} (no key, token or cookie is sent).`,
    );
    expect(html).not.toMatch(/data-testid="rates-url"[^>]*readOnly|readonly[^>]*data-testid="rates-url"/i);
    expect(html).toMatch(/<button[^>]*data-testid="rates-refresh"[^>]*disabled=""/);
    expect(text(html)).toContain('Newest day—');
    expect(text(html)).toContain('FetchedNever');
  });

  it('from the environment: the address read-only, and where to change it', () => {
    const html = render({
      ...OFF,
      settings: { enabled: true, url: 'http://127.0.0.1:9/rates/', urlFromEnvironment: true },
    });
    expect(html).toMatch(/readonly=""[^>]*data-testid="rates-url"|data-testid="rates-url"[^>]*readonly=""/i);
    expect(text(html)).toContain('Set by MARKET_DESK_RATES_URL');
  });

  it('a failed fetch: the error, and the kept day used meanwhile with its age', () => {
    const days = [
      { date: '2026-11-20', perEuro: { USD: 1.08 } },
      { date: '2026-11-23', perEuro: { USD: 1.09 } },
    ];
    const html = render({
      ...OFF,
      settings: { ...OFF.settings, enabled: true },
      days,
      lastFetch: {
        at: Date.UTC(2026, 10, 27, 16),
        ok: false,
        error: 'The rates source answered HTTP 503 for eurofxref-daily.xml.',
      },
    });
    expect(html).toContain('data-testid="rates-error"');
    expect(text(html)).toContain('The rates source answered HTTP 503 for eurofxref-daily.xml. The rates of 2026-11-23');
    expect(text(html)).toMatch(/2026-11-23 \(\d+ days old; 2 days kept\)/);
    expect(text(html)).toContain('(failed)');
  });

  it('a storage problem is shown, not only logged', () => {
    expect(render({ ...OFF, storageError: 'The exchange rates could not be saved (the disk is full).' })).toContain(
      'data-testid="rates-storage-error"',
    );
  });

  it('without a provider (a host without rates) or before the first answer: says so', () => {
    expect(text(render(null, false))).toContain('This window has no exchange rates.');
    expect(text(render(null))).toContain('Reading the exchange rates…');
  });

  it('ages count calendar days to today', () => {
    expect(rateDayAgeDays('2026-11-27', Date.UTC(2026, 10, 27, 20))).toBe(0);
    expect(rateDayAgeDays('2026-11-27', Date.UTC(2026, 10, 30, 1))).toBe(3);
  });
});
