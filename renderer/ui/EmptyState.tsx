/**
 * Where a view's content would be when there is none to show (loading, waiting for the service, nothing
 * matches, a failed first load): a title, lines of text (children, `empty-state__text` paragraphs), and
 * actions, centred. `overlay`: over a list that has no rows, so its header stays in sight.
 */
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  overlay?: boolean;
  className?: string;
  testId?: string;
  busy?: boolean;
  /** Announced at once (an error). */
  alert?: boolean;
}

export function EmptyState({
  title,
  children,
  actions,
  overlay = false,
  className,
  testId,
  busy,
  alert = false,
}: EmptyStateProps) {
  const cls = ['empty-state', overlay ? 'empty-state--overlay' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={cls} role={alert ? 'alert' : undefined} aria-busy={busy} data-testid={testId}>
      <p className="empty-state__title">{title}</p>
      {children}
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </div>
  );
}
