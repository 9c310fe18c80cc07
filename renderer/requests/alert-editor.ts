/**
 * How any page opens the alert editor (a grid row, the detail panel, the Alerts page, the palette):
 * openAlertEditor(); <AlertEditorHost> (the Alerts page's background part, on every page) shows it.
 */
import { editorRequests } from '../lib/editor-request';
import type { Snapshot } from '../market/model/snapshot';

export type AlertEditorRequest =
  /** A new alert on an item; `snap`: the prices the opener shows (for "now"), if it has them. */
  { mode: 'new'; game: number; item: string; snap?: Snapshot | null } | { mode: 'edit'; alertId: string };

const requests = editorRequests<AlertEditorRequest>();

export const openAlertEditor = requests.open;
export const closeAlertEditor = requests.close;
/** The editor calls it once its modal dialog is closed (focus back to where it was opened from). */
export const restoreAlertEditorFocus = requests.restoreFocus;
export const useAlertEditorRequest = requests.useRequest;
