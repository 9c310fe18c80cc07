/**
 * The user's saved scanner rules and the rule the page shows, kept as a versioned preference
 * (lib/preferences.ts: validated on every read; anything invalid, an older version or a hand edit, falls
 * back to the ready-made rules). A saved rule is a whole ScanRule, so the live scan and the backtest read
 * it as it is; its id never collides with a ready-made rule's.
 */
import { z } from 'zod';
import { definePreference } from '../../lib/preferences';
import { SLUG_PATTERN } from '../prefs';
import { READY_RULE_LIST, ruleProblems, type ScanRule } from './rules';
import { MAX_ALERT_POLLS } from './route-alerts';

const slugs = z.array(z.string().regex(SLUG_PATTERN)).max(200);
const money = z.number().int().min(0).max(1e12);

const LimitsSchema = z.object({
  minProfit: z.number().int().min(-1e12).max(1e12),
  minRoi: z.number().min(-1).max(1000),
  minBuyDepth: z.number().int().min(0).max(1e9),
  minSellDepth: z.number().int().min(0).max(1e9),
  minLiquidityScore: z.number().min(0).max(10_000),
  minSteamSales30d: z.number().int().min(0).max(1e9),
  priceMin: money.nullable(),
  priceMax: money.nullable(),
  trustedOnly: z.boolean(),
  locked: z.enum(['exclude', 'allow', 'only']),
});

const ScanRuleSchema = z
  .object({
    id: z.string().min(1).max(100),
    name: z.string().min(1).max(200),
    buy: z.enum(['ask', 'bid-plus-tick']),
    sell: z.enum(['bid', 'ask-minus-tick']),
    buyMarkets: slugs.nullable(),
    sellMarkets: slugs.nullable(),
    buyExclude: slugs,
    sellExclude: slugs,
    sameMarket: z.boolean(),
    limits: LimitsSchema,
    walletRatio: z.number(),
    tickThousandths: z.number(),
    includeFeeUnknown: z.boolean(),
    // Left out of a rule saved before rules could alert.
    alert: z
      .object({ polls: z.number().int().min(1).max(MAX_ALERT_POLLS) })
      .nullable()
      .optional(),
  })
  .refine((r) => ruleProblems(r).length === 0, 'rule has problems') as z.ZodType<ScanRule>;

const SCANNER_STORE_VERSION = 1;

export interface ScannerStore {
  version: typeof SCANNER_STORE_VERSION;
  /** The user's own rules (ready-made rules are never stored: they come with the app). */
  rules: ScanRule[];
  /** The id of the rule the page shows (a ready-made or a saved one). */
  selected: string;
}

const StoreSchema = z.object({
  version: z.literal(SCANNER_STORE_VERSION),
  rules: z.array(ScanRuleSchema).max(100),
  selected: z.string().max(100),
}) as z.ZodType<ScannerStore>;

export const DEFAULT_SCANNER_STORE: ScannerStore = {
  version: SCANNER_STORE_VERSION,
  rules: [],
  selected: READY_RULE_LIST[0]?.id ?? '',
};

export const SCANNER_RULES = definePreference<ScannerStore>('scanner.rules', StoreSchema, DEFAULT_SCANNER_STORE);

const READY_IDS = new Set(READY_RULE_LIST.map((r) => r.id));

export function isReadyRule(id: string): boolean {
  return READY_IDS.has(id);
}

/** Every rule the page offers: the ready-made ones, then the user's. */
export function allRules(store: ScannerStore): ScanRule[] {
  return [...READY_RULE_LIST, ...store.rules];
}

/** The shown rule (the first ready-made one when the selected id is gone). */
export function selectedRule(store: ScannerStore): ScanRule {
  const list = allRules(store);
  return list.find((r) => r.id === store.selected) ?? (list[0] as ScanRule);
}

/**
 * Saves a rule: a ready-made one is saved as a new rule of the user's (its own id, "(copy)" on the name
 * unless renamed), a saved one is replaced in place. The saved rule becomes the shown one.
 */
export function saveRule(store: ScannerStore, rule: ScanRule, newId: () => string): ScannerStore {
  if (isReadyRule(rule.id)) {
    const ready = READY_RULE_LIST.find((r) => r.id === rule.id);
    const name = ready && rule.name === ready.name ? `${rule.name} (copy)` : rule.name;
    const copy = { ...rule, id: newId(), name };
    return { ...store, rules: [...store.rules, copy], selected: copy.id };
  }
  const at = store.rules.findIndex((r) => r.id === rule.id);
  const rules = at < 0 ? [...store.rules, rule] : store.rules.map((r, i) => (i === at ? rule : r));
  return { ...store, rules, selected: rule.id };
}

/** Deletes a saved rule (ready-made ones stay); the shown rule falls back to the first ready-made one. */
export function deleteRule(store: ScannerStore, id: string): ScannerStore {
  const rules = store.rules.filter((r) => r.id !== id);
  return { ...store, rules, selected: store.selected === id ? DEFAULT_SCANNER_STORE.selected : store.selected };
}
