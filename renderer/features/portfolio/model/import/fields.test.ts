import { describe, expect, it } from 'vitest';
import { commaRoleOf, readDay, readLockEnd, readMoney, readPlace, readQuantity } from './fields';

const money = (t: string, comma?: Parameters<typeof readMoney>[1]) => {
  const r = readMoney(t, comma);
  return r.ok ? r.value : r.error;
};

describe('readMoney reads digits into thousandths, never through a float', () => {
  it.each([
    ['12.34', 12_340],
    ['12,34', 12_340],
    ['$12.34', 12_340],
    ['12.34 $', 12_340],
    ['€ 0,5', 500],
    ['1 234,50', 1_234_500],
    ['1\u00a0234,50', 1_234_500],
    ['1,234.50', 1_234_500],
    ['1.234,50', 1_234_500],
    ['1,234,567', 1_234_567_000],
    ['0.001', 1],
    ['0.1', 100],
    ['0.29', 290],
    ['1.005', 1_005],
    ['7', 7_000],
    ['USD 3.5', 3_500],
  ])('%s → %i', (text, value) => {
    expect(money(text)).toBe(value);
  });

  it('takes the comma role of the rest of the file when the text alone cannot tell', () => {
    expect(money('1,234')).toMatch(/ambiguous/);
    expect(money('1,234', 'grouping')).toBe(1_234_000);
    expect(money('1,234', 'decimal')).toBe(1_234);
    expect(money('1.234', 'decimal')).toBe(1_234_000);
  });

  it('refuses what it cannot read exactly, saying why', () => {
    expect(money('12.3456')).toMatch(/more than 3 decimals/);
    expect(money('-5')).toMatch(/negative/);
    expect(money('two')).toMatch(/not an amount/);
    expect(money('1,23,4.5')).toMatch(/not an amount/);
    expect(money('')).toMatch(/not an amount/);
  });

  it('knows a decimal comma from a grouping one', () => {
    expect(commaRoleOf('12,34')).toBe('decimal');
    expect(commaRoleOf('1,234.5')).toBe('grouping');
    expect(commaRoleOf('1,234')).toBe('unknown');
  });
});

describe('readDay', () => {
  const day = (t: string, order?: Parameters<typeof readDay>[1]) => {
    const r = readDay(t, order);
    return r.ok ? r.value : r.error;
  };
  it('reads ISO, dotted and unambiguous slashed days', () => {
    expect(day('2026-03-04')).toBe('2026-03-04');
    expect(day('2026/3/4')).toBe('2026-03-04');
    expect(day('2026-03-04T10:00:00Z')).toBe('2026-03-04');
    expect(day('04.03.2026')).toBe('2026-03-04');
    expect(day('03/31/2026')).toBe('2026-03-31');
    expect(day('31/03/2026')).toBe('2026-03-31');
    expect(day('05/05/2026')).toBe('2026-05-05');
  });
  it('names the ambiguity of 03/04/2026 unless the file tells the order', () => {
    expect(day('03/04/2026')).toMatch(/ambiguous.*04 Mar or Apr 03|ambiguous/);
    expect(day('03/04/2026')).toContain('2026-04-03');
    expect(day('03/04/2026', 'mdy')).toBe('2026-03-04');
    expect(day('03/04/2026', 'dmy')).toBe('2026-04-03');
  });
  it('refuses days that do not exist', () => {
    expect(day('2026-02-30')).toMatch(/not a calendar day/);
    expect(day('yesterday')).toMatch(/not a day/);
  });
  it('reads lock ends as days (UTC midnight) or ISO times', () => {
    const a = readLockEnd('2026-12-01');
    expect(a.ok && a.value).toBe(Date.UTC(2026, 11, 1));
    const b = readLockEnd('2026-12-01T07:00:00Z');
    expect(b.ok && b.value).toBe(Date.UTC(2026, 11, 1, 7));
  });
});

describe('readQuantity and readPlace', () => {
  it('reads whole counts only', () => {
    expect(readQuantity('3')).toEqual({ ok: true, value: 3 });
    expect(readQuantity('1 000')).toEqual({ ok: true, value: 1000 });
    expect(readQuantity('1,000')).toEqual({ ok: true, value: 1000 });
    expect(readQuantity('two').ok).toBe(false);
    expect(readQuantity('1.5').ok).toBe(false);
    expect(readQuantity('0').ok).toBe(false);
  });
  it('knows markets by slug or display name, and keeps other text', () => {
    expect(readPlace('buff163')).toEqual({ kind: 'market', slug: 'buff163' });
    expect(readPlace('CS.MONEY')).toEqual({ kind: 'market', slug: 'csmoney' });
    expect(readPlace('Steam Community Market')).toEqual({ kind: 'market', slug: 'steamcommunity' });
    expect(readPlace('steam')).toEqual({ kind: 'market', slug: 'steamcommunity' });
    expect(readPlace('a friend')).toEqual({ kind: 'text', text: 'a friend' });
    expect(readPlace('  ')).toBeNull();
  });
});
