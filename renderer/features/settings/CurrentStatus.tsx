/** The current connection state, in words, at the top of the Connection card. */
import { useConnection } from '../../platform/connection';
import { STATE_VIEW, statusWords } from '../../ui/status-view';

export function CurrentStatus() {
  const { status, problem } = useConnection();
  if (problem) {
    return (
      <div className="current-status" data-tone="error">
        <span className="current-status__dot" aria-hidden="true" />
        <div>
          <p className="current-status__label">Host problem</p>
          <p className="current-status__message">{problem.message}</p>
        </div>
      </div>
    );
  }
  if (!status) {
    return (
      <div className="current-status" data-tone="busy">
        <span className="current-status__dot" aria-hidden="true" />
        <p className="current-status__label">Reading the connection status…</p>
      </div>
    );
  }
  const view = STATE_VIEW[status.state];
  const words = statusWords(status);
  return (
    <div className="current-status" data-tone={view.tone} data-testid="current-status" data-state={status.state}>
      <span className="current-status__dot" aria-hidden="true" />
      <div>
        <p className="current-status__label">
          {view.label}
          {status.state === 'connected' && status.baseUrl ? (
            <span className="current-status__url"> · {status.baseUrl}</span>
          ) : null}
        </p>
        <p className="current-status__message">{words.message}</p>
        {words.action ? <p className="current-status__action">{words.action}</p> : null}
      </div>
    </div>
  );
}
