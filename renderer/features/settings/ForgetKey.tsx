/**
 * "Forget key" asks first. A forgotten key can't be brought back by Market Desk (the host deletes it and never
 * had a way to show it to the page), so a stray click must not cost the user a key they may have to look up
 * at their service again. The question says what is deleted where; Keep key is the focused, safe answer, and
 * Escape gives it too.
 */
import { useEffect, useRef } from 'react';
import type { ConnectionStatus } from '../../../shared/api/status';
import { Icon } from '../../ui/Icon';

const AFTER =
  'Market Desk then shows demo data. This cannot be undone: to connect again, you will have to type it again.';

/** The question and what answering it deletes, for where the key is kept. */
export function forgetKeyQuestion(status: ConnectionStatus): { question: string; consequence: string } {
  const question = 'Forget your API key?';
  switch (status.keyStorage) {
    case 'file-0600':
      return { question, consequence: `Its key file is deleted. ${AFTER}` };
    case 'memory':
    case 'session-only':
      return { question, consequence: `Market Desk stops using it (it is not saved on disk). ${AFTER}` };
    default:
      return { question, consequence: `It is deleted from this computer. ${AFTER}` };
  }
}

export interface ForgetKeyProps {
  status: ConnectionStatus;
  confirming: boolean;
  /** Another action (or this one) is running: the buttons wait. */
  busy: boolean;
  forgetting?: boolean;
  onAsk(): void;
  onCancel(): void;
  onForget(): void;
}

export function ForgetKey({ status, confirming, busy, forgetting = false, onAsk, onCancel, onForget }: ForgetKeyProps) {
  const askButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(confirming);
  // Closing the question (Keep key, Escape) puts focus back where it was.
  useEffect(() => {
    if (wasConfirming.current && !confirming) askButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        ref={askButton}
        type="button"
        className="btn btn--danger"
        disabled={busy}
        onClick={onAsk}
        aria-haspopup="dialog"
      >
        Forget key…
      </button>
    );
  }
  const { question, consequence } = forgetKeyQuestion(status);
  return (
    <div
      className="notice"
      data-tone="error"
      role="alertdialog"
      aria-label={question}
      data-testid="forget-key-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !busy) {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="notice__text">
        <strong>{question}</strong>
        <span>{consequence}</span>
        <span className="form__actions">
          <button type="button" className="btn btn--danger" disabled={busy} onClick={onForget}>
            {forgetting ? <Icon name="spinner" /> : null}
            Forget key
          </button>
          {/* The safe answer takes focus when the question opens. */}
          <button type="button" className="btn" disabled={busy} onClick={onCancel} autoFocus>
            Keep key
          </button>
        </span>
      </div>
    </div>
  );
}
