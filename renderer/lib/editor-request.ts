/**
 * Which editor dialog of one kind is open (at most one), for an editor any page may open: the opener asks
 * with open(request), the editor's host (mounted on every page) shows use()'s request, and focus goes back to
 * where it was opened from when it closes. Not at close(): the modal dialog is still up then and the page
 * behind it inert (https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-showmodal),
 * so the editor calls restoreFocus() once its dialog is gone.
 */
import { createStore, useStore } from './store';

/** What focus goes back to: an element (a removed one is skipped). */
export interface Focusable {
  focus(): void;
  readonly isConnected: boolean;
}

/** A request's own fields plus where it was opened from (default: the focused element at open()). */
export type WithReturnFocus<R> = R & { returnFocus?: Focusable | null };

export interface EditorRequests<R> {
  open(request: WithReturnFocus<R>): void;
  close(): void;
  /** Gives focus back to the closed editor's opener, once; the editor calls it when its dialog is gone. */
  restoreFocus(): void;
  /** The open request (null: none), for the editor's host. */
  useRequest(): WithReturnFocus<R> | null;
}

function focusedElement(): Focusable | null {
  return typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
    ? document.activeElement
    : null;
}

export function editorRequests<R extends object>(): EditorRequests<R> {
  const current = createStore<WithReturnFocus<R> | null>(null);
  /** Where focus goes once the closed editor's dialog is gone (null: nowhere, e.g. replaced by another). */
  let focusAfterClose: Focusable | null = null;
  return {
    open(request) {
      focusAfterClose = null;
      current.set({ ...request, returnFocus: request.returnFocus ?? focusedElement() });
    },
    close() {
      focusAfterClose = current.get()?.returnFocus ?? null;
      current.set(null);
    },
    restoreFocus() {
      const focus = focusAfterClose;
      focusAfterClose = null;
      if (focus?.isConnected) focus.focus();
    },
    useRequest: () => useStore(current),
  };
}
