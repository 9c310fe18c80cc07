import { describe, expect, it } from 'vitest';
import { acceptedDrafts, importParsers } from './import-parsers';

const ctx = {
  game: 730 as const,
  names: ['AK-47 | Redline (Field-Tested)', 'AWP | Asiimov (Field-Tested)'],
  now: Date.UTC(2026, 2, 1),
};

describe('the import dialogs’ parsers', () => {
  it('a CSV: the catalog’s spelling taken, a bad row shown and left out of what is added', () => {
    const preview = importParsers.csv(
      'Item,Qty,Price\nak-47 | redline (field-tested),2,10.50\nAWP | Asiimov (Field-Tested),two,1\nMystery item,1,\n',
      ctx,
    );
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
    expect(acceptedDrafts(preview, 730).map((d) => [d.name, d.quantity])).toEqual([
      ['AWP | Asiimov (Field-Tested)', 2],
    ]);
    expect(acceptedDrafts(importParsers.steamJson('not json', ctx), 730)).toEqual([]);
    expect(importParsers.steamJson('not json', ctx).fatal).toMatch(/not JSON/);
    // A row with a draft and an error too (a parser that kept what it read) is still left out.
    const both = { ...preview, rows: preview.rows.map((r) => ({ ...r, error: 'bad' })) };
    expect(acceptedDrafts(both, 730)).toEqual([]);
  });
});

describe('a file read by what it holds', () => {
  it('a Steam inventory JSON file chosen as "CSV file" is read as an inventory, and the dialog is told so', async () => {
    const { FIXTURE_CONTEXT_2, inventoryPage } = await import('../../../shared/steam/test-fixtures');
    const { readImportFile } = await import('./import-parsers');
    const json = JSON.stringify(inventoryPage(FIXTURE_CONTEXT_2, 0, 2000));
    const out = readImportFile(json, 'csv', ctx);
    expect(out.source).toBe('steam');
    expect(out.notice).toMatch(/Steam inventory JSON/);
    expect(out.preview.fatal).toBeNull();
    expect(out.preview.source).toBe('steam');
    expect(out.preview.rows.length).toBeGreaterThan(0);
    // With a BOM and leading blank lines too.
    expect(readImportFile(`\uFEFF\n  ${json}`, 'csv', ctx).source).toBe('steam');
  });

  it('a CSV stays a CSV, and a CSV whose first name starts with "[" too', async () => {
    const { readImportFile } = await import('./import-parsers');
    expect(readImportFile('name,qty\nAWP | Asiimov (Field-Tested),1\n', 'csv', ctx)).toMatchObject({
      source: 'csv',
      notice: null,
    });
    expect(readImportFile('[name],qty\nx,1\n', 'csv', ctx).source).toBe('csv');
  });
});

describe('a CSV chosen as a Steam inventory JSON file', () => {
  it('is read as a CSV when it reads as one; other text keeps the JSON reader’s message', async () => {
    const { readImportFile } = await import('./import-parsers');
    const out = readImportFile('name,qty\nAWP | Asiimov (Field-Tested),2\n', 'steam', ctx);
    expect(out).toMatchObject({ source: 'csv', notice: expect.stringMatching(/CSV/) });
    expect(out.preview.rows[0]?.draft).toMatchObject({ name: 'AWP | Asiimov (Field-Tested)', quantity: 2 });
    const junk = readImportFile('<html>', 'steam', ctx);
    expect(junk).toMatchObject({ source: 'steam', notice: null });
    expect(junk.preview.fatal).toMatch(/not JSON/);
  });
});
