/** A note after a change (saved, split, deleted, imported) and its Undo button; an Undo that fails says so. */
import { useState } from 'react';
import type { UndoNote } from './runtime';

export function UndoNoteBar({ note, onDone }: { note: UndoNote; onDone(): void }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <span className="pf-note-bar" role="status" data-testid="pf-undo-note">
      <span>{failed ?? note.text}</span>
      {note.undo && !failed ? (
        <button
          type="button"
          className="btn btn--small"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            note.undo?.().then(onDone, (e: unknown) => {
              setBusy(false);
              setFailed(`Undo failed: ${e instanceof Error ? e.message : String(e)}`);
            });
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
