/**
 * Puts the currency view and the display money (symbol + conversion) in the window's contexts, from the
 * host's rates (RatesContext) and the currency settings. When the display currency has no rate yet (the
 * source is off or has not answered), amounts stay in the service currency and the status bar says why:
 * an unconverted amount under another currency's symbol would be a wrong number.
 */
import { useMemo, type ReactNode } from 'react';
import { useRates } from '../../platform/rates-context';
import { DisplayMoneyContext, type DisplayMoney } from '../../lib/money-context';
import { preferenceStore, usePref } from '../../lib/preferences';
import { useDataSource } from '../providers';
import { todayUtc } from './business-days';
import { currencySymbol } from './currencies';
import { conversionOn, currentRate, type CurrencyInputs } from './conversion';
import { CurrencyContext, type CurrencyView } from './context';
import {
  DISPLAY_CURRENCY,
  MANUAL_RATES,
  migrateCurrencySymbol,
  SERVICE_CURRENCIES,
  serviceCurrencyOf,
  serviceKeyOf,
} from './prefs';

if (typeof window !== 'undefined') {
  try {
    migrateCurrencySymbol(window.localStorage, preferenceStore);
  } catch {
    // no localStorage: nothing to migrate
  }
}

const NO_DAYS: CurrencyInputs['days'] = [];

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const rates = useRates();
  const { sourceKey } = useDataSource();
  const [services] = usePref(SERVICE_CURRENCIES);
  const [display] = usePref(DISPLAY_CURRENCY);
  const [manual] = usePref(MANUAL_RATES);
  const serviceKey = serviceKeyOf(sourceKey);
  const service = serviceCurrencyOf(services.byService, serviceKey);
  return (
    <CurrencyProviderFor
      days={rates?.snapshot?.days ?? NO_DAYS}
      manual={manual.rates}
      service={service}
      display={display.code ?? service}
      serviceKey={serviceKey}
    >
      {children}
    </CurrencyProviderFor>
  );
}

export interface CurrencyProviderForProps {
  days: CurrencyInputs['days'];
  manual: CurrencyInputs['manual'];
  service: string;
  display: string;
  serviceKey: string;
  /** YYYY-MM-DD (UTC) the age of the rate is counted to; today when absent. */
  today?: string;
  children: ReactNode;
}

/** The contexts for given settings and rates (the app's provider above; tests fill it themselves). */
export function CurrencyProviderFor({
  days,
  manual,
  service,
  display,
  serviceKey,
  today = todayUtc(),
  children,
}: CurrencyProviderForProps) {
  const view = useMemo<CurrencyView>(() => {
    const inputs: CurrencyInputs = { days, manual, service, display };
    const current = currentRate(inputs, today);
    return {
      ...inputs,
      serviceKey,
      converting: service !== display,
      current,
      at: (date: string) => (current ? conversionOn(inputs, date) : null),
    };
  }, [days, manual, service, display, serviceKey, today]);

  const money = useMemo<DisplayMoney>(
    () => ({ symbol: currencySymbol(service), conversion: view.current?.conversion ?? null }),
    [service, view],
  );

  return (
    <CurrencyContext.Provider value={view}>
      <DisplayMoneyContext.Provider value={money}>{children}</DisplayMoneyContext.Provider>
    </CurrencyContext.Provider>
  );
}
