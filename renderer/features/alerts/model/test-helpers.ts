/** Test helpers: an alert on one item, across any of my markets, created at T0. */
import { ANY_MARKET, AlertSchema, type Alert, type Condition } from './types';

export const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);
export const ITEM = 'AK-47 | Redline (Field-Tested)';

export function alertOf(condition: Condition, over: Partial<Alert> = {}): Alert {
  return AlertSchema.parse({
    id: 'a1',
    game: 730,
    item: ITEM,
    market: ANY_MARKET,
    condition,
    net: false,
    hysteresis: { unit: 'percent', value: 1 },
    cooldownMs: 0,
    silentWhenUnstable: false,
    // The behaviour before trust and holding (the tests of those set them).
    requireTrusted: false,
    holdPolls: 1,
    enabled: true,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  });
}
