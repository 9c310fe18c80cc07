/**
 * Which alert editor is open (at most one): anything opens it (a grid row, the detail panel, the Alerts page,
 * the palette) with openAlertEditor(); <AlertEditorHost> in the app frame shows it.
 */
import { useSyncExternalStore } from 'react';
import type { Snapshot } from '../../market/model/snapshot';

export type EditorRequest =
  /** A new alert on an item; `snap`: the prices the opener shows (for "now"), if it has them. */
  | { mode: 'new'; game: number; item: string; snap?: Snapshot | null; returnFocus?: HTMLElement | null }
  | { mode: 'edit'; alertId: string; returnFocus?: HTMLElement | null };

let current: EditorRequest | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of [...listeners]) l();
}

export function openAlertEditor(request: EditorRequest): void {
  const focus = request.returnFocus ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  current = { ...request, returnFocus: focus };
  emit();
}

/** Where focus goes once the closed editor's dialog is gone. */
let focusAfterClose: HTMLElement | null = null;

export function closeAlertEditor(): void {
  focusAfterClose = current?.returnFocus ?? null;
  current = null;
  emit();
}

/**
 * Gives focus back to where the editor was opened from; the editor calls it once its modal dialog is closed
 * (until then the page behind it is inert and can't take focus).
 */
export function restoreEditorFocus(): void {
  const focus = focusAfterClose;
  focusAfterClose = null;
  if (focus?.isConnected) focus.focus();
}

export function useEditorRequest(): EditorRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
