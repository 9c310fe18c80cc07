/** The host's exchange rates (host-neutral: Electron main and the web host inject their fetch and data folder). */
export { RatesService, RatesRequestError, type RatesServiceOptions, type RatesListener } from './rates-service';
export {
  DEFAULT_RATES_URL,
  RATES_URL_ENV,
  DAILY_FILE,
  HIST_90D_FILE,
  checkRatesUrl,
  ratesUrlFromEnv,
  type RatesUrlChoice,
} from './config';
export { RATES_FILE_NAME, fileRatesStore, memoryRatesStore, type RatesStore, type RatesFs } from './rates-file';
export { EcbFormatError, parseEcbRates } from './ecb-xml';
