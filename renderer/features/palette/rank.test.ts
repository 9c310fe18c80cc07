import { describe, expect, it } from 'vitest';
import { prepare, rankCommands, rankNames } from './rank';

const WEAPONS = ['AK-47', 'M4A4', 'M4A1-S', 'AWP', 'Desert Eagle', 'USP-S', 'Glock-18', 'P250', 'Five-SeveN', 'MP9', 'MAC-10', 'FAMAS', 'Galil AR', 'SSG 08', 'Nova'];
const SKINS = ['Redline', 'Asiimov', 'Vulcan', 'Hyper Beast', 'Fire Serpent', 'Neo-Noir', 'Printstream', 'Bloodsport', 'Case Hardened', 'Fade', 'Slate', 'Blue Laminate', 'Elite Build', 'Red Laminate', 'Redline Classic'];
const WEARS = ['Factory New', 'Minimal Wear', 'Field-Tested', 'Well-Worn', 'Battle-Scarred'];

/** 37,500 distinct names shaped like CS2 market names. */
function catalogue(): string[] {
  const out: string[] = [];
  for (let k = 0; out.length < 37_500; k++) {
    for (const w of WEAPONS)
      for (const s of SKINS)
        for (const wear of WEARS) {
          const skin = k === 0 ? s : `${s} ${k}`;
          out.push(`${k % 3 === 1 ? 'StatTrak\u2122 ' : ''}${w} | ${skin} (${wear})`);
        }
  }
  return out.slice(0, 37_500);
}

const NAMES = catalogue();
const P = prepare(NAMES);
const top = (q: string, n = 5) => rankNames(P, q, 50).indexes.slice(0, n).map((i) => NAMES[i]);

describe('rankNames', () => {
  it('finds items by partial words, with trader abbreviations', () => {
    expect(top('ak redl ft')[0]).toBe('AK-47 | Redline (Field-Tested)');
    const r = top('redlin', 50);
    expect(r).toHaveLength(50);
    for (const n of r) expect(n).toMatch(/Redline/);
    expect(top('ak-47 | redl')[0]).toMatch(/^AK-47 \| Redline/);
  });

  it('finds items by misspelled words (one error per word)', () => {
    expect(top('asiimv', 50)).toContain('AWP | Asiimov (Field-Tested)');
    expect(top('awp asiimv ft')[0]).toBe('AWP | Asiimov (Field-Tested)');
    expect(top('awp asimov fn')[0]).toBe('AWP | Asiimov (Factory New)'); // a missing letter
    expect(top('ak redlien bs')[0]).toBe('AK-47 | Redline (Battle-Scarred)'); // swapped letters
    expect(top('ak redlime mw')[0]).toBe('AK-47 | Redline (Minimal Wear)'); // a wrong letter
  });

  it('accepts words out of order', () => {
    expect(top('redline ak ft')[0]).toBe('AK-47 | Redline (Field-Tested)');
  });

  it('puts exact prefixes first, exact words before typo matches', () => {
    const r = top('awp | asiimov', 50);
    expect(r[0]?.startsWith('AWP | Asiimov')).toBe(true);
    const names = ['Desert Eagle | Slate (Field-Tested)', 'Slate (Field-Tested)', 'AK-47 | Slste'];
    const p = prepare(names);
    expect(rankNames(p, 'slate', 10).indexes.map((i) => names[i])).toEqual(['Slate (Field-Tested)', 'Desert Eagle | Slate (Field-Tested)', 'AK-47 | Slste']);
  });

  it('caps the results and reports the total', () => {
    const r = rankNames(P, 'ak', 50);
    expect(r.indexes).toHaveLength(50);
    expect(r.total).toBeGreaterThan(1000);
    expect(rankNames(P, '', 50).indexes).toEqual([]);
    expect(rankNames(P, 'zzzzqqq', 50).total).toBe(0);
  });

  it('short words are exact: no typo matches for "ak"', () => {
    for (const i of rankNames(P, 'ak', 50).indexes) expect(NAMES[i]).toMatch(/\bak/i);
  });
});

describe('rankCommands', () => {
  const cmds = [{ label: 'Go to Prices' }, { label: 'Go to Analytics' }, { label: 'Toggle theme', keywords: 'dark light' }];
  it('keeps all commands in order for an empty query, and matches with typos', () => {
    expect(rankCommands(cmds, '')).toEqual(cmds);
    expect(rankCommands(cmds, 'anlytics')[0]?.label).toBe('Go to Analytics');
    expect(rankCommands(cmds, 'dark')[0]?.label).toBe('Toggle theme');
  });
});
