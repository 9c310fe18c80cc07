/**
 * How money is shown in this window: the symbol of the currency shown and, when it differs from the
 * service's, the conversion (rate, date, minor units). Filled by renderer/market/currency's provider;
 * useMoneyFormat() (lib/preferences) reads it, so every formatMoney() at the edge converts.
 */
import { createContext } from 'react';
import type { MoneyConversion } from '../../shared/money/money';

export interface DisplayMoney {
  /** The symbol before unconverted amounts (the service currency's). */
  symbol: string;
  conversion: MoneyConversion | null;
}

export const DisplayMoneyContext = createContext<DisplayMoney>({ symbol: '$', conversion: null });
