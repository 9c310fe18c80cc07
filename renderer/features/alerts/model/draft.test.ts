import { describe, expect, it } from 'vitest';
import { draftOf, moneyInput, newDraft, parseDraft, parsePercentText, type Draft } from './draft';
import { ANY_MARKET, HOUR } from './types';

const ctx = {
  id: 'a1',
  game: 730,
  item: 'AK-47 | Redline (Field-Tested)',
  createdAt: 1,
  now: 2,
  markets: ['steam', 'buff163'],
};
const base = newDraft({ ask: 10_520, bid: 9_800 }, false);

describe('the editor draft', () => {
  it('starts from the current prices, typed as text', () => {
    expect(base).toMatchObject({
      kind: 'ask-below',
      market: ANY_MARKET,
      askPrice: '10.52',
      bidPrice: '9.80',
      hystValue: '1',
      cooldownMs: 15 * 60_000,
    });
    expect(moneyInput(10_525)).toBe('10.525');
    expect(moneyInput(null)).toBe('');
    expect(parsePercentText(' 2,5 % ')).toBe(2.5);
    expect(parsePercentText('2.555')).toBeNull();
  });

  it('parses into an alert; an edit round-trips through draftOf', () => {
    const { alert, errors } = parseDraft({ ...base, askPrice: '$1,234.5', market: 'buff163' }, ctx);
    expect(errors).toEqual({});
    expect(alert).toMatchObject({
      condition: { kind: 'ask-below', price: 1_234_500 },
      market: 'buff163',
      hysteresis: { unit: 'percent', value: 1 },
    });
    const change: Draft = {
      ...base,
      kind: 'change',
      changePercent: '12.5',
      windowMs: 4 * HOUR,
      direction: 'down',
      side: 'bid',
      hystUnit: 'amount',
      hystValue: '0.5',
    };
    const parsed = parseDraft(change, ctx).alert!;
    expect(parsed.condition).toEqual({
      kind: 'change',
      percent: 12.5,
      windowMs: 4 * HOUR,
      direction: 'down',
      side: 'bid',
    });
    expect(parsed.hysteresis).toEqual({ unit: 'amount', value: 0.5 });
    expect(parseDraft(draftOf(parsed, { ask: null, bid: null }), ctx).alert).toEqual(parsed);
    const spread = parseDraft(
      { ...base, kind: 'spread-above', spreadValue: '-0.25', hystUnit: 'amount', hystValue: '0.05' },
      ctx,
    ).alert!;
    expect(spread.condition).toEqual({ kind: 'spread-above', unit: 'money', value: -250 });
    expect(spread.hysteresis).toEqual({ unit: 'amount', value: 50 });
    expect(parseDraft(draftOf(spread, { ask: null, bid: null }), ctx).alert).toEqual(spread);
  });

  it('says what is wrong with each field and makes no alert', () => {
    const bad = parseDraft({ ...base, askPrice: '12,50,0x', hystValue: '-1' }, ctx);
    expect(bad.alert).toBeNull();
    expect(bad.errors.askPrice).toMatch(/is not a price/);
    expect(bad.errors.hystValue).toMatch(/0 to 50/);
    expect(parseDraft({ ...base, askPrice: '' }, ctx).errors.askPrice).toMatch(/Enter a price/);
    expect(parseDraft({ ...base, askPrice: '0' }, ctx).errors.askPrice).toMatch(/above 0/);
    expect(parseDraft({ ...base, kind: 'change', changePercent: '0' }, ctx).errors.changePercent).toMatch(/above 0/);
    expect(parseDraft({ ...base, market: 'nowhere' }, ctx).errors.market).toMatch(/one of your markets/);
    // The other kind's field is not checked.
    expect(parseDraft({ ...base, kind: 'bid-above', askPrice: 'garbage' }, ctx).errors).toEqual({});
  });
});

describe('the draft: mark alerts and noise settings', () => {
  it('a new alert requires a trusted quote and holds over 2 polls; both round-trip', () => {
    expect(base).toMatchObject({ requireTrusted: true, holdPolls: 2 });
    const a = parseDraft({ ...base, requireTrusted: false, holdPolls: 5 }, ctx).alert!;
    expect(a).toMatchObject({ requireTrusted: false, holdPolls: 5 });
    expect(parseDraft(draftOf(a, { ask: null, bid: null }), ctx).alert).toEqual(a);
  });

  it('"mark crosses": a price and a direction, on the item\'s mark (any of my markets)', () => {
    const m = parseDraft(
      { ...base, kind: 'mark', markPrice: '9.75', markDirection: 'above', market: 'buff163' },
      ctx,
    ).alert!;
    expect(m.condition).toEqual({ kind: 'mark', price: 9_750, direction: 'above' });
    expect(m.market).toBe(ANY_MARKET);
    expect(parseDraft(draftOf(m, { ask: null, bid: null }), ctx).alert).toEqual(m);
    expect(parseDraft({ ...base, kind: 'mark', markPrice: 'x' }, ctx).errors.markPrice).toMatch(/is not a price/);
  });
});
