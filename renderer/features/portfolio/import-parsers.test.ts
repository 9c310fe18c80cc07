import { describe, expect, it } from 'vitest';
import { acceptedDrafts, importParsers } from './import-parsers';

const ctx = { game: 730 as const, names: ['AK-47 | Redline (Field-Tested)', 'AWP | Asiimov (Field-Tested)'], now: Date.UTC(2026, 2, 1) };

describe('the import dialogs’ parsers', () => {
  it('a CSV: the catalog’s spelling taken, a bad row shown and left out of what is added', () => {
    const preview = importParsers.csv('Item,Qty,Price\nak-47 | redline (field-tested),2,10.50\nAWP | Asiimov (Field-Tested),two,1\nMystery item,1,\n', ctx);
    expect(preview.fatal).toBeNull();
    expect(preview.rows).toHaveLength(3);
    expect(preview.rows[1]?.error).toMatch(/two/);
    expect(preview.rows[2]?.warning).toBeTruthy();
    const drafts = acceptedDrafts(preview, 730);
    expect(drafts.map((d) => [d.name, d.quantity, d.unitCost])).toEqual([
      ['AK-47 | Redline (Field-Tested)', 2, 10_500],
      ['Mystery item', 1, null],
    ]);
  });

  it('a pasted list, and nothing from a fatal preview', () => {
    const preview = importParsers.paste('2x AWP | Asiimov (Field-Tested)', ctx);
    expect(acceptedDrafts(preview, 730).map((d) => [d.name, d.quantity])).toEqual([['AWP | Asiimov (Field-Tested)', 2]]);
    expect(acceptedDrafts(importParsers.steamJson('not json', ctx), 730)).toEqual([]);
    expect(importParsers.steamJson('not json', ctx).fatal).toMatch(/not JSON/);
    // A row with a draft and an error too (a parser that kept what it read) is still left out.
    const both = { ...preview, rows: preview.rows.map((r) => ({ ...r, error: 'bad' })) };
    expect(acceptedDrafts(both, 730)).toEqual([]);
  });
});
