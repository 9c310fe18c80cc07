import { useCallback, useRef, type KeyboardEvent } from 'react';
import { GAMES, type GameId } from '../../shared/catalog/games';
import { prewarmRecommendations } from '../market/recommendations/api/load';
import { useUnseenCount } from '../features/alerts/hooks';
import { useConnection } from '../platform/connection';
import { useSelectedGame } from '../lib/preferences';
import type { Route } from '../lib/route';
import { SHORTCUTS } from '../lib/shortcuts';
import { STATE_VIEW, statusWords, type Tone } from '../ui/status-view';

export function TopBar({ route, slotRef }: { route: Route; slotRef: (el: HTMLDivElement | null) => void }) {
  return (
    <header className="topbar">
      <div className="brand">
        <svg className="brand__mark" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M1 13 L5 8 L8 10 L14 3" />
          <path d="M10 3 H14 V7" />
        </svg>
        <span className="brand__name">Market Desk</span>
      </div>
      <nav className="nav" aria-label="Main">
        <a className="nav__tab" href="#/prices" aria-current={route === 'prices' ? 'page' : undefined}>
          Prices <kbd className="kbd">{SHORTCUTS.prices.keys}</kbd>
        </a>
        <a className="nav__tab" href="#/analytics" aria-current={route === 'analytics' ? 'page' : undefined}>
          Analytics <kbd className="kbd">{SHORTCUTS.analytics.keys}</kbd>
        </a>
        <a
          className="nav__tab"
          href="#/recommendations"
          aria-current={route === 'recommendations' ? 'page' : undefined}
          onPointerEnter={() => prewarmRecommendations()}
          onFocus={() => prewarmRecommendations()}
        >
          Recommendations <kbd className="kbd">{SHORTCUTS.recommendations.keys}</kbd>
        </a>
        <AlertsTab current={route === 'alerts'} />
        <a className="nav__tab" href="#/settings" aria-current={route === 'settings' ? 'page' : undefined}>
          Settings <kbd className="kbd">{SHORTCUTS.settings.keys}</kbd>
        </a>
      </nav>
      <span className="topbar__sep" aria-hidden="true" />
      <GameSwitch />
      <div className="topbar__slot" ref={slotRef} />
      <StatusPill />
    </header>
  );
}

/** The Alerts tab, with the count of firings since the page was last seen. */
function AlertsTab({ current }: { current: boolean }) {
  const unseen = useUnseenCount();
  return (
    <a className="nav__tab" href="#/alerts" aria-current={current ? 'page' : undefined} data-testid="nav-alerts">
      Alerts
      {unseen > 0 && !current ? (
        <span className="nav__badge" data-testid="alerts-unseen">
          {unseen > 99 ? '99+' : unseen}
          <span className="visually-hidden"> new</span>
        </span>
      ) : null}{' '}
      <kbd className="kbd">{SHORTCUTS.alerts.keys}</kbd>
    </a>
  );
}

/** The game the Prices page shows: a radio group (arrow keys move, like any radio group). */
export function GameSwitch() {
  const [game, setGame] = useSelectedGame();
  const refs = useRef(new Map<GameId, HTMLButtonElement>());
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const dir = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
      if (!dir) return;
      e.preventDefault();
      const i = GAMES.findIndex((g) => g.id === game);
      const next = GAMES[(i + dir + GAMES.length) % GAMES.length];
      if (!next) return;
      setGame(next.id);
      refs.current.get(next.id)?.focus();
    },
    [game, setGame],
  );
  return (
    <div className="segmented" role="radiogroup" aria-label="Game" onKeyDown={onKeyDown}>
      {GAMES.map((g) => (
        <button
          key={g.id}
          ref={(el) => {
            if (el) refs.current.set(g.id, el);
            else refs.current.delete(g.id);
          }}
          type="button"
          role="radio"
          aria-checked={g.id === game}
          tabIndex={g.id === game ? 0 : -1}
          className="segmented__item"
          title={g.name}
          onClick={() => setGame(g.id)}
        >
          {g.short}
        </button>
      ))}
    </div>
  );
}

export function StatusPill() {
  const { status, problem } = useConnection();
  let tone: Tone;
  let label: string;
  let title: string;
  let state: string;
  if (problem) {
    tone = 'error';
    label = 'Host problem';
    title = problem.message;
    state = 'host-problem';
  } else if (!status) {
    tone = 'busy';
    label = 'Starting\u2026';
    title = 'Reading the connection status\u2026';
    state = 'loading';
  } else {
    ({ tone, label } = STATE_VIEW[status.state]);
    const w = statusWords(status);
    title = [w.message, w.action].filter(Boolean).join(' ');
    state = status.state;
  }
  return (
    <a
      className="pill"
      href="#/settings"
      data-tone={tone}
      data-state={state}
      data-testid="status-pill"
      title={title}
      aria-label={`Connection: ${label}. ${title} Open Settings.`}
    >
      <span className="pill__dot" aria-hidden="true" />
      <span className="pill__label">{label}</span>
    </a>
  );
}
