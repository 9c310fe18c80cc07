import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CurrencyProviderFor } from '../../market/currency/CurrencyProvider';
import { DAYS } from '../../market/currency/testing/days';
import { FeeCurrencyNote } from './FeeCurrencyNote';

describe('the fee dialog says which currency fees are worked out in', () => {
  it('the service currency, the wallet assumed in it, even when prices show in CNY', () => {
    const html = renderToStaticMarkup(
      <CurrencyProviderFor days={DAYS} manual={[]} service="USD" display="CNY" serviceKey="builtin" today="2026-11-27">
        <FeeCurrencyNote />
      </CurrencyProviderFor>,
    );
    expect(html).toContain(
      'Fees are worked out in USD (US Dollar), the currency the service quotes in, and only then shown in CNY',
    );
    expect(html).toContain('assumes your Steam wallet is in USD');
    expect(html).toContain('minimum of 1 cent');
  });
});
