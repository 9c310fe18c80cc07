/**
 * The Currency card's model: the service's currency, the one shown, the choices, and the confirmation that
 * turns the rates source on before a first conversion (nothing is fetched until the user agrees).
 */
import { useMemo, useState } from 'react';
import { usePref } from '../../lib/preferences';
import { useRates } from '../../platform/rates-context';
import { useCurrency } from '../../market/currency/context';
import {
  currencyForOldSymbol,
  DISPLAY_CURRENCY,
  MANUAL_RATES,
  SERVICE_CURRENCIES,
  BUILTIN_SERVICE,
} from '../../market/currency/prefs';
import { displayChoices, hasRate } from './currency-choices';

export function useCurrencySettings() {
  const view = useCurrency();
  const rates = useRates();
  const [services, setServices] = usePref(SERVICE_CURRENCIES);
  const [display, setDisplay] = usePref(DISPLAY_CURRENCY);
  const [manual, setManual] = usePref(MANUAL_RATES);
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sourceOn = rates?.snapshot?.settings.enabled ?? false;

  const feedCodes = useMemo(() => {
    const last = view.days[view.days.length - 1];
    return last ? Object.keys(last.perEuro) : [];
  }, [view.days]);
  const manualCodes = useMemo(() => manual.rates.map((m) => m.code), [manual.rates]);
  const choices = useMemo(
    () => displayChoices(feedCodes, manualCodes, view.service),
    [feedCodes, manualCodes, view.service],
  );

  const choose = (code: string) => {
    setProblem(null);
    if (code === view.service) {
      setPending(null);
      setDisplay({ v: 1, code: null });
    } else if (sourceOn || !rates) {
      setDisplay({ v: 1, code });
    } else setPending(code);
  };
  const confirm = async () => {
    if (!pending || !rates) return;
    setBusy(true);
    try {
      await rates.setSettings({ enabled: true });
      setDisplay({ v: 1, code: pending });
      setPending(null);
    } catch (e) {
      setProblem(`The rates source could not be turned on: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return {
    view,
    /** The rates source's address, for the confirmation's words. */
    sourceUrl: rates?.snapshot?.settings.url ?? '',
    display,
    manualRates: manual.rates,
    setManualRates: (r: typeof manual.rates) => setManual({ v: 1, rates: r }),
    setServiceCurrency: (code: string) =>
      setServices({ v: 1, byService: { ...services.byService, [view.serviceKey]: code } }),
    choices,
    covered: (code: string) => hasRate(code, feedCodes, manualCodes),
    pending,
    cancelPending: () => setPending(null),
    problem,
    busy,
    choose,
    confirm,
    suggested: display.fromSymbol ? currencyForOldSymbol(display.fromSymbol) : null,
    serviceName: view.serviceKey === BUILTIN_SERVICE ? 'the built-in reference service' : view.serviceKey,
  };
}
