/**
 * Keyboard shortcuts. The list is shown in the UI (nav tabs, palette, Settings), so it is data: the pages'
 * own come with their descriptors (lib/pages.ts), the others are here.
 */
import { useEffect } from 'react';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
const MOD = IS_MAC ? '\u2318' : 'Ctrl';

export interface Shortcut {
  id: string;
  /** Shown to people, e.g. "Ctrl+,". */
  keys: string;
  description: string;
  matches(e: KeyboardEvent): boolean;
}

const mod = (e: KeyboardEvent) => (IS_MAC ? e.metaKey : e.ctrlKey) && !e.altKey;

/** Mod+digit: the numbered pages' shortcut (a PageDescriptor's `shortcut`). */
export function pageShortcut(id: string, digit: number, label: string): Shortcut {
  const key = String(digit);
  return {
    id,
    keys: `${MOD}+${key}`,
    description: `Go to ${label}`,
    matches: (e) => mod(e) && !e.shiftKey && e.key === key,
  };
}

/** The shortcuts that are not a numbered page's (Settings' own is here: the palette's action shows it too). */
export const SHORTCUTS = {
  palette: {
    id: 'palette',
    keys: `${MOD}+K`,
    description: 'Command palette: jump to an item, page or game, or run an action',
    matches: (e) => mod(e) && !e.shiftKey && (e.key === 'k' || e.key === 'K'),
  },
  settings: { id: 'settings', keys: `${MOD}+,`, description: 'Open Settings', matches: (e) => mod(e) && e.key === ',' },
  back: {
    id: 'back',
    keys: 'Esc',
    description: 'Leave Settings (when no field has focus)',
    matches: (e) => e.key === 'Escape' && !e.ctrlKey && !e.metaKey && !e.altKey,
  },
  game: {
    id: 'game',
    keys: 'Alt+Shift+1\u20134',
    description: 'Switch game (CS2, TF2, Dota 2, Rust)',
    matches: (e) => e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && /^Digit[1-4]$/.test(e.code),
  },
} satisfies Record<string, Shortcut>;

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(type);
  }
  return false;
}

/** Window-level key handler; `handler` returns true when it used the event. */
export function useGlobalKeys(handler: (e: KeyboardEvent) => boolean): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (handler(e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [handler]);
}
