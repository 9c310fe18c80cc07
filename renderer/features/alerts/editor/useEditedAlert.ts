/**
 * What the editor is about: the alert being edited (if any), its item and game, its last checked state,
 * and whether it was deleted elsewhere while the dialog is open.
 */
import type { AlertEditorRequest } from '../../../requests/alert-editor';
import { useAlerts } from '../hooks';
import type { Alert, AlertState } from '../model/types';

export interface EditedAlert {
  /** The alert edited; null for a new one (or while the alerts load, or once it is gone). */
  existing: Alert | null;
  game: number;
  item: string;
  /** The edited alert's state at the last check (its last value). */
  state: AlertState | undefined;
  /** The alert was deleted elsewhere while editing. */
  gone: boolean;
}

export function useEditedAlert(request: AlertEditorRequest): EditedAlert {
  const view = useAlerts();
  const existing = request.mode === 'edit' ? (view.alerts.find((a) => a.id === request.alertId) ?? null) : null;
  return {
    existing,
    game: request.mode === 'new' ? request.game : (existing?.game ?? 0),
    item: request.mode === 'new' ? request.item : (existing?.item ?? ''),
    state: existing ? view.states.get(existing.id) : undefined,
    gone: request.mode === 'edit' && view.ready && !existing,
  };
}
