/**
 * The portfolio's modal dialogs: a native <dialog> shown with showModal() on mount (the page behind is
 * inert, Tab stays inside: https://html.spec.whatwg.org/multipage/interactive-elements.html#dom-dialog-showmodal),
 * Escape closes through `onClose` (the `cancel` event), and focus goes back to where it was opened from
 * once the dialog is gone.
 */
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

interface PfDialogProps {
  title: string;
  /** Under the title: the item, what the dialog is about. */
  subtitle?: ReactNode;
  onClose(): void;
  children: ReactNode;
  testId: string;
  /** Focused on open (else the first field). */
  initialFocus?: RefObject<HTMLElement | null>;
  wide?: boolean;
  /**
   * Runs once the dialog is gone, instead of focusing what had focus when it opened: the holding editor's
   * request knows its opener (requests/holding-editor.ts).
   */
  onGone?: () => void;
}

export function PfDialog({ title, subtitle, onClose, children, testId, initialFocus, wide, onGone }: PfDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (d && !d.open) d.showModal();
    const first =
      initialFocus?.current ?? d?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button');
    first?.focus();
    if (first instanceof HTMLInputElement) first.select();
    return () => {
      d?.close();
      // The page is no longer inert once the dialog is closed: focus can go back now.
      if (onGone) onGone();
      else if (back?.isConnected) back.focus();
    };
    // Runs once, on mount: refs keep their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog pf-dialog${wide ? ' pf-dialog--wide' : ''}`}
      aria-labelledby={`${id}-t`}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="pf-dialog__head">
        <h2 id={`${id}-t`} className="pf-dialog__title">
          {title}
        </h2>
        {subtitle ? <div className="pf-dialog__sub">{subtitle}</div> : null}
      </header>
      {children}
    </dialog>
  );
}

/** A labelled field with its hint and its error (announced when it appears); the input gets `props`. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  grow,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (props: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
  grow?: boolean;
}) {
  const describedBy = [error ? `${id}-err` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${grow ? ' pf-grow' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-err`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A dialog's last lines: what went wrong (if anything), then Cancel and the dialog's own action. */
export function DialogFoot({
  failure,
  failureTestId,
  onCancel,
  children,
}: {
  failure: string | null;
  failureTestId?: string;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <>
      {failure ? (
        <p className="pf-problem" role="alert" data-testid={failureTestId}>
          {failure}
        </p>
      ) : null}
      <footer className="pf-form__foot">
        <span className="pf-spacer" />
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        {children}
      </footer>
    </>
  );
}
