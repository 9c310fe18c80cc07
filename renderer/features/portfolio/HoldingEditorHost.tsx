/**
 * Where the holding editor lives: mounted on every page (the Portfolio descriptor's Background), it shows the
 * editor when one is requested (editor-state.ts) and, after a save, a note for a few seconds with Undo.
 */
import { useEffect, useRef, useState } from 'react';
import { useHoldingEditorRequest } from './editor-state';
import { HoldingEditor } from './HoldingEditor';
import type { UndoNote } from './runtime';
import { UndoNoteBar } from './UndoNoteBar';

const NOTE_MS = 8000;

export function HoldingEditorHost() {
  const request = useHoldingEditorRequest();
  const [note, setNote] = useState<UndoNote | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const say = (n: UndoNote) => {
    setNote(n);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setNote(null), NOTE_MS);
  };
  return (
    <>
      {request ? <HoldingEditor key={request.mode === 'new' ? `new:${request.game}:${request.name ?? ''}` : `edit:${request.holdingId}`} request={request} onDone={say} /> : null}
      {note ? (
        <div className="pf-toast" data-testid="pf-editor-toast">
          <UndoNoteBar note={note} onDone={() => setNote(null)} />
        </div>
      ) : null}
    </>
  );
}
