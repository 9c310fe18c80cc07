/** The window: top bar, connection banner, the page, the status bar; and the global shortcuts. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { GAMES } from '../../shared/catalog/games';
import { PAGES, PAGES_INFO, Palette } from './pages';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { runWhenIdle } from '../lib/idle';
import { PagesContext } from '../lib/pages';
import { writePreference, APP_PREFERENCES, useAppliedTheme } from '../lib/preferences';
import { useRoute } from '../lib/route';
import { isTypingTarget, SHORTCUTS, useGlobalKeys } from '../lib/shortcuts';
import { StatusBanner } from './StatusBanner';
import { StatusBar } from './StatusBar';
import { TopBar } from './TopBar';
import { TopBarSlotContext } from '../ui/topbar-slot';
import { MarketEngineProvider } from '../market/engine/MarketEngineProvider';
import { useConnection } from '../platform/connection';
import { RatesProvider } from './RatesProvider';
import { CurrencyProvider } from '../market/currency/CurrencyProvider';

/** What each page starts in idle time after launch (the Recommendations page's worker). */
const IDLE_PREFETCH = PAGES.flatMap((p) => (p.prefetch?.idle ? [p.prefetch.idle] : []));

/** The exchange rates and the market engine around the whole window: every poll of the app, whatever page is open. */
export function App() {
  const { api } = useConnection();
  return (
    <RatesProvider api={api}>
      <MarketEngineProvider>
        <CurrencyProvider>
          <Desk />
        </CurrencyProvider>
      </MarketEngineProvider>
    </RatesProvider>
  );
}

function Desk() {
  const [route, go] = useRoute();
  const page = PAGES.find((p) => p.route === route) ?? (PAGES[0] as (typeof PAGES)[number]);
  useAppliedTheme();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const main = useRef<HTMLElement>(null);
  const firstRoute = useRef(true);

  const onKey = useCallback(
    (e: KeyboardEvent): boolean => {
      const target = PAGES.find((p) => p.shortcut.matches(e));
      if (target) {
        go(target.route);
        return true;
      }
      if (SHORTCUTS.game.matches(e)) {
        const game = GAMES[Number(e.code.slice(-1)) - 1];
        if (game) writePreference(APP_PREFERENCES.game, game.id);
        return true;
      }
      if (page.escapeTo && SHORTCUTS.back.matches(e) && !isTypingTarget(e.target)) {
        go(page.escapeTo);
        return true;
      }
      return false;
    },
    [go, page],
  );
  useGlobalKeys(onKey);

  // Pages' workers, started and warmed in idle time (their first load then starts at once).
  useEffect(() => runWhenIdle(IDLE_PREFETCH, 5000), []);

  // After a page change, put focus at the top of the new page (not on first load).
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false;
      return;
    }
    const heading = main.current?.querySelector<HTMLElement>('[data-page-heading]');
    (heading ?? main.current)?.focus({ preventScroll: false });
  }, [route]);

  return (
    <PagesContext.Provider value={PAGES_INFO}>
      <TopBarSlotContext.Provider value={slot}>
        <div className="app" data-route={route}>
          <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
            Skip to content
          </button>
          <TopBar route={route} slotRef={setSlot} />
          <StatusBanner route={route} onNavigate={go} />
          <main ref={main} id="main" className={`app__main app__main--${route}`} tabIndex={-1} aria-label={page.label}>
            <ErrorBoundary what={page.what}>
              <page.Screen />
            </ErrorBoundary>
          </main>
          <StatusBar />
          <Palette />
          {PAGES.map(({ route: r, what, Background }) =>
            Background ? (
              <ErrorBoundary key={r} what={what}>
                <Background />
              </ErrorBoundary>
            ) : null,
          )}
        </div>
      </TopBarSlotContext.Provider>
    </PagesContext.Provider>
  );
}
