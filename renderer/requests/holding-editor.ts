/**
 * How any page opens the holding editor (the Prices grid, the detail panel, the palette, the Portfolio
 * page): openHoldingEditor(); <HoldingEditorHost> (the Portfolio page's background part, on every page)
 * shows it.
 */
import { editorRequests } from '../lib/editor-request';

export type HoldingEditorRequest =
  /** A new holding, the item prefilled when the opener has one. */
  { mode: 'new'; game: number; name?: string } | { mode: 'edit'; holdingId: string };

const requests = editorRequests<HoldingEditorRequest>();

export const openHoldingEditor = requests.open;
export const closeHoldingEditor = requests.close;
/** The editor calls it once its modal dialog is closed (focus back to where it was opened from). */
export const restoreHoldingEditorFocus = requests.restoreFocus;
export const useHoldingEditorRequest = requests.useRequest;
