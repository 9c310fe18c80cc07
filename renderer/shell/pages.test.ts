/**
 * The page registry: the router, the tabs, the shortcuts and the palette read one list, so the list itself
 * must be sound (one page per address and per shortcut) and the router must know exactly its pages.
 */
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../lib/route';
import { PAGES, PAGES_INFO, pageOf } from './pages';

describe('page registry', () => {
  it('routes from the hash', () => {
    expect(parseRoute('')).toBe('prices');
    expect(parseRoute('#/settings')).toBe('settings');
    expect(parseRoute('#settings')).toBe('settings');
    expect(parseRoute('#/nope')).toBe('prices');
  });

  it('lists the pages in tab order, each with its own address and shortcut', () => {
    expect(PAGES.map((p) => p.route)).toEqual([
      'prices',
      'analytics',
      'recommendations',
      'alerts',
      'portfolio',
      'scanner',
      'settings',
    ]);
    expect(new Set(PAGES.map((p) => p.shortcut.keys)).size).toBe(PAGES.length);
    for (const p of PAGES) expect(parseRoute(`#/${p.route}?x=1`)).toBe(p.route);
    expect(pageOf('#/recommendations').prefetch?.boot).toBeTypeOf('function');
    expect(pageOf('#/nope').route).toBe('prices');
  });

  it('gives Settings every shortcut once, the numbered pages first', () => {
    expect(PAGES_INFO.shortcuts.map((s) => s.id)).toEqual([
      'prices',
      'analytics',
      'recommendations',
      'alerts',
      'portfolio',
      'scanner',
      'palette',
      'settings',
      'back',
      'game',
    ]);
    // Mod is Ctrl or Cmd by platform: set both.
    const ctrl = (key: string) =>
      ({ key, code: '', ctrlKey: true, metaKey: true, altKey: false, shiftKey: false }) as KeyboardEvent;
    expect(PAGES.filter((p) => p.shortcut.matches(ctrl('3'))).map((p) => p.route)).toEqual(['recommendations']);
    expect(PAGES.filter((p) => p.shortcut.matches(ctrl(','))).map((p) => p.route)).toEqual(['settings']);
    expect(PAGES.filter((p) => p.shortcut.matches(ctrl('5'))).map((p) => p.route)).toEqual(['portfolio']);
    expect(PAGES.filter((p) => p.shortcut.matches(ctrl('6'))).map((p) => p.route)).toEqual(['scanner']);
  });

  it('leaves Settings for Prices on Escape, and no other page', () => {
    expect(PAGES.filter((p) => p.escapeTo).map((p) => [p.route, p.escapeTo])).toEqual([['settings', 'prices']]);
  });
});
