/**
 * A failed load and its Retry, said the same way everywhere: what failed (`lead`), why (`message`, and
 * the error's `detail`), what to do (`action`), then the place's own remedies (children: remove a market
 * the service does not know, …) and Retry. Three sizes:
 *  - 'banner': a strip above content still shown (older data) or at the top of the window;
 *  - 'block': in place of the content, when there is none to show;
 *  - 'inline': small, inside a panel or a chart.
 */
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Icon } from './Icon';

export interface ErrorNoticeProps {
  layout: 'banner' | 'block' | 'inline';
  lead?: ReactNode;
  message?: ReactNode;
  detail?: string | null;
  /** The detail behind a "Details" toggle (a technical text the user rarely needs). */
  detailFolded?: boolean;
  action?: ReactNode;
  onRetry?: () => void;
  retryDisabled?: boolean;
  /** Remedies shown before Retry. */
  children?: ReactNode;
  icon?: boolean;
  className?: string;
  /** Inline: the class of the message line. */
  messageClassName?: string;
  testId?: string;
}

export function ErrorNotice({
  layout,
  lead,
  message,
  detail,
  detailFolded = false,
  action,
  onRetry,
  retryDisabled,
  children,
  icon = false,
  className,
  messageClassName,
  testId,
}: ErrorNoticeProps) {
  const retry = onRetry ? (
    <button
      type="button"
      className={layout === 'block' ? 'btn' : 'btn btn--small'}
      onClick={onRetry}
      disabled={retryDisabled}
    >
      Retry
    </button>
  ) : null;
  const leadAndMessage = (
    <>
      {lead ? <strong>{lead}</strong> : null}
      {lead && message ? ' ' : null}
      {message}
    </>
  );
  if (layout === 'block') {
    return (
      <EmptyState
        title={lead}
        alert
        className={className}
        testId={testId}
        actions={
          children || retry ? (
            <>
              {children}
              {retry}
            </>
          ) : null
        }
      >
        {message ? <p className="empty-state__text">{message}</p> : null}
        {detail ? <p className="empty-state__detail">{detail}</p> : null}
        {action ? <p className="empty-state__text">{action}</p> : null}
      </EmptyState>
    );
  }
  const detailPart = detail ? (
    detailFolded ? (
      <details className="banner__details">
        <summary>Details</summary>
        <span className="banner__detail">{detail}</span>
      </details>
    ) : (
      <p className={layout === 'banner' ? 'banner__detail' : 'error-note__detail'}>{detail}</p>
    )
  ) : null;
  if (layout === 'banner') {
    return (
      <div className={className ? `banner ${className}` : 'banner'} data-tone="error" role="alert" data-testid={testId}>
        {icon ? <Icon name="error" /> : null}
        <div className="banner__text">
          <p className="banner__message">{leadAndMessage}</p>
          {detailFolded ? null : detailPart}
          {action ? <p className="banner__action">{action}</p> : null}
          {detailFolded ? detailPart : null}
        </div>
        <div className="banner__actions">
          {children}
          {retry}
        </div>
      </div>
    );
  }
  return (
    <div className={className ? `error-note ${className}` : 'error-note'} role="alert" data-testid={testId}>
      <p className={messageClassName ?? 'error-note__message'}>
        {icon ? (
          <>
            <Icon name="error" />{' '}
          </>
        ) : null}
        {leadAndMessage}
      </p>
      {detailPart}
      {children}
      {retry}
    </div>
  );
}
