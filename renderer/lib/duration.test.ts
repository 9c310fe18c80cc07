import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('says seconds, minutes, hours and minutes, days and hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45_900)).toBe('45 s');
    expect(formatDuration(12 * 60_000 + 59_000)).toBe('12 min');
    expect(formatDuration((3 * 60 + 10) * 60_000)).toBe('3 h 10 min');
    expect(formatDuration(3 * 3600_000 + 59_000)).toBe('3 h');
    expect(formatDuration(24 * 3600_000)).toBe('1 day');
    expect(formatDuration((2 * 24 + 4) * 3600_000 + 59 * 60_000)).toBe('2 days 4 h');
  });
  it('never says a negative span (a clock set back)', () => {
    expect(formatDuration(-5000)).toBe('0 s');
  });
});
