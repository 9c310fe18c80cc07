import { describe, expect, it } from 'vitest';
import { rowForKey } from './row-keys';

describe('rowForKey', () => {
  it('moves by one, by a page, to either end, and leaves other keys to the caller', () => {
    expect(['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End'].map((k) => rowForKey(k, 5, 40, 10))).toEqual([
      6, 4, 15, -5, 0, 39,
    ]);
    expect(rowForKey('Enter', 5, 40, 10)).toBeNull();
    expect(rowForKey('a', 5, 40, 10)).toBeNull();
  });
});
