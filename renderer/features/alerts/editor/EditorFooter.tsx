/** The editor's buttons: Delete (an existing alert), Cancel, and Create or Save (the form's submit). */
import { memo } from 'react';
import { closeAlertEditor } from '../../../requests/alert-editor';

interface EditorFooterProps {
  editing: boolean;
  /** Saving, or the alert is gone. */
  submitDisabled: boolean;
  onDelete(): Promise<void>;
}

export const EditorFooter = memo(function EditorFooter({ editing, submitDisabled, onDelete }: EditorFooterProps) {
  return (
    <footer className="al-form__foot">
      {editing ? (
        <button type="button" className="btn btn--danger" onClick={() => void onDelete()}>
          Delete
        </button>
      ) : null}
      <span className="al-spacer" />
      <button type="button" className="btn" onClick={closeAlertEditor}>
        Cancel
      </button>
      <button type="submit" className="btn btn--primary" disabled={submitDisabled}>
        {editing ? 'Save alert' : 'Create alert'}
      </button>
    </footer>
  );
});
