import { describe, expect, it } from 'vitest';
import { contentText } from './cell-text-style';
import { fitText } from './draw-cell-text';

/** Widths as a monospace font gives them: 7 px a character. */
const mono = (t: string) => t.length * 7;

describe('fitText (a line that ends in "…" where it overflows, as text-overflow: ellipsis)', () => {
  it('keeps a text that fits, to the pixel', () => {
    expect(fitText(mono, '1,234 · Steam', 91)).toBe('1,234 · Steam');
  });
  it('cuts to the longest prefix that fits with the ellipsis', () => {
    // 91 px: 13 characters, so 12 and "…".
    expect(fitText(mono, '1,234 · Steam Community Market', 91)).toBe('1,234 · Stea…');
    expect(mono(fitText(mono, '1,234 · Steam Community Market', 91))).toBeLessThanOrEqual(91);
  });
  it('gives the ellipsis alone when no character fits with it', () => {
    expect(fitText(mono, 'Buff163', 8)).toBe('…');
    expect(fitText(mono, 'Buff163', 3)).toBe('…');
  });
});

describe('contentText (a computed CSS content value as the text it shows)', () => {
  it('reads a quoted string, escapes undone', () => {
    expect(contentText('"▲\u00a0"')).toBe('▲\u00a0');
    expect(contentText('"a\\"b"')).toBe('a"b');
  });
  it('is null for none, normal and an empty string', () => {
    expect(contentText('none')).toBeNull();
    expect(contentText('normal')).toBeNull();
    expect(contentText('""')).toBeNull();
  });
});
