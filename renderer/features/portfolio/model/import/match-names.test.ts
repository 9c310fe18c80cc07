import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../types';
import { importPasteList } from './paste-list';
import { matchNames } from './match-names';

const CATALOG = [
  'AK-47 | Redline (Field-Tested)',
  'AK-47 | Redline (Minimal Wear)',
  'AWP | Asiimov (Field-Tested)',
  'Fracture Case',
  'M4A1-S | Printstream (Minimal Wear)',
];

const preview = (text: string): ImportPreview => importPasteList(text, { game: 730 });

describe('matchNames', () => {
  it('keeps exact names, takes the catalog spelling for case and spacing, and warns with the closest names otherwise', () => {
    const out = matchNames(
      preview(
        'AK-47 | Redline (Field-Tested)\nak-47|redline ( field-tested )\nAK-47 | Redlien (Field-Tested)\nMy own trinket',
      ),
      CATALOG,
    );
    expect(out.rows.map((r) => [r.draft?.name, r.warning])).toEqual([
      ['AK-47 | Redline (Field-Tested)', null],
      ['AK-47 | Redline (Field-Tested)', null],
      // Every word must match (one typo each): the Minimal Wear one lacks "field-tested".
      ['AK-47 | Redlien (Field-Tested)', 'Not in the catalog; closest: "AK-47 | Redline (Field-Tested)"'],
      ['My own trinket', 'Not in the catalog (kept as written)'],
    ]);
    // A wrong wear still finds the item: the long words alone are tried when the whole name finds nothing.
    const wear = matchNames(preview('AWP | Asiimov (Battle-Scarred)'), CATALOG);
    expect(wear.rows[0]!.warning).toBe('Not in the catalog; closest: "AWP | Asiimov (Field-Tested)"');
  });

  it('leaves rows with errors alone and the preview unchanged without a catalog', () => {
    const p = preview('0x Fracture Case\nfracture case');
    expect(matchNames(p, []).rows).toBe(p.rows);
    const out = matchNames(p, CATALOG);
    expect(out.rows[0]).toBe(p.rows[0]);
    expect(out.rows[1]!.draft?.name).toBe('Fracture Case');
  });
});
