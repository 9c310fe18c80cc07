/**
 * Where the holding editor lives: mounted on every page (the Portfolio descriptor's Background), it shows the
 * editor when one is requested (requests/holding-editor.ts) and, on pages other than the Portfolio (which shows it in
 * place), the note after a change as a toast for a few seconds, with Undo.
 */
import { useEffect } from 'react';
import { useRoute } from '../../lib/route';
import { useHoldingEditorRequest } from '../../requests/holding-editor';
import { HoldingEditor } from './HoldingEditor';
import { dropNote, showNote, useNote } from './note-state';
import { UndoNoteBar } from './UndoNoteBar';

const TOAST_MS = 8000;

export function HoldingEditorHost() {
  const request = useHoldingEditorRequest();
  const note = useNote();
  const [route] = useRoute();
  const toast = note && route !== 'portfolio' ? note : null;
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dropNote(toast), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <>
      {request ? (
        <HoldingEditor
          key={request.mode === 'new' ? `new:${request.game}:${request.name ?? ''}` : `edit:${request.holdingId}`}
          request={request}
          onDone={showNote}
        />
      ) : null}
      {toast ? (
        <div className="pf-toast" data-testid="pf-editor-toast">
          <UndoNoteBar note={toast} onDone={() => dropNote(toast)} />
        </div>
      ) : null}
    </>
  );
}
