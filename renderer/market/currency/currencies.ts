/**
 * What the app knows about a currency comes from the platform's Intl data (ISO 4217 minor units, symbols,
 * names), never from a table of ours: JPY and KRW have no minor unit, KWD has three.
 */
import type { CurrencyCode } from '../../../shared/rates/types';

export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Whether Intl knows the code as a currency (an unknown code throws in Intl.NumberFormat). */
export function isCurrencyCode(code: string): code is CurrencyCode {
  if (!CURRENCY_CODE.test(code)) return false;
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** The currency's minor units: Intl.NumberFormat(...).resolvedOptions().maximumFractionDigits. */
export function minorDigits(code: CurrencyCode): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** The symbol shown before amounts ("$", "€", "CN¥", "¥"; the code itself where English has no symbol: "UAH"). */
export function currencySymbol(code: CurrencyCode): string {
  try {
    const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).formatToParts(1);
    return parts.find((p) => p.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

export function currencyName(code: CurrencyCode): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Currencies traders ask for that the ECB does not publish (or no longer does: RUB since March 2022):
 * offered in the choice, usable with a manual rate.
 */
export const MANUAL_ONLY_SUGGESTIONS: readonly CurrencyCode[] = [
  'UAH',
  'RUB',
  'KZT',
  'VND',
  'ARS',
  'TWD',
  'AED',
  'SAR',
  'KWD',
];
