import { describe, expect, it } from 'vitest';
import { contentText } from './cell-text-style';
import { fitText, rowsToDraw, type Shown } from './draw-cell-text';
import type { RowContext } from './row-context';

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

describe('rowsToDraw (a scroll keeps the text already drawn and draws only the rows new to the canvas)', () => {
  const ctx = { rowH: 24 } as unknown as RowContext;
  /** Rows `first`..`last` of a view whose item at row k is 100 + k, 24 px each below a 30 px header. */
  const rows = (first: number, last: number, item = (k: number) => 100 + k) =>
    Array.from({ length: last - first + 1 }, (_, i) => ({ item: item(first + i), start: 30 + (first + i) * 24 }));
  const shownOf = (r: ReturnType<typeof rows>, over: Partial<Shown> = {}): Shown => ({
    ctx,
    from: 2,
    to: 9,
    x0: 400,
    y0: r[0]?.start ?? 0,
    rows: r.flatMap((x) => [x.item, x.start]),
    ...over,
  });
  const area = (r: ReturnType<typeof rows>) => ({ rows: r, from: 2, to: 9, x0: 400, y0: r[0]?.start ?? 0 });

  it('scrolled down 3 rows: the pixels move up 72 px, the 3 rows below are drawn', () => {
    const plan = rowsToDraw(shownOf(rows(10, 40)), ctx, area(rows(13, 43)));
    expect(plan?.dy).toBe(-72);
    expect(plan?.draw.map((r) => r.item)).toEqual([141, 142, 143]);
  });
  it('scrolled up 2 rows: the pixels move down, the 2 rows above are drawn', () => {
    const plan = rowsToDraw(shownOf(rows(10, 40)), ctx, area(rows(8, 38)));
    expect(plan?.dy).toBe(48);
    expect(plan?.draw.map((r) => r.item)).toEqual([108, 109]);
  });
  it('a row whose item changed at the same place (a refresh moved it, a filter) is drawn again', () => {
    const after = rows(11, 41, (k) => (k === 20 ? 999 : 100 + k));
    expect(rowsToDraw(shownOf(rows(10, 40)), ctx, area(after))?.draw.map((r) => r.item)).toEqual([999, 141]);
  });
  it('draws it all when less than half the rows are kept (a sort, a filter)', () => {
    const after = rows(10, 40, (k) => (k % 3 === 0 ? 100 + k : 500 + k));
    expect(rowsToDraw(shownOf(rows(10, 40)), ctx, area(after))).toBeNull();
  });
  it('keeps nothing across another context, other columns, a scroll across or a jump past every row', () => {
    const next = area(rows(12, 42));
    expect(rowsToDraw(shownOf(rows(10, 40), { ctx: { rowH: 24 } as unknown as RowContext }), ctx, next)).toBeNull();
    expect(rowsToDraw(shownOf(rows(10, 40), { to: 10 }), ctx, next)).toBeNull();
    expect(rowsToDraw(shownOf(rows(10, 40), { x0: 440 }), ctx, next)).toBeNull();
    expect(rowsToDraw(shownOf(rows(10, 40)), ctx, area(rows(200, 230)))).toBeNull();
  });
});
