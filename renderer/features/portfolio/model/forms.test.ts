import { describe, expect, it } from 'vitest';
import { holdingForm, OTHER_PLACE, readHoldingForm, readSaleForm, readSplit, saleForm } from './forms';
import type { Holding } from './types';

const base = { ...holdingForm(null, 'AK-47 | Redline (Field-Tested)', Date.UTC(2026, 2, 8, 12)) };

describe('holding form: the cost’s currency', () => {
  it('a cost in another currency is kept as entered with its code; empty is the service’s; a bad code is refused', () => {
    const r = readHoldingForm({ ...base, unitCost: '88.5', costCurrency: 'cny', acquired: '2026-11-20' }, 730);
    expect(r).toMatchObject({ ok: true, value: { unitCost: 88_500, costCurrency: 'CNY', acquired: '2026-11-20' } });
    expect(readHoldingForm({ ...base, costCurrency: '' }, 730)).toMatchObject({ ok: true });
    expect(readHoldingForm({ ...base, costCurrency: '' }, 730)).toMatchObject({
      ok: true,
      value: { costCurrency: null },
    });
    expect(readHoldingForm({ ...base, costCurrency: 'XX' }, 730)).toMatchObject({
      ok: false,
      errors: { costCurrency: expect.stringMatching(/ISO 4217/) },
    });
    expect(
      holdingForm({
        ...({} as Holding),
        name: 'x',
        quantity: 1,
        unitCost: 1,
        fee: null,
        costCurrency: 'UAH',
        acquired: null,
        place: null,
        lockedUntil: null,
        note: '',
      }).costCurrency,
    ).toBe('UAH');
  });
});

describe('holding form', () => {
  it('reads a good form into a draft: money in thousandths, empty cost unknown', () => {
    const r = readHoldingForm(
      { ...base, quantity: '3', unitCost: '12.5', fee: '', acquired: '2026-03-01', place: 'buff163' },
      730,
    );
    expect(r).toEqual({
      ok: true,
      value: {
        game: 730,
        name: 'AK-47 | Redline (Field-Tested)',
        quantity: 3,
        unitCost: 12_500,
        fee: null,
        costCurrency: null,
        acquired: '2026-03-01',
        place: { kind: 'market', slug: 'buff163' },
        lockedUntil: null,
        note: '',
        origin: 'manual',
      },
    });
    const text = readHoldingForm({ ...base, unitCost: '', place: OTHER_PLACE, placeText: ' a friend ' }, 730);
    expect(text.ok && text.value.place).toEqual({ kind: 'text', text: 'a friend' });
    expect(text.ok && text.value.unitCost).toBeNull();
  });

  it('says each bad field at its field', () => {
    const r = readHoldingForm(
      {
        ...base,
        name: ' ',
        quantity: 'two',
        unitCost: '12.3456',
        fee: '-1',
        acquired: '2026-02-30',
        place: OTHER_PLACE,
        placeText: '',
        lockedUntil: 'soon',
      },
      730,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual([
      'acquired',
      'fee',
      'lockedUntil',
      'name',
      'placeText',
      'quantity',
      'unitCost',
    ]);
    expect(r.errors.quantity).toMatch(/whole number/);
    expect(r.errors.unitCost).toMatch(/up to 3 decimals/);
    expect(r.errors.fee).toMatch(/Not below 0/);
    expect(readHoldingForm({ ...base, quantity: '0' }, 730)).toMatchObject({
      ok: false,
      errors: { quantity: 'At least 1 item.' },
    });
    // A billion units is past what a price can sensibly be (the schema's cap): said, not saved.
    expect(readHoldingForm({ ...base, unitCost: '1000000001' }, 730)).toMatchObject({
      ok: false,
      errors: { unitCost: 'Too large.' },
    });
    expect(readHoldingForm({ ...base, quantity: '1000001' }, 730)).toMatchObject({
      ok: false,
      errors: { quantity: 'At most 1,000,000.' },
    });
  });

  it('fills the form from a holding and reads it back to the same draft', () => {
    const h: Holding = {
      id: 'h',
      game: 730,
      name: 'X',
      quantity: 4,
      unitCost: 12_340,
      fee: 5,
      acquired: '2026-01-02',
      place: { kind: 'text', text: 'trade' },
      lockedUntil: Date.UTC(2026, 2, 8, 7, 0),
      note: 'n',
      origin: 'steam',
      created: 1,
      updated: 1,
    };
    const f = holdingForm(h);
    expect(f).toMatchObject({ unitCost: '12.34', fee: '0.005', place: OTHER_PLACE, placeText: 'trade' });
    const { id: _i, created: _c, updated: _u, ...rest } = h;
    expect(readHoldingForm(f, 730, 'steam')).toEqual({ ok: true, value: { ...rest, costCurrency: null } });
  });
});

describe('sale form and split', () => {
  it('needs a price and a day', () => {
    const r = readSaleForm({ ...saleForm(null), unitPrice: '', sold: '' }, 730, 'X');
    expect(r).toMatchObject({ ok: false, errors: { unitPrice: 'Required.', sold: 'Required.' } });
    expect(
      readSaleForm({ ...saleForm(null), quantity: '2', unitPrice: '15', fee: '1.5', sold: '2026-03-02' }, 730, 'X'),
    ).toEqual({
      ok: true,
      value: {
        game: 730,
        name: 'X',
        quantity: 2,
        unitPrice: 15_000,
        fee: 1_500,
        sold: '2026-03-02',
        place: null,
        note: '',
      },
    });
  });

  it('splits 1 to quantity − 1 items', () => {
    expect(readSplit('2', 5)).toBe(2);
    expect(readSplit('5', 5)).toMatch(/At most 4 \(1 to 4\)/);
    expect(readSplit('0', 5)).toMatch(/1 to 4/);
    expect(readSplit('1', 1)).toMatch(/cannot be split/);
  });
});
