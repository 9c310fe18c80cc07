/** The detail panel's actions: star, copy the name, a new alert or holding, the item's alerts and analytics, close. */
import type { Snapshot } from '../market/model/snapshot';
import { routeHref } from '../lib/route';
import { openAlertEditor } from '../requests/alert-editor';
import { openHoldingEditor } from '../requests/holding-editor';

export interface DetailActionsProps {
  snap: Snapshot;
  name: string;
  watched: boolean;
  /** The item's alerts (a link to the Alerts page when there are any). */
  alertCount: number;
  onToggleWatch(): void;
  onClose(): void;
  announce(text: string): void;
}

export function DetailActions({
  snap,
  name,
  watched,
  alertCount,
  onToggleWatch,
  onClose,
  announce,
}: DetailActionsProps) {
  const game = snap.game;
  return (
    <div className="dp__actions">
      <button
        type="button"
        className={`btn btn--small btn--ghost dp__star${watched ? ' is-on' : ''}`}
        aria-pressed={watched}
        onClick={onToggleWatch}
      >
        {watched ? '★ Starred' : '☆ Star'}
      </button>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        onClick={() => {
          void navigator.clipboard.writeText(name).then(
            () => announce(`Copied ${name}`),
            () => announce('Copy failed'),
          );
        }}
      >
        Copy name
      </button>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        title="A price alert on this item (A on its row)"
        onClick={(e) => openAlertEditor({ mode: 'new', game: game, item: name, snap, returnFocus: e.currentTarget })}
      >
        Alert…
      </button>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        title="Record that you own this item, with its cost (P on its row)"
        onClick={(e) => openHoldingEditor({ mode: 'new', game: game, name, returnFocus: e.currentTarget })}
      >
        Add to portfolio…
      </button>
      {alertCount > 0 ? (
        <a
          className="btn btn--small btn--ghost"
          href={routeHref('alerts')}
          title="This item's alerts, on the Alerts page"
        >
          {alertCount} {alertCount === 1 ? 'alert' : 'alerts'}
        </a>
      ) : null}
      <a
        className="btn btn--small btn--ghost"
        href={routeHref('analytics', { view: 'item', item: name })}
        title="Charts of this item's sales, listings and buy orders"
      >
        Analytics
      </a>
      <button type="button" className="btn btn--small btn--ghost" aria-label="Close details" onClick={onClose}>
        ✕
      </button>
    </div>
  );
}
