/** The host's exchange rates (host-neutral: Electron main and the web host inject their fetch and data folder). */
export { RatesService, RatesRequestError, type RatesServiceOptions } from './rates-service';
export { DEFAULT_RATES_URL, checkRatesUrl, ratesUrlFromEnv } from './config';
export { RATES_FILE_NAME, fileRatesStore, memoryRatesStore } from './rates-file';
