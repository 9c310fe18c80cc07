/**
 * The currency settings, versioned (v: 1) in localStorage through lib/preferences: the currency each
 * service quotes in, by origin (USD when never set: the public service quotes US dollars; the spec states
 * none); the display currency (null: the service's own, nothing converted, no rates source contacted); the
 * user's manual rates. A former "Currency symbol" setting is read once, removed and kept as a suggestion:
 * it never switches conversion on, since that means contacting a rates source the user must choose.
 */
import { z } from 'zod';
import {
  definePreference,
  preferenceStore,
  PREFERENCE_PREFIX,
  type PreferenceStorage,
  type PreferenceStore,
} from '../../lib/preferences';
import { CURRENCY_CODE, isCurrencyCode } from './currencies';
import type { ManualRate } from './rate-table';

const DEFAULT_SERVICE_CURRENCY = 'USD';
/** The key of the built-in reference service (demo, or connected without a Base URL). */
export const BUILTIN_SERVICE = 'builtin';

const Code = z.string().regex(CURRENCY_CODE).refine(isCurrencyCode, 'not an ISO 4217 currency');
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const SERVICE_CURRENCIES = definePreference(
  'currency.service',
  z.object({ v: z.literal(1), byService: z.record(z.string().max(300), Code) }),
  { v: 1 as const, byService: {} },
);

export const DISPLAY_CURRENCY = definePreference(
  'currency.display',
  z.object({
    v: z.literal(1),
    code: Code.nullable(),
    /** The symbol the old setting showed, when it suggested another currency (Settings offers it). */
    fromSymbol: z.string().max(4).optional(),
  }),
  { v: 1 as const, code: null },
);

const ManualRateSchema: z.ZodType<ManualRate> = z.object({
  code: Code,
  base: Code,
  rate: z.number().positive().finite(),
  date: IsoDate,
});

export const MANUAL_RATES = definePreference(
  'currency.manualRates',
  z.object({ v: z.literal(1), rates: z.array(ManualRateSchema).max(200) }),
  { v: 1 as const, rates: [] as ManualRate[] },
);

/** The service's key: its origin ("https://api.example.com"), or BUILTIN_SERVICE for the built-in one. */
export function serviceKeyOf(sourceKey: string | null): string {
  if (sourceKey === null || sourceKey === 'demo' || sourceKey === 'live|') return BUILTIN_SERVICE;
  const url = sourceKey.startsWith('live|') ? sourceKey.slice(5) : sourceKey;
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

export function serviceCurrencyOf(byService: Readonly<Record<string, string>>, serviceKey: string): string {
  return byService[serviceKey] ?? DEFAULT_SERVICE_CURRENCY;
}

/** What the old symbol most likely meant (the old choice list: $ € £ ¥ ₽ CN¥). */
const SYMBOL_CURRENCY: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₽': 'RUB',
  'CN¥': 'CNY',
};

export function currencyForOldSymbol(symbol: string): string | null {
  return SYMBOL_CURRENCY[symbol] ?? null;
}

const OLD_SYMBOL_KEY = 'app.currencySymbol';

/**
 * Replaces the old "Currency symbol" setting: when it is stored and no display currency is yet, the display
 * stays the service's own (no conversion, nothing contacted) and the symbol is kept as a suggestion. Runs
 * once; the old key is removed. Storage that throws leaves everything as it was (tried again next start).
 */
export function migrateCurrencySymbol(storage: PreferenceStorage, store: PreferenceStore = preferenceStore): void {
  let raw: string | null;
  try {
    raw = storage.getItem(PREFERENCE_PREFIX + OLD_SYMBOL_KEY);
  } catch {
    return;
  }
  if (raw === null) return;
  let symbol = '';
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'string') symbol = parsed.trim();
  } catch {
    // a hand-edited value: nothing to suggest
  }
  const hasDisplay = (() => {
    try {
      return storage.getItem(PREFERENCE_PREFIX + DISPLAY_CURRENCY.key) !== null;
    } catch {
      return true;
    }
  })();
  if (!hasDisplay) {
    const suggestion = currencyForOldSymbol(symbol);
    store.write(
      DISPLAY_CURRENCY.key,
      DISPLAY_CURRENCY.schema,
      suggestion ? { v: 1, code: null, fromSymbol: symbol } : { v: 1, code: null },
    );
  }
  try {
    storage.removeItem(PREFERENCE_PREFIX + OLD_SYMBOL_KEY);
  } catch {
    // kept: the migration runs again and changes nothing (the display currency is set)
  }
}
