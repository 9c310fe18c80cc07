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

describe('reasonExplained and the legend', () => {
  it('explains every reason of the spec in words, and an unknown code without failing', async () => {
    const { reasonExplained, REASON_LEGEND } = await import('./reasons');
    expect(REASON_LEGEND.map((r) => r.code)).toEqual([
      'NOT_POPULAR',
      'NO_ORDERS',
      'NO_LISTINGS',
      'LISTINGS_PRICE',
      'BIG_LISTINGS_DIFFERENCE',
      'BOOST_RISK',
      'NO_THREE_MONTH_SALES',
      'THREE_MONTH_SALES',
    ]);
    for (const r of REASON_LEGEND) expect(r.explained.length).toBeGreaterThan(30);
    expect(reasonExplained('BOOST_RISK')).toMatch(/pushed up or down/);
    expect(reasonExplained('PRICE_FREEZE')).toContain('“PRICE_FREEZE”');
  });
});
