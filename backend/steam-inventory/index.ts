/** The host's Steam inventory fetcher (host-neutral: Electron main and the web host inject their fetch). */
export {
  createSteamInventoryFetcher,
  unavailableFetcher,
  type SteamFetcherOptions,
  type SteamInventoryFetcher,
} from './fetch-inventory';
export { steamUrlFrom } from './config';
