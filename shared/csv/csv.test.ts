import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvQuote, csvText, csvUnguard } from './csv';
import { readCsv } from './read';

describe('csvQuote', () => {
  it('quotes fields with quotes, commas, newlines or edge spaces, and nothing else', () => {
    expect(csvQuote('plain')).toBe('plain');
    expect(csvQuote('a,b')).toBe('"a,b"');
    expect(csvQuote('say "hi"')).toBe('"say ""hi"""');
    expect(csvQuote('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvQuote(' pad')).toBe('" pad"');
    expect(csvQuote('pad ')).toBe('"pad "');
    expect(csvQuote('★ Karambit | Fade (Factory New)')).toBe('★ Karambit | Fade (Factory New)');
    expect(csvQuote('')).toBe('');
  });
});

describe('csvText', () => {
  it('guards text a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('-2')).toBe("'-2");
    expect(csvText('@me')).toBe("'@me");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('AK-47')).toBe('AK-47');
    expect(csvText('a=b')).toBe('a=b');
  });
  it('the BOM is the single U+FEFF character', () => {
    expect([...CSV_BOM].map((c) => c.codePointAt(0))).toEqual([0xfeff]);
  });
});

describe('the formula guard and its undoing', () => {
  const tricky = [
    '-5% off',
    '=HYPERLINK("x")',
    '+1',
    '@me',
    '\tx',
    "'Tis",
    "'",
    "''",
    "'-5% off",
    "''=x",
    "'''",
    'plain',
    '',
    "a'b",
    '-',
    "'\tx",
    '\nx',
  ];
  it('csvUnguard(guarded) gives back exactly the text, for text that starts with a trigger or an apostrophe', () => {
    for (const s of tricky) {
      const guarded = csvText(s);
      const field = guarded.startsWith('"') ? guarded.slice(1, -1).replace(/""/g, '"') : guarded;
      expect(csvUnguard(field), JSON.stringify(s)).toBe(s);
    }
  });
  it('an apostrophe before a non-trigger, as a person types it, is data; before a trigger it is the guard', () => {
    expect(csvUnguard("'Tis")).toBe("'Tis");
    expect(csvUnguard("'-5% off")).toBe('-5% off');
  });
  it('the reader undoes the guard: any number of round trips gives the same text', () => {
    for (const s of tricky) {
      let v = s;
      for (let round = 0; round < 3; round++) {
        const { records } = readCsv(`${CSV_BOM}name,note\r\n${csvText('x')},${csvText(v)}\r\n`);
        v = records[1]!.fields[1]!;
      }
      expect(v, JSON.stringify(s)).toBe(s);
    }
  });
});
