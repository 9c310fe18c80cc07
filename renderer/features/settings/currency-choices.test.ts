import { describe, expect, it } from 'vitest';
import { displayChoices, hasRate } from './currency-choices';

describe('the currencies offered to show prices in', () => {
  it('the euro, the feed, the manual rates and common ones, sorted, without the service currency', () => {
    const choices = displayChoices(['USD', 'CHF'], ['UAH'], 'USD');
    expect(choices).toContain('EUR');
    expect(choices).toContain('CHF');
    expect(choices).toContain('UAH');
    expect(choices).toContain('BRL');
    expect(choices).not.toContain('USD');
    expect(choices).toEqual([...choices].sort());
    expect(new Set(choices).size).toBe(choices.length);
  });

  it('leaves out what is not a currency code', () => {
    expect(displayChoices(['usd', 'ZZZZ'], [], 'USD')).not.toContain('ZZZZ');
  });

  it('a rate exists for the euro, the feed and the manual rates only', () => {
    expect(hasRate('EUR', [], [])).toBe(true);
    expect(hasRate('CHF', ['CHF'], [])).toBe(true);
    expect(hasRate('UAH', ['CHF'], ['UAH'])).toBe(true);
    expect(hasRate('KZT', ['CHF'], ['UAH'])).toBe(false);
  });
});
