import { describe, expect, it } from 'vitest';
import { createPreferenceStore, memoryStorage, PREFERENCE_PREFIX, readPreference } from '../../lib/preferences';
import { DISPLAY_CURRENCY, migrateCurrencySymbol, serviceCurrencyOf, serviceKeyOf } from './prefs';

describe('the old "Currency symbol" setting', () => {
  it('"€" before dollar amounts becomes a suggestion, not a silent conversion; the old key goes', () => {
    const storage = memoryStorage();
    storage.setItem(`${PREFERENCE_PREFIX}app.currencySymbol`, JSON.stringify('€'));
    const store = createPreferenceStore(storage);
    migrateCurrencySymbol(storage, store);
    expect(readPreference(DISPLAY_CURRENCY, store)).toEqual({ v: 1, code: null, fromSymbol: '€' });
    expect(storage.getItem(`${PREFERENCE_PREFIX}app.currencySymbol`)).toBeNull();
  });
  it('"$" or none: the service currency, nothing suggested; an existing choice is kept', () => {
    const storage = memoryStorage();
    storage.setItem(`${PREFERENCE_PREFIX}app.currencySymbol`, JSON.stringify('$'));
    const store = createPreferenceStore(storage);
    migrateCurrencySymbol(storage, store);
    expect(readPreference(DISPLAY_CURRENCY, store)).toEqual({ v: 1, code: null });
    storage.setItem(`${PREFERENCE_PREFIX}currency.display`, JSON.stringify({ v: 1, code: 'CNY' }));
    storage.setItem(`${PREFERENCE_PREFIX}app.currencySymbol`, JSON.stringify('£'));
    migrateCurrencySymbol(storage, store);
    expect(readPreference(DISPLAY_CURRENCY, store).code).toBe('CNY');
  });
});

describe('the service currency is per service (its origin), USD by default', () => {
  it('keys', () => {
    expect(serviceKeyOf('demo')).toBe('builtin');
    expect(serviceKeyOf('live|https://api.example.com/v1/')).toBe('https://api.example.com');
    expect(serviceCurrencyOf({ 'https://api.example.com': 'CNY' }, 'https://api.example.com')).toBe('CNY');
    expect(serviceCurrencyOf({}, 'builtin')).toBe('USD');
  });
});
