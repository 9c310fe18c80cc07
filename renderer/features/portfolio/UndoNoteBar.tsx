/** A note after a change (saved, split, deleted, imported) and its Undo button; an Undo that fails says so. */
import { useState } from 'react';
import type { UndoNote } from './portfolio-state';

export function UndoNoteBar({ note, onDone }: { note: UndoNote; onDone(): void }) {
  // Kept with the note it is about: a new note starts clean.
  const [state, setState] = useState<{ note: UndoNote; busy: boolean; failed: string | null } | null>(null);
  const busy = state?.note === note && state.busy;
  const failed = state?.note === note ? state.failed : null;
  return (
    <span className="pf-note-bar" role="status" data-testid="pf-undo-note">
      <span>{failed ?? note.text}</span>
      {note.undo && !failed ? (
        <button
          type="button"
          className="btn btn--small"
          disabled={busy}
          onClick={() => {
            setState({ note, busy: true, failed: null });
            note
              .undo?.()
              .then(onDone, (e: unknown) =>
                setState({ note, busy: false, failed: `Undo failed: ${e instanceof Error ? e.message : String(e)}` }),
              );
          }}
        >
          Undo
        </button>
      ) : null}
      <button type="button" className="btn btn--small btn--ghost" aria-label="Dismiss the note" onClick={onDone}>
        ×
      </button>
    </span>
  );
}
