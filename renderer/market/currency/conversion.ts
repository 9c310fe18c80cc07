/**
 * From the rates and the settings to a MoneyConversion (shared/money) for formatMoney: the rate of the
 * service currency to the display currency, now or on a given day, with its note and whether it is stale.
 * Rounding (shared/money convertToMinor): half away from zero, to the display currency's own minor units.
 */
import type { MoneyConversion } from '../../../shared/money/money';
import type { CurrencyCode, RateDay } from '../../../shared/rates/types';
import { businessDaysBetween, STALE_AFTER_BUSINESS_DAYS } from './business-days';
import { currencySymbol, minorDigits } from './currencies';
import { pairRate, rateNote, type ManualRate, type PairRate } from './rate-table';

export interface CurrencyInputs {
  days: readonly RateDay[];
  manual: readonly ManualRate[];
  service: CurrencyCode;
  display: CurrencyCode;
}

export interface CurrentRate {
  pair: PairRate;
  /** Business days since the rate's date (week-ends and TARGET closing days not counted). */
  ageBusinessDays: number;
  stale: boolean;
  conversion: MoneyConversion;
}

function conversionOf(inputs: CurrencyInputs, pair: PairRate, stale: boolean, ageNote: string): MoneyConversion {
  return {
    code: inputs.display,
    symbol: currencySymbol(inputs.display),
    from: inputs.service,
    rate: pair.rate,
    date: pair.date,
    source: pair.source,
    digits: minorDigits(inputs.display),
    note: `${rateNote(pair, inputs.service, inputs.display)}${ageNote}`,
    stale,
    beforeKept: pair.beforeKept,
  };
}

/** The newest rate for the pair, its age and stale mark; null when nothing converts (same currency) or no rate is known. */
export function currentRate(inputs: CurrencyInputs, today: string): CurrentRate | null {
  if (inputs.service === inputs.display) return null;
  const pair = pairRate(inputs.days, inputs.manual, inputs.service, inputs.display, null);
  if (!pair) return null;
  const age = businessDaysBetween(pair.date, today);
  const stale = age > STALE_AFTER_BUSINESS_DAYS;
  const ageNote = stale ? `; stale: ${age} business days old` : '';
  return { pair, ageBusinessDays: age, stale, conversion: conversionOf(inputs, pair, stale, ageNote) };
}

/**
 * The conversion for a point of a given day (history charts, history export, portfolio over time, a cost
 * on its purchase date): the closest earlier published day, or the oldest kept (the note says so).
 */
export function conversionOn(inputs: CurrencyInputs, date: string): MoneyConversion | null {
  if (inputs.service === inputs.display) return null;
  const pair = pairRate(inputs.days, inputs.manual, inputs.service, inputs.display, date);
  return pair ? conversionOf(inputs, pair, false, '') : null;
}
