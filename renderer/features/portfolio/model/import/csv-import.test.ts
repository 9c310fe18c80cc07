import { describe, expect, it } from 'vitest';
import { fieldOfHeader, importCsv, MAX_CSV_CHARS } from './csv-import';
import { readCsv, sniffSeparator } from '../../../../../shared/csv/read';

const G = 730 as const;

describe('readCsv', () => {
  it('sniffs the separator from the header line', () => {
    expect(sniffSeparator('name,qty\n')).toBe(',');
    expect(sniffSeparator('name;qty;cost\n"a,b";1;2')).toBe(';');
    expect(sniffSeparator('name\tqty\n')).toBe('\t');
  });
  it('reads quoted fields with separators, doubled quotes and line breaks; drops the BOM; skips blank lines', () => {
    const { records } = readCsv(
      '\uFEFFname,note\r\n"AK-47 | Redline (Field-Tested)","said ""hi"",\nthen left"\r\n\r\nM4A4,x\n',
    );
    expect(records.map((r) => r.fields)).toEqual([
      ['name', 'note'],
      ['AK-47 | Redline (Field-Tested)', 'said "hi",\nthen left'],
      ['M4A4', 'x'],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 5]);
  });
});

describe('tolerant headers', () => {
  it.each([
    ['Name', 'name'],
    ['ITEM', 'name'],
    ['market_hash_name', 'name'],
    ['Market Hash Name', 'name'],
    ['Qty', 'quantity'],
    ['amount', 'quantity'],
    ['Count', 'quantity'],
    ['Unit cost', 'unitCost'],
    ['Buy price', 'unitCost'],
    ['Paid', 'unitCost'],
    ['Price (USD)', 'unitCost'],
    ['Purchase date', 'acquired'],
    ['Bought', 'acquired'],
    ['Acquired', 'acquired'],
    ['Marketplace', 'place'],
    ['Where', 'place'],
    ['source', 'place'],
    ['Fee', 'fee'],
    ['Locked until', 'lockedUntil'],
    ['Trade lock', 'lockedUntil'],
    ['tradable_after', 'lockedUntil'],
    ['Notes', 'note'],
    ['comment', 'note'],
    ['float', null],
  ])('%s → %s', (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });
});

describe('importCsv', () => {
  it('reads a spreadsheet with other words for the columns, money and days in several forms', () => {
    const csv = [
      'Item;Qty;Buy price;Purchase date;Where;Fee;Trade lock;Comment;Float',
      'AK-47 | Redline (Field-Tested);2;12,34;04.03.2026;Buff163;0,50;2026-12-01;first buy;0.21',
      '"Fracture Case";"1 000";0,45;2026-01-02;a friend;;;;',
      'AWP | Asiimov (Field-Tested);;1.234,50;31/01/2026;CS.MONEY;;;;',
    ].join('\n');
    const preview = importCsv(csv, { game: G });
    expect(preview.fatal).toBeNull();
    expect(preview.columns).toEqual({
      used: {
        name: 'Item',
        quantity: 'Qty',
        unitCost: 'Buy price',
        acquired: 'Purchase date',
        place: 'Where',
        fee: 'Fee',
        lockedUntil: 'Trade lock',
        note: 'Comment',
      },
      ignored: ['Float'],
    });
    expect(preview.rows.map((r) => r.error)).toEqual([null, null, null]);
    expect(preview.rows.map((r) => r.draft)).toEqual([
      {
        game: G,
        name: 'AK-47 | Redline (Field-Tested)',
        quantity: 2,
        unitCost: 12_340,
        fee: 500,
        acquired: '2026-03-04',
        place: { kind: 'market', slug: 'buff163' },
        lockedUntil: Date.UTC(2026, 11, 1),
        note: 'first buy',
        origin: 'csv',
      },
      {
        game: G,
        name: 'Fracture Case',
        quantity: 1000,
        unitCost: 450,
        fee: null,
        acquired: '2026-01-02',
        place: { kind: 'text', text: 'a friend' },
        lockedUntil: null,
        note: '',
        origin: 'csv',
      },
      {
        game: G,
        name: 'AWP | Asiimov (Field-Tested)',
        quantity: 1,
        unitCost: 1_234_500,
        fee: null,
        acquired: '2026-01-31',
        place: { kind: 'market', slug: 'csmoney' },
        lockedUntil: null,
        note: '',
        origin: 'csv',
      },
    ]);
  });

  it('reads tab-separated text as a spreadsheet copies it', () => {
    const preview = importCsv('name\tquantity\tcost\nAK-47 | Redline (Field-Tested)\t3\t$10.00\n', { game: G });
    expect(preview.rows[0]?.draft).toMatchObject({
      name: 'AK-47 | Redline (Field-Tested)',
      quantity: 3,
      unitCost: 10_000,
    });
  });

  it('gives each bad row an error naming the field and why, and keeps the good rows', () => {
    const csv = [
      'name,qty,cost,date,locked until',
      'AK-47 | Redline (Field-Tested),two,12.00,2026-01-01,',
      ',1,1.00,,',
      'M4A4 | Howl (Minimal Wear),1,-5,2026-02-30,soon',
      'Fracture Case,1,0.45,2026-01-01,',
    ].join('\n');
    const rows = importCsv(csv, { game: G }).rows;
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    expect(rows[0]!.error).toBe('Quantity ("qty") \'two\' is not a whole number');
    expect(rows[1]!.error).toBe('Name is empty');
    expect(rows[2]!.error).toMatch(/^Cost '-5' is negative; /);
    expect(rows[2]!.error).toContain("date '2026-02-30' is not a calendar day");
    expect(rows[2]!.error).toContain("locked until 'soon' is not a day");
    expect(rows[2]!.draft).toBeNull();
    expect(rows[3]!.error).toBeNull();
    expect(rows[3]!.draft?.name).toBe('Fracture Case');
  });

  it('reads slashed days the way the rest of the file shows, and names the ambiguity when nothing does', () => {
    const told = importCsv('name,date\nA,03/04/2026\nB,03/25/2026\n', { game: G }).rows;
    expect(told[0]!.draft?.acquired).toBe('2026-03-04');
    const untold = importCsv('name,date\nA,03/04/2026\n', { game: G }).rows;
    expect(untold[0]!.error).toMatch(/^Date '03\/04\/2026' is ambiguous/);
  });

  it('reads "1,234" as the file writes its other amounts, else names the ambiguity', () => {
    expect(importCsv('name,cost\nA,"1,234"\nB,2.50\n', { game: G }).rows[0]!.draft?.unitCost).toBe(1_234_000);
    expect(importCsv('name;cost\nA;1,234\nB;2,50\n', { game: G }).rows[0]!.draft?.unitCost).toBe(1_234);
    expect(importCsv('name,cost\nA,"1,234"\n', { game: G }).rows[0]!.error).toMatch(/ambiguous/);
  });

  it('says what is wrong with the whole file', () => {
    expect(importCsv('', { game: G }).fatal).toBe('The file is empty.');
    expect(importCsv('qty,cost\n1,2\n', { game: G }).fatal).toMatch(/^No item name column.*found: "qty", "cost"/);
    expect(importCsv('name,qty\n', { game: G }).fatal).toMatch(/no holdings/);
    expect(importCsv('x'.repeat(MAX_CSV_CHARS + 1), { game: G }).fatal).toMatch(/larger than 8 MB/);
  });

  it('flags a line with more fields than the header (an unquoted separator in a name)', () => {
    const rows = importCsv('name,qty\nSticker | Team, Inc,1\n', { game: G }).rows;
    expect(rows[0]!.error).toMatch(/3 fields and the header 2/);
  });
});

describe('bad CSV files are errors, never wrong data', () => {
  const rows9 = (bad: string) =>
    [
      'name,qty,cost',
      'A1,1,1.00',
      'A2,1,1.00',
      bad,
      'A4,1,1.00',
      'A5,1,1.00',
      'A6,1,1.00',
      'A7,1,1.00',
      'A8,1,1.00',
      'A9,1,1.00',
    ].join('\r\n') + '\r\n';

  it('an unclosed quote is an error row naming its line; the lines after it are read as rows', () => {
    const preview = importCsv(rows9('"AK-47 | Redline (Field-Tested),1,1.00'), { game: G });
    expect(preview.fatal).toBeNull();
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(preview.rows[2]!.draft).toBeNull();
    expect(preview.rows[2]!.error).toMatch(/quote opened on line 4 is never closed/);
    expect(preview.rows.filter((r) => r.draft).map((r) => r.draft!.name)).toEqual([
      'A1',
      'A2',
      'A4',
      'A5',
      'A6',
      'A7',
      'A8',
      'A9',
    ]);
  });

  it('a quote that only closes lines later, inside a field, is the same error (not one row swallowing the others)', () => {
    const csv = ['name,qty,note', 'A1,1,x', '"AK-47,1,x', 'A3,1,x', 'A4,1,"ok"', 'A5,1,x'].join('\n');
    const rows = importCsv(csv, { game: G }).rows;
    expect(rows.map((r) => [r.line, r.draft?.name ?? null])).toEqual([
      [2, 'A1'],
      [3, null],
      [4, 'A3'],
      [5, 'A4'],
      [6, 'A5'],
    ]);
    expect(rows[1]!.error).toMatch(/line 3/);
  });

  it('an unclosed quote in the header line makes the whole file unreadable, and says why', () => {
    expect(importCsv('"name,qty\nA,1\n', { game: G }).fatal).toMatch(
      /^The header line cannot be read: the quote opened on line 1 is never closed/,
    );
  });

  it('a quoted name with a line break inside still reads as one field', () => {
    const rows = importCsv('name,qty\n"two\nlines",1\nB,2\n', { game: G }).rows;
    expect(rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('"1.500" in a ;-separated file is ambiguous unless the file shows its decimal mark', () => {
    expect(importCsv('name;cost\nA;1.500\n', { game: G }).rows[0]!.error).toMatch(/^Cost '1\.500' is ambiguous/);
    expect(importCsv('name;cost\nA;12.500\nB;3\n', { game: G }).rows[0]!.error).toMatch(/ambiguous/);
    expect(importCsv('name;cost\nA;1.500\nB;2,50\n', { game: G }).rows[0]!.draft?.unitCost).toBe(1_500_000);
    expect(importCsv('name;cost\nA;1.500\nB;2.50\n', { game: G }).rows[0]!.draft?.unitCost).toBe(1_500);
    // Tab-separated (Excel's "Unicode Text") does not say it either.
    expect(importCsv('name\tcost\nA\t1.500\n', { game: G }).rows[0]!.error).toMatch(/ambiguous/);
    // A comma-separated file cannot write a decimal comma unquoted: its dot is the decimal mark (and the app's own export writes 12.500).
    expect(importCsv('name,cost\nA,1.500\n', { game: G }).rows[0]!.draft?.unitCost).toBe(1_500);
    // More than three digits before the dot cannot be a thousands group.
    expect(importCsv('name;cost\nA;1234.500\n', { game: G }).rows[0]!.draft?.unitCost).toBe(1_234_500);
  });

  it('refuses item names with control characters', () => {
    const rows = importCsv('name,qty\nAK-47\u0007 | Redline,1\n"AWP\u0000",1\nM4A4\u009b,1\nFine,1\n', {
      game: G,
    }).rows;
    expect(rows.map((r) => r.error)).toEqual([
      'Name has a control character (U+0007)',
      'Name has a control character (U+0000)',
      'Name has a control character (U+009B)',
      null,
    ]);
  });
});
