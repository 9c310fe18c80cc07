import { describe, expect, it } from 'vitest';
import { importPasteList } from './paste-list';

const read = (text: string, isKnown?: (n: string) => boolean) =>
  importPasteList(text, { game: 730, ...(isKnown ? { isKnown } : {}) });
const drafts = (text: string, isKnown?: (n: string) => boolean) =>
  read(text, isKnown).rows.map((r) => (r.draft ? [r.draft.name, r.draft.quantity, r.draft.unitCost] : r.error));

describe('importPasteList', () => {
  it('reads the ways traders write counts, a plain name as one, and an optional unit cost', () => {
    const text = [
      '2x AK-47 | Redline (Field-Tested)',
      'AK-47 | Redline (Field-Tested) x2',
      '2 AK-47 | Redline (Field-Tested)',
      'AK-47 | Redline (Field-Tested)',
      '',
      '   ',
      '3x Fracture Case @ 0.45',
      '- 10 × Sticker | Stand-in Team | Paris 2023 @ $1,50',
      'Souvenir Package (x3)',
      '2 XM1014 | Blaze Orange (Field-Tested)',
      'Sticker | Stand-in | Paris 2023',
      'AWP | Asiimov (Field-Tested)x2',
    ].join('\n');
    expect(drafts(text)).toEqual([
      ['AK-47 | Redline (Field-Tested)', 2, null],
      ['AK-47 | Redline (Field-Tested)', 2, null],
      ['AK-47 | Redline (Field-Tested)', 2, null],
      ['AK-47 | Redline (Field-Tested)', 1, null],
      ['Fracture Case', 3, 450],
      ['Sticker | Stand-in Team | Paris 2023', 10, 1_500],
      ['Souvenir Package', 3, null],
      ['XM1014 | Blaze Orange (Field-Tested)', 2, null],
      ['Sticker | Stand-in | Paris 2023', 1, null],
      ['AWP | Asiimov (Field-Tested)', 2, null],
    ]);
    expect(read(text).rows.map((r) => r.line)).toEqual([1, 2, 3, 4, 7, 8, 9, 10, 11, 12]);
  });

  it('takes a whole line the catalog knows as a name, even when it starts with a number', () => {
    expect(drafts('5 Year Veteran Coin', (n) => n === '5 Year Veteran Coin')).toEqual([
      ['5 Year Veteran Coin', 1, null],
    ]);
    expect(drafts('2x 5 Year Veteran Coin', (n) => n === '5 Year Veteran Coin')).toEqual([
      ['5 Year Veteran Coin', 2, null],
    ]);
  });

  it('gives each bad line its error and keeps the others', () => {
    const rows = read('0x AK-47 | Redline (Field-Tested)\nFracture Case @ cheap\nFracture Case\n2x \n').rows;
    expect(rows.map((r) => r.error)).toEqual([
      "Quantity '0' is less than 1",
      'Cost after "@": \'cheap\' is not an amount',
      null,
      null,
    ]);
    // "2x" alone is a name, not an empty count: kept and left for the name check to flag.
    expect(rows[3]!.draft?.name).toBe('2x');
  });

  it('says there is nothing to import', () => {
    expect(read('\n \n').fatal).toMatch(/Nothing to import/);
  });
});
