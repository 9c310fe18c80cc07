/**
 * Which alert editor is open (at most one): anything opens it (a grid row, the detail panel, the Alerts page,
 * the palette) with openAlertEditor(); <AlertEditorHost> in the app frame shows it.
 */
import { useSyncExternalStore } from 'react';
import type { Snapshot } from '../grid/model/snapshot';

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

export function closeAlertEditor(): void {
  const focus = current?.returnFocus;
  current = null;
  emit();
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
