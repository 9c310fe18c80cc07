/** The currency view of the window (which currency the service quotes in, which is shown, at what rate). */
import { createContext, useContext } from 'react';
import type { MoneyConversion } from '../../../shared/money/money';
import type { CurrencyInputs, CurrentRate } from './conversion';

export interface CurrencyView extends CurrencyInputs {
  /** The service's key (its origin, or "builtin"). */
  serviceKey: string;
  /** Converting wanted (display differs from the service currency). */
  converting: boolean;
  /** The newest rate, or null when not converting or no rate is known (amounts then stay in the service currency). */
  current: CurrentRate | null;
  /** For a dated point (YYYY-MM-DD); null when not converting or no rate is known. */
  at(date: string): MoneyConversion | null;
}

const NONE: CurrencyView = {
  serviceKey: 'builtin',
  days: [],
  manual: [],
  service: 'USD',
  display: 'USD',
  converting: false,
  current: null,
  at: () => null,
};

export const CurrencyContext = createContext<CurrencyView>(NONE);

export function useCurrency(): CurrencyView {
  return useContext(CurrencyContext);
}
