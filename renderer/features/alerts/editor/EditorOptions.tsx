/** The alert's switches: net of fees, silent while unstable, and (for an existing alert) enabled. */
import { memo } from 'react';
import type { SetDraftField } from './useAlertDraft';

interface EditorOptionsProps {
  net: boolean;
  silent: boolean;
  enabled: boolean;
  /** Only an existing alert can be switched off here (a new one starts enabled). */
  showEnabled: boolean;
  set: SetDraftField;
}

export const EditorOptions = memo(function EditorOptions({
  net,
  silent,
  enabled,
  showEnabled,
  set,
}: EditorOptionsProps) {
  return (
    <div className="al-checks">
      <label className="check">
        <input type="checkbox" checked={net} onChange={(e) => set('net', e.target.checked)} /> Net of fees
      </label>
      <label className="check">
        <input type="checkbox" checked={silent} onChange={(e) => set('silent', e.target.checked)} /> Stay silent while
        the item is flagged unstable
      </label>
      {showEnabled ? (
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(e) => set('enabled', e.target.checked)} /> Enabled
        </label>
      ) : null}
    </div>
  );
});
