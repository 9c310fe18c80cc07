import { useCallback, useRef, type KeyboardEvent } from 'react';
import { GAMES, type GameId } from '../../shared/catalog/games';
import { useConnection } from '../platform/connection';
import { useSelectedGame } from '../lib/preferences';
import type { PageDescriptor } from '../lib/pages';
import { routeHref, type Route } from '../lib/route';
import { PAGES } from './pages';
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
        {PAGES.map((p) => (
          <PageTab key={p.route} page={p} current={route === p.route} />
        ))}
      </nav>
      <span className="topbar__sep" aria-hidden="true" />
      <GameSwitch />
      <div className="topbar__slot" ref={slotRef} />
      <StatusPill />
    </header>
  );
}

/** A page's tab: its label, its badge (the Alerts page's new firings), its shortcut. */
function PageTab({ page, current }: { page: PageDescriptor; current: boolean }) {
  const { route, label, shortLabel, shortcut, Badge } = page;
  const hover = page.prefetch?.hover;
  const warm = hover ? () => hover() : undefined;
  return (
    <a
      className="nav__tab"
      href={routeHref(route)}
      aria-current={current ? 'page' : undefined}
      data-testid={`nav-${route}`}
      onPointerEnter={warm}
      onFocus={warm}
    >
      {shortLabel ? (
        <>
          <span className="nav__label">{label}</span>
          <span className="nav__label--short" aria-hidden="true">
            {shortLabel}
          </span>
        </>
      ) : (
        label
      )}
      {Badge ? <Badge current={current} /> : null} <kbd className="kbd">{shortcut.keys}</kbd>
    </a>
  );
}

/** The game the Prices page shows: a radio group (arrow keys move, like any radio group). */
function GameSwitch() {
  const [game, setGame] = useSelectedGame();
  const refs = useRef(new Map<GameId, HTMLButtonElement>());
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      const dir =
        e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
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

function StatusPill() {
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
