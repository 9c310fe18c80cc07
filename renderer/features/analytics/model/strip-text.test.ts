import { describe, expect, it } from 'vitest';
import { chartFormat } from '../../../ui/charts/format';
import type { ItemStrip, Quote } from './price-strip';
import { markedText, stripSubtitle } from './strip-text';

const f = chartFormat({ decimals: 2, symbol: '$' });
const nameOf = (s: string) => s.toUpperCase();
const q = (slug: string, side: 'ask' | 'bid', price: number | null, marked: boolean): Quote => ({
  slug,
  side,
  price,
  locked: null,
  offers: price === null ? null : 1,
  marked,
});

describe('the price strip words', () => {
  it('names the marked quote, and how many more tie with it; "—" without one', () => {
    expect(markedText([q('buff', 'ask', 10_250, true), q('youpin', 'ask', 10_250, true)], nameOf, f)).toBe(
      'BUFF and 1 more $10.25',
    );
    expect(markedText([q('buff', 'ask', null, false)], nameOf, f)).toBe('—');
  });

  it('a crossed spread, quotes without a price and a failed load are said in the subtitle', () => {
    const strip: ItemStrip = {
      asks: [q('buff', 'ask', 10_000, true), q('csfloat', 'ask', null, false)],
      bids: [q('steam', 'bid', 10_500, true)],
      cheapest: 10_000,
      best: 10_500,
      spread: -500,
    };
    expect(stripSubtitle(strip, nameOf, f, true)).toBe(
      'Cheapest ask BUFF $10.00 · best bid STEAM $10.50 · spread -$0.50 (crossed). Lowest ask and highest buy order on each market, now; 1 without a price are in the table as —. The latest load failed: these are the last prices loaded.',
    );
    expect(stripSubtitle(null, nameOf, f, false)).toBe('Lowest ask and highest buy order on each market, now');
  });
});
