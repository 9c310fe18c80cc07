/** The banner under the top bar whenever the connection is not plainly fine (and a quiet one for demo). */
import { useEffect, useState } from 'react';
import { useConnection } from '../platform/connection';
import { NextRetry } from '../ui/NextRetry';
import { APP_PREFERENCES, usePref } from '../lib/preferences';
import type { Route } from '../lib/route';
import { bannerActionsFor, isHealthy, STATE_VIEW, statusWords, type BannerAction } from '../ui/status-view';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Icon } from '../ui/Icon';
import { BannerButton } from './BannerButton';
import { useShownAfter } from './useShownAfter';

export function StatusBanner({ route, onNavigate }: { route: Route; onNavigate: (r: Route) => void }) {
  const { status, problem, retry, switchToDemo: toDemo } = useConnection();
  // Remembered across restarts; a live connection brings the notice back for the next time on demo data.
  const [demoDismissed, setDemoDismissed] = usePref(APP_PREFERENCES.demoNoticeDismissed);
  useEffect(() => {
    if (status?.state === 'connected' && demoDismissed) setDemoDismissed(false);
  }, [status?.state, demoDismissed, setDemoDismissed]);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');

  const switchToDemo = async () => {
    setBusy(true);
    setActionError('');
    try {
      await toDemo();
    } catch (e) {
      setActionError(e instanceof Error ? e.message : 'Could not switch to demo data.');
    } finally {
      setBusy(false);
    }
  };

  const button = (a: BannerAction) =>
    a === 'settings' && route === 'settings' ? null : (
      <BannerButton key={a} action={a} busy={busy} onNavigate={onNavigate} onRetry={retry} onDemo={switchToDemo} />
    );

  // A connect usually settles within a second: show 'connecting' only when it takes longer (no flicker).
  const connecting = status?.state === 'connecting';
  const showConnecting = useShownAfter(connecting, 800);

  if (problem) {
    return (
      <ErrorNotice
        layout="banner"
        icon
        lead={problem.message}
        action="Press Retry; if this keeps happening, restart Market Desk."
        detail={problem.detail}
        detailFolded
        onRetry={retry}
        testId="status-banner"
      />
    );
  }
  if (!status) return null;
  // A locked keyring needs the user (unlock, Retry), so it shows even where the demo notice would not.
  const locked = status.keyStorage === 'keyring-locked';
  const tone = locked ? 'warn' : STATE_VIEW[status.state].tone;
  if (status.state === 'connected') return null;
  if (connecting && !showConnecting) return null;
  if (status.state === 'demo' && !locked && (demoDismissed || route === 'settings')) return null;

  const words = statusWords(status);
  const healthy = isHealthy(status.state) && !locked;
  return (
    <div
      className="banner"
      data-tone={tone}
      data-state={status.state}
      role={healthy || status.state === 'connecting' ? 'status' : 'alert'}
      data-testid="status-banner"
    >
      <Icon name={tone === 'busy' ? 'spinner' : tone === 'info' ? 'info' : tone === 'warn' ? 'warn' : 'error'} />
      <div className="banner__text">
        <strong className="banner__message">{words.message}</strong>
        {words.action ? <span className="banner__action">{words.action}</span> : null}
        {status.state === 'offline' || status.state === 'server-error' ? <NextRetry at={status.nextRetryAt} /> : null}
        {actionError ? <span className="banner__detail">{actionError}</span> : null}
      </div>
      <div className="banner__actions">
        {bannerActionsFor(status).map(button)}
        {status.state === 'demo' && !locked ? (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            aria-label="Dismiss the demo data notice"
            onClick={() => setDemoDismissed(true)}
          >
            Dismiss
          </button>
        ) : null}
      </div>
    </div>
  );
}
