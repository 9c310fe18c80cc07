import { describe, expect, it } from 'vitest';
import { intOr } from './RuleFields';

describe('intOr (the rule editor reading a whole-number box)', () => {
  it('keeps the previous value while the box is empty or not a number', () => {
    expect(intOr('', 5)).toBe(5);
    expect(intOr('   ', 2)).toBe(2);
    expect(intOr('abc', 7)).toBe(7);
  });
  it('rounds to a whole number and never goes below 0', () => {
    expect(intOr('3.6', 0)).toBe(4);
    expect(intOr(' 12 ', 0)).toBe(12);
    expect(intOr('-2', 1)).toBe(0);
  });
});
