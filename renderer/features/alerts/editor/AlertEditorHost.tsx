/**
 * Where the alert editor lives: mounted once in the app frame, it shows the editor when one is requested
 * (requests/alert-editor.ts) and, after a save or a delete, a note for a few seconds (announced, with Undo).
 */
import { useEffect, useRef, useState } from 'react';
import { AlertEditor } from './AlertEditor';
import { useAlertEditorRequest } from '../../../requests/alert-editor';
import { UndoButton, type UndoNote } from '../UndoNote';

/** How long the note after a save or a delete stays. */
const NOTE_MS = 6000;

/** Shows the editor when one is requested (mounted once, in the app frame), and a note after a save. */
export function AlertEditorHost() {
  const request = useAlertEditorRequest();
  const [note, setNote] = useState<UndoNote | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const say = (text: string, undo?: () => void) => {
    setNote({ text, undo });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setNote(null), NOTE_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <>
      {request ? (
        <AlertEditor
          key={request.mode === 'new' ? `new:${request.game}:${request.item}` : `edit:${request.alertId}`}
          request={request}
          onDone={say}
        />
      ) : null}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="alerts-announce">
        {note?.text ?? ''}
      </div>
      {note ? (
        <div className="al-toast" data-testid="alerts-toast">
          <span>{note.text}</span>
          <UndoButton note={note} onDone={() => setNote(null)} />
        </div>
      ) : null}
    </>
  );
}
