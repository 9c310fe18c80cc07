/**
 * The short note after a change on alerts (saved, deleted) and its Undo button: the editor's host and the
 * Alerts page both show one, so it lives apart from either.
 */

/** A short note after a change (saved, deleted), with how to take the change back if it can be. */
export interface UndoNote {
  text: string;
  undo?: () => void;
}

/** The note's Undo button (none when the change can't be taken back); it takes the change back and clears the note. */
export function UndoButton({ note, onDone }: { note: UndoNote; onDone: () => void }) {
  if (!note.undo) return null;
  return (
    <button
      type="button"
      className="btn btn--small"
      onClick={() => {
        note.undo?.();
        onDone();
      }}
    >
      Undo
    </button>
  );
}
