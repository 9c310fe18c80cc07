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

  it('is fast on 37,500 names (p95 per keystroke)', () => {
    const typed = ['a', 'ak', 'ak ', 'ak r', 'ak re', 'ak red', 'ak redl', 'ak redli', 'ak redlin', 'ak redline', 'ak redline f', 'ak redline ft', 'a', 'as', 'asi', 'asii', 'asiim', 'asiimv', 'awp asiimv', 'printstrem', 'm4a1 printstream mw', 'hyper beats', 'desert eagle', 'st ak vulcan'];
    const times: number[] = [];
    for (let round = 0; round < 5; round++)
      for (const q of typed) {
        const t0 = performance.now();
        rankNames(P, q, 50);
        times.push(performance.now() - t0);
      }
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    const p50 = times[Math.floor(times.length * 0.5)] ?? 0;
    console.log(`palette rank on ${NAMES.length} names: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms (${times.length} keystrokes)`);
    expect(p95).toBeLessThan(100);
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
