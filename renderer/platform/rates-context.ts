/**
 * The exchange rates the host keeps, as the page sees them. The host side (fetching, disk, schedule) fills a
 * RatesSnapshot; a provider in the shell passes it down; conversion at the edge (renderer/market/currency)
 * reads it. `null` = not known yet (before the first answer) or the host offers no rates.
 */
import { createContext, useContext } from 'react';
import type { RatesSettingsRequest, RatesSnapshot } from '../../shared/rates/types';

export interface RatesContextValue {
  snapshot: RatesSnapshot | null;
  /** Turns the rates source on or off, or changes its address; resolves with the new snapshot. */
  setSettings(request: RatesSettingsRequest): Promise<RatesSnapshot>;
  /** Fetches now instead of at the next scheduled time. */
  refresh(): Promise<RatesSnapshot>;
}

export const RatesContext = createContext<RatesContextValue | null>(null);

export function useRates(): RatesContextValue | null {
  return useContext(RatesContext);
}
