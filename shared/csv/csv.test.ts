import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvQuote, csvText } from './csv';

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
