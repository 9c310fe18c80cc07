/**
 * Exchange rates shared by the host (which fetches and keeps them) and the page (which converts at the
 * edge). The host reads the European Central Bank's euro reference rates (one file for the day, one for
 * 90 days); each day is "1 EUR = perEuro[code] units of code". The page derives any pair from one day:
 * units of B per unit of A = perEuro[B] / perEuro[A] (EUR itself is 1).
 */

/** ISO 4217 code, three capital letters. */
export type CurrencyCode = string;

/** One publication day of the feed. `date` is the feed's own date (YYYY-MM-DD), not the day it was fetched. */
export interface RateDay {
  date: string;
  /** 1 EUR = perEuro[code] units of code, as published (EUR is implied and not listed). */
  perEuro: Readonly<Record<CurrencyCode, number>>;
}

export interface RatesFetchState {
  /** ms since epoch of the last attempt, and whether it gave usable data. */
  at: number;
  ok: boolean;
  /** A sentence for the user when it failed (network, HTTP status, bad file, too large, redirect refused). */
  error?: string;
}

interface RatesSettings {
  /** Whether the host may contact the rates source at all (the user's explicit choice). */
  enabled: boolean;
  /** The source's base address; the host appends eurofxref-daily.xml / eurofxref-hist-90d.xml. */
  url: string;
  /** True when MARKET_DESK_RATES_URL set the address: Settings shows it and cannot change it. */
  urlFromEnvironment: boolean;
}

export interface RatesSnapshot {
  settings: RatesSettings;
  /** Every day kept on disk, oldest first. Empty before the first successful fetch. */
  days: readonly RateDay[];
  lastFetch: RatesFetchState | null;
  /** When the host will look next (ms since epoch), or null while disabled. */
  nextRefreshAt: number | null;
  /**
   * A sentence when the rates file on disk could not be read or written (the days shown are then kept in
   * memory only, and the last good file is left as it was). Absent when all is well.
   */
  storageError?: string;
}

export interface RatesSettingsRequest {
  enabled?: boolean;
  /** '' = the default (the ECB's own address). Ignored when the environment sets it. */
  url?: string;
}
