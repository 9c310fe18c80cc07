/** The host's Steam inventory fetcher (host-neutral: Electron main and the web host inject their fetch). */
export {
  createSteamInventoryFetcher,
  unavailableFetcher,
  contextsOf,
  retryAfterMs,
  type SteamFetcherOptions,
  type SteamInventoryFetcher,
  type SteamFetchCall,
} from './fetch-inventory';
export {
  DEFAULT_STEAM_URL,
  STEAM_URL_ENV,
  STEAM_URL_SWITCH,
  checkSteamUrl,
  steamUrlFrom,
  type SteamUrlChoice,
} from './config';
export { parseProfile, readProfileXml, type ProfileRef } from './profile';
