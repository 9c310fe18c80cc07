/** Small pure pieces of the frame: export-all file naming and the PNG size input. */
import { describe, expect, it } from 'vitest';
import { uniqueNames } from './ChartGroup';
import { parseSide, startSize, withSide } from './png-size';
import type { ExportFile } from './export/exporter';

const file = (name: string): ExportFile => ({ name, mime: 'image/png', bytes: new Uint8Array(1) });

describe('uniqueNames (export all)', () => {
  it('keeps distinct names and appends the chart id to repeats', () => {
    const out = uniqueNames([
      { chartId: 'a', file: file('sales-2026-11-23.png') },
      { chartId: 'b', file: file('sales-2026-11-23.png') },
      { chartId: 'b', file: file('sales-2026-11-23.csv') },
      { chartId: 'Odd ID!', file: file('sales-2026-11-23.png') },
    ]);
    expect(out.map((f) => f.name)).toEqual([
      'sales-2026-11-23.png',
      'sales-2026-11-23-b.png',
      'sales-2026-11-23.csv',
      'sales-2026-11-23-odd-id.png',
    ]);
  });
});

describe('parseSide (PNG at size)', () => {
  it('accepts whole pixels from 16 to 8000', () => {
    expect(parseSide(' 1600 ')).toEqual({ ok: true, value: 1600 });
    expect(parseSide('16')).toEqual({ ok: true, value: 16 });
    expect(parseSide('8000')).toEqual({ ok: true, value: 8000 });
  });
  it('says what is wrong otherwise', () => {
    expect(parseSide('8001')).toEqual({ ok: false, problem: 'At most 8,000 px.' });
    expect(parseSide('15')).toEqual({ ok: false, problem: 'At least 16 px.' });
    for (const bad of ['', '12.5', '-20', '1e3', 'abc']) expect(parseSide(bad).ok, bad).toBe(false);
  });
});

describe('PNG at size: starting size and proportions', () => {
  it('starts at twice the natural size, capped at the largest side, or 1600 x 900', () => {
    expect(startSize({ width: 400, height: 300 })).toEqual({
      fields: { width: '800', height: '600', keep: true },
      ratio: 0.75,
    });
    expect(startSize({ width: 5000, height: 1000 }).fields).toEqual({ width: '8000', height: '2000', keep: true });
    expect(startSize(null).fields).toEqual({ width: '1600', height: '900', keep: true });
  });
  it('keeps the other side in proportion only with "keep" on and a valid side', () => {
    const s = { width: '800', height: '600', keep: true };
    expect(withSide(s, 'width', '1000', 0.75)).toEqual({ width: '1000', height: '750', keep: true });
    expect(withSide(s, 'height', '300', 0.75)).toEqual({ width: '400', height: '300', keep: true });
    expect(withSide(s, 'width', '10x', 0.75)).toEqual({ width: '10x', height: '600', keep: true });
    expect(withSide({ ...s, keep: false }, 'width', '1000', 0.75)).toEqual({
      width: '1000',
      height: '600',
      keep: false,
    });
  });
});
