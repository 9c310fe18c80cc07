/**
 * The one note after a portfolio change (saved, split, deleted, imported…) with its Undo: the Portfolio page
 * shows it in place, any other page as a toast (the editor opened from Prices or the palette). One note at a
 * time, so a change never leaves two Undo buttons behind.
 */
import { useSyncExternalStore } from 'react';
import type { UndoNote } from './runtime';

let current: UndoNote | null = null;
const listeners = new Set<() => void>();

export function showNote(note: UndoNote | null): void {
  current = note;
  for (const l of [...listeners]) l();
}

/** Clears the note if it is still this one (a later note stays). */
export function dropNote(note: UndoNote): void {
  if (current === note) showNote(null);
}

export function useNote(): UndoNote | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
