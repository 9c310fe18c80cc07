/**
 * Which holding editor is open (at most one): the Prices grid, the detail panel, the palette and the
 * Portfolio page open it with openHoldingEditor(); <HoldingEditorHost>, mounted on every page (the page
 * descriptor's Background), shows it.
 */
import { useSyncExternalStore } from 'react';

export type HoldingEditorRequest =
  /** A new holding, the item prefilled when the opener has one. */
  | { mode: 'new'; game: number; name?: string; returnFocus?: HTMLElement | null }
  | { mode: 'edit'; holdingId: string; returnFocus?: HTMLElement | null };

let current: HoldingEditorRequest | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of [...listeners]) l();
}

export function openHoldingEditor(request: HoldingEditorRequest): void {
  const focus = request.returnFocus ?? (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null);
  current = { ...request, returnFocus: focus };
  emit();
}

export function closeHoldingEditor(): void {
  current = null;
  emit();
}

export function useHoldingEditorRequest(): HoldingEditorRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
