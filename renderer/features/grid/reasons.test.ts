import { describe, expect, it } from 'vitest';
import { reasonText } from './reasons';

describe('reasonText', () => {
  it('names the known UnstableReasons', () => {
    expect(reasonText('NO_ORDERS')).toBe('No buy orders');
    expect(reasonText('THREE_MONTH_SALES')).toBe('Sales data only for 3 months');
  });

  it('shows a code the spec does not list yet as it came', () => {
    expect(reasonText('PRICE_FREEZE')).toBe('unknown reason: PRICE_FREEZE');
    // Not a prototype key either.
    expect(reasonText('toString')).toBe('unknown reason: toString');
  });
});
