import { describe, expect, it, vi } from 'vitest';
import { buildSearchIndex } from '../model/search-index';
import { shapeRecs } from './rec-reader';
import { recSampleRows } from './rec-sample';
import { attachRecSearch, whenRecSearch } from './rec-search';

describe("whenRecSearch: waits for the worker's search text instead of computing it on the page", () => {
  const lean = () => {
    const list = shapeRecs(
      recSampleRows(50),
      { game: 730, type: 'general', markets: null },
      { transport: 'graphql', bytes: 0, bytesDoneAt: 0, parseMs: 0 },
    )!;
    const { search, flags } = list;
    list.search = [];
    list.flags = new Uint32Array(0);
    return { list, parts: { search: () => search, flags, index: buildSearchIndex(search) } };
  };

  it('calls back when the parts come, not before; once', () => {
    vi.useFakeTimers();
    try {
      const { list, parts } = lean();
      let calls = 0;
      whenRecSearch(list, () => calls++, 3000);
      vi.advanceTimersByTime(2000);
      expect(calls).toBe(0);
      attachRecSearch(list, parts);
      expect(calls).toBe(1);
      vi.advanceTimersByTime(5000);
      expect(calls).toBe(1);
      // Ready now: a new wait calls back at once.
      whenRecSearch(list, () => calls++, 3000);
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up waiting after the time given (a list with no parts coming), and a cancelled wait never calls', () => {
    vi.useFakeTimers();
    try {
      const { list, parts } = lean();
      let late = 0;
      let cancelled = 0;
      whenRecSearch(list, () => late++, 3000);
      const cancel = whenRecSearch(list, () => cancelled++, 3000);
      cancel();
      vi.advanceTimersByTime(2999);
      expect(late).toBe(0);
      vi.advanceTimersByTime(1);
      expect(late).toBe(1);
      attachRecSearch(list, parts);
      expect([late, cancelled]).toEqual([1, 0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
