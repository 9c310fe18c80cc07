/**
 * Where the rates come from: the European Central Bank's euro reference rates at
 * https://www.ecb.europa.eu/stats/eurofxref/ (eurofxref-daily.xml and eurofxref-hist-90d.xml under it), or what
 * MARKET_DESK_RATES_URL says (a mirror behind a proxy, or the local stand-in in tests:
 * backend/testing/ecb-standin.ts). Set by the environment, the address is fixed; otherwise Settings may change
 * it. Plain http only for this computer (127.0.0.1, ::1, localhost), as for the Steam address.
 */
import { checkFetchAddress } from '../fetch-address';

export const DEFAULT_RATES_URL = 'https://www.ecb.europa.eu/stats/eurofxref/';
const RATES_URL_ENV = 'MARKET_DESK_RATES_URL';
export const DAILY_FILE = 'eurofxref-daily.xml';
export const HIST_90D_FILE = 'eurofxref-hist-90d.xml';

/** A rates address as the fetcher uses it (origin + path ending in "/"), or why it is refused. */
export function checkRatesUrl(text: string): { ok: true; url: string } | { ok: false; message: string } {
  const checked = checkFetchAddress(text, 'rates address');
  return checked.ok ? { ok: true, url: `${checked.url}/` } : checked;
}

export type RatesUrlChoice = { ok: true; url: string | null } | { ok: false; message: string };

/** The address MARKET_DESK_RATES_URL sets (null: not set, Settings decide), or why it is refused. */
export function ratesUrlFromEnv(env: Readonly<Record<string, string | undefined>>): RatesUrlChoice {
  const given = env[RATES_URL_ENV];
  if (given === undefined || given.trim() === '') return { ok: true, url: null };
  const checked = checkRatesUrl(given);
  return checked.ok ? { ok: true, url: checked.url } : { ok: false, message: `${RATES_URL_ENV}: ${checked.message}` };
}
