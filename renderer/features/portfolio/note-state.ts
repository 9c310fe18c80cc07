/**
 * The one note after a portfolio change (saved, split, deleted, imported…) with its Undo: the Portfolio page
 * shows it in place, any other page as a toast (the editor opened from Prices or the palette). One note at a
 * time, so a change never leaves two Undo buttons behind.
 */
import { createStore, useStore } from '../../lib/store';

/** What a change did, in a sentence, and how to take it back (none once it can no longer be undone). */
export interface UndoNote {
  text: string;
  undo?: () => Promise<void>;
}

const current = createStore<UndoNote | null>(null);

export function showNote(note: UndoNote | null): void {
  current.set(note);
}

/**
 * Another tab changed the portfolio: an Undo built on what this tab wrote would take back that tab's work
 * too, so the note stays (it says what was done) without its Undo.
 */
export function dropUndo(): void {
  const note = current.get();
  if (note?.undo) showNote({ text: `${note.text} Changed in another window since: Undo is no longer offered.` });
}

/** Clears the note if it is still this one (a later note stays). */
export function dropNote(note: UndoNote): void {
  if (current.get() === note) showNote(null);
}

export function useNote(): UndoNote | null {
  return useStore(current);
}
