import { describe, expect, it } from 'vitest';
import {
  createPreferenceStore,
  memoryStorage,
  PREFERENCE_PREFIX,
  readPreference,
  writePreference,
} from '../../lib/preferences';
import { READY_RULES } from './rules';
import { DEFAULT_SCANNER_STORE, SCANNER_RULES, deleteRule, saveRule, selectedRule } from './saved-rules';

describe('saved scanner rules', () => {
  it('saves a ready-made rule as a copy of the user, kept across a reload of the store', () => {
    const storage = memoryStorage();
    const store = createPreferenceStore(storage);
    const edited = {
      ...READY_RULES.crossToBuyOrder,
      limits: { ...READY_RULES.crossToBuyOrder.limits, minProfit: 500, trustedOnly: false, locked: 'allow' as const },
    };
    const next = saveRule(DEFAULT_SCANNER_STORE, edited, () => 'r1');
    writePreference(SCANNER_RULES, next, store);
    const again = readPreference(SCANNER_RULES, createPreferenceStore(storage));
    expect(again.rules).toHaveLength(1);
    expect(again.rules[0]).toMatchObject({
      id: 'r1',
      name: 'Cross-market to buy order (copy)',
      limits: { minProfit: 500, trustedOnly: false, locked: 'allow' },
    });
    expect(selectedRule(again).id).toBe('r1');
    // Saving the copy again replaces it in place.
    const renamed = saveRule(again, { ...(again.rules[0] as typeof edited), name: 'Mine' }, () => 'r2');
    expect(renamed.rules.map((r) => [r.id, r.name])).toEqual([['r1', 'Mine']]);
    expect(selectedRule(deleteRule(renamed, 'r1')).id).toBe(READY_RULES.crossToBuyOrder.id);
  });

  it('falls back to the ready-made rules on another version or a rule with problems', () => {
    const storage = memoryStorage();
    storage.setItem(`${PREFERENCE_PREFIX}scanner.rules`, JSON.stringify({ version: 2, rules: [], selected: 'x' }));
    expect(readPreference(SCANNER_RULES, createPreferenceStore(storage))).toEqual(DEFAULT_SCANNER_STORE);
    const bad = { ...READY_RULES.steamToCash, id: 'b', walletRatio: 2 };
    storage.setItem(`${PREFERENCE_PREFIX}scanner.rules`, JSON.stringify({ version: 1, rules: [bad], selected: 'b' }));
    expect(readPreference(SCANNER_RULES, createPreferenceStore(storage))).toEqual(DEFAULT_SCANNER_STORE);
  });

  it("keeps a rule's alert (polls in a row) across a reload", () => {
    const storage = memoryStorage();
    const next = saveRule(DEFAULT_SCANNER_STORE, { ...READY_RULES.crossToBuyOrder, alert: { polls: 2 } }, () => 'r1');
    writePreference(SCANNER_RULES, next, createPreferenceStore(storage));
    expect(readPreference(SCANNER_RULES, createPreferenceStore(storage)).rules[0]?.alert).toEqual({ polls: 2 });
  });
});
