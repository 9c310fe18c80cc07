/** The user's own exchange rates: checking a typed rate and adding it to the list kept in the preferences. */
import { isCurrencyCode } from '../../market/currency/currencies';
import type { ManualRate } from '../../market/currency/rate-table';

/** The preference keeps at most this many rates (its schema's limit); the oldest added go first. */
const MAX_MANUAL_RATES = 200;

export interface TypedRate {
  code: string;
  base: string;
  /** As typed: a comma is read as the decimal point. */
  rate: string;
  date: string;
}

/** The list with the typed rate added (replacing one of the same currency and date), or why it cannot be. */
export function addManualRate(
  rates: readonly ManualRate[],
  typed: TypedRate,
  today: string,
): { ok: true; rates: ManualRate[] } | { ok: false; error: string } {
  const c = typed.code.trim().toUpperCase();
  const r = Number(typed.rate.replace(',', '.'));
  const { base, date } = typed;
  if (!isCurrencyCode(c)) {
    return { ok: false, error: `“${typed.code}” is not an ISO 4217 currency code (three letters, e.g. UAH).` };
  }
  if (c === base) return { ok: false, error: 'The rate must be per another currency.' };
  if (!Number.isFinite(r) || r <= 0) return { ok: false, error: 'The rate must be a positive number.' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > today) {
    return { ok: false, error: 'The date must be a day up to today (YYYY-MM-DD).' };
  }
  const kept = rates.filter((m) => !(m.code === c && m.date === date));
  return { ok: true, rates: [...kept, { code: c, base, rate: r, date }].slice(-MAX_MANUAL_RATES) };
}
