/**
 * Where a failed history record is shown: the status bar (on every page), from the 'history-write'
 * storage notice the client sets (market/history/client-failures.test.ts); Settings' price history section shows the
 * same notice in full (HistorySettings, 'history-write-problem').
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { setNotice } from '../lib/storage/status';
import { LocalDataProblems } from './LocalDataProblems';

const TEXT =
  'Could not save price history: UnknownError: An unknown error occurred within Indexed Database.. The next refresh starts afresh from a full record of the prices.';

afterEach(() => {
  setNotice('history-write', null);
  setNotice('portfolio-write', null);
});

describe('a failed history record is shown', () => {
  it('in the status bar, with the whole text a click away (Settings)', () => {
    expect(renderToStaticMarkup(<LocalDataProblems />)).toBe('');
    setNotice('history-write', TEXT);
    const html = renderToStaticMarkup(<LocalDataProblems />);
    expect(html).toContain('data-testid="status-local-data"');
    expect(html).toContain('Price history not saved: see Settings');
    expect(html).toContain('title="Could not save price history: UnknownError');
    setNotice('portfolio-write', 'Could not save the portfolio: the disk is full.');
    expect(renderToStaticMarkup(<LocalDataProblems />)).toContain('Price history not saved (+1 more): see Settings');
  });
});
