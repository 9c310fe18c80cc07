/** One action button of the status banner: Open Settings, Retry now or Use demo data. */
import type { Route } from '../lib/route';
import type { BannerAction } from '../ui/status-view';

export function BannerButton({
  action,
  busy,
  onNavigate,
  onRetry,
  onDemo,
}: {
  action: BannerAction;
  busy: boolean;
  onNavigate: (r: Route) => void;
  onRetry: () => void;
  onDemo: () => Promise<void>;
}) {
  switch (action) {
    case 'settings':
      return (
        <button type="button" className="btn btn--small" onClick={() => onNavigate('settings')}>
          Open Settings
        </button>
      );
    case 'retry':
      return (
        <button type="button" className="btn btn--small" onClick={onRetry}>
          Retry now
        </button>
      );
    case 'demo':
      return (
        <button type="button" className="btn btn--small" disabled={busy} onClick={() => void onDemo()}>
          Use demo data
        </button>
      );
  }
}
