/** Which currencies Settings → Currency offers to show prices in, and which of them have a rate. */
import { isCurrencyCode, MANUAL_ONLY_SUGGESTIONS } from '../../market/currency/currencies';

/** The euro, the feed's and the manual rates' currencies and common ones: every valid code but the service's. */
export function displayChoices(
  feedCodes: readonly string[],
  manualCodes: readonly string[],
  service: string,
): string[] {
  const set = new Set<string>([
    'EUR',
    ...feedCodes,
    ...manualCodes,
    ...MANUAL_ONLY_SUGGESTIONS,
    'USD',
    'CNY',
    'GBP',
    'JPY',
    'PLN',
    'BRL',
  ]);
  set.delete(service);
  return [...set].filter(isCurrencyCode).sort();
}

/** A rate exists for the code: the euro (the feed's base), one the feed publishes, or a manual one. */
export function hasRate(code: string, feedCodes: readonly string[], manualCodes: readonly string[]): boolean {
  return code === 'EUR' || feedCodes.includes(code) || manualCodes.includes(code);
}
