import { describe, expect, it } from 'vitest';
import { exportFileName, MAX_STEM, sanitizeFileBase, utcDate } from './file-names';

const AT = Date.UTC(2026, 10, 23, 23, 59); // 2026-11-23 23:59 UTC

describe('export file names', () => {
  it('are lowercase [a-z0-9-] with the data date', () => {
    expect(exportFileName('AK-47 | Redline (FT) sales', AT, 'png')).toBe('ak-47-redline-ft-sales-2026-11-23.png');
    expect(exportFileName('ak-47-redline-ft-sales', AT, 'csv')).toBe('ak-47-redline-ft-sales-2026-11-23.csv');
    expect(exportFileName('Pokémon ★ Ünïcode', AT, 'svg')).toBe('pokemon-unicode-2026-11-23.svg');
  });

  it('never leave the folder or come out empty', () => {
    expect(exportFileName('../../etc/passwd', AT, 'svg')).toBe('etc-passwd-2026-11-23.svg');
    expect(exportFileName('C:\\Windows\\x', AT, 'svg')).toBe('c-windows-x-2026-11-23.svg');
    expect(exportFileName('', AT, 'png')).toBe('chart-2026-11-23.png');
    expect(exportFileName('★★★', AT, 'png')).toBe('chart-2026-11-23.png');
  });

  it('keep the stem within 80 characters, without a trailing dash', () => {
    const name = exportFileName(`${'a'.repeat(68)} b ${'c'.repeat(40)}`, AT, 'png');
    const stem = name.replace(/\.png$/, '');
    expect(stem.length).toBeLessThanOrEqual(MAX_STEM);
    expect(stem).toBe(`${'a'.repeat(68)}-2026-11-23`);
    expect(sanitizeFileBase('x'.repeat(500)).length).toBe(MAX_STEM - 11);
  });

  it('date the file by the data (UTC), today when the data has no time', () => {
    expect(utcDate(AT)).toBe('2026-11-23');
    expect(utcDate(Number.NaN, () => Date.UTC(2027, 0, 2))).toBe('2027-01-02');
    expect(utcDate(0, () => Date.UTC(2027, 0, 2))).toBe('2027-01-02');
  });
});
