/**
 * The editor's modal dialog: shown on mount with the first field focused and its text selected; on unmount
 * closed, then focus goes back to where the editor was opened from (only once the page is no longer inert).
 */
import { useEffect, type RefObject } from 'react';
import { restoreAlertEditorFocus } from '../../../requests/alert-editor';

export function useEditorDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  firstRef: RefObject<HTMLInputElement | null>,
): void {
  useEffect(() => {
    const d = dialogRef.current;
    if (d && !d.open) d.showModal();
    const first = firstRef.current;
    first?.focus();
    first?.select();
    return () => {
      d?.close();
      restoreAlertEditorFocus();
    };
    // Ref objects keep their identity: this runs once, on mount.
  }, [dialogRef, firstRef]);
}
