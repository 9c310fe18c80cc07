/** The window: top bar, connection banner, the page, the status bar; and the global shortcuts. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { GAMES } from '../../shared/catalog/games';
import { AnalyticsScreen } from '../features/analytics/AnalyticsScreen';
import { GridScreen } from '../features/prices';
import { RecommendationsScreen } from '../features/recommendations/RecommendationsScreen';
import { prewarmRecommendations } from '../market/recommendations/api/load';
import { Palette } from '../features/palette/Palette';
import { AlertEditorHost } from '../features/alerts/AlertEditor';
import { AlertsScreen } from '../features/alerts/AlertsScreen';
import { AlertsWatcher } from '../features/alerts/AlertsWatcher';
import { SettingsScreen } from '../features/settings/SettingsScreen';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { runWhenIdle } from '../lib/idle';
import { writePreference, APP_PREFERENCES, useAppliedTheme } from '../lib/preferences';
import { useRoute, type Route } from '../lib/route';
import { isTypingTarget, SHORTCUTS, useGlobalKeys } from '../lib/shortcuts';
import { StatusBanner } from './StatusBanner';
import { StatusBar } from './StatusBar';
import { TopBar } from './TopBar';
import { TopBarSlotContext } from '../ui/topbar-slot';

const PAGE_LABEL: Record<Route, string> = { prices: 'Prices', analytics: 'Analytics', recommendations: 'Recommendations', alerts: 'Alerts', settings: 'Settings' };

export function App() {
  const [route, go] = useRoute();
  useAppliedTheme();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const main = useRef<HTMLElement>(null);
  const firstRoute = useRef(true);

  const onKey = useCallback(
    (e: KeyboardEvent): boolean => {
      if (SHORTCUTS.settings.matches(e)) {
        go('settings');
        return true;
      }
      if (SHORTCUTS.prices.matches(e)) {
        go('prices');
        return true;
      }
      if (SHORTCUTS.analytics.matches(e)) {
        go('analytics');
        return true;
      }
      if (SHORTCUTS.recommendations.matches(e)) {
        go('recommendations');
        return true;
      }
      if (SHORTCUTS.alerts.matches(e)) {
        go('alerts');
        return true;
      }
      if (SHORTCUTS.game.matches(e)) {
        const game = GAMES[Number(e.code.slice(-1)) - 1];
        if (game) writePreference(APP_PREFERENCES.game, game.id);
        return true;
      }
      if (route === 'settings' && SHORTCUTS.back.matches(e) && !isTypingTarget(e.target)) {
        go('prices');
        return true;
      }
      return false;
    },
    [go, route],
  );
  useGlobalKeys(onKey);

  // The Recommendations page's worker, started and warmed in idle time (its first load then starts at once).
  useEffect(() => runWhenIdle([() => prewarmRecommendations()], 5000), []);

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
    <TopBarSlotContext.Provider value={slot}>
      <div className="app" data-route={route}>
        <button type="button" className="skip-link" onClick={() => main.current?.focus()}>
          Skip to content
        </button>
        <TopBar route={route} slotRef={setSlot} />
        <StatusBanner route={route} onNavigate={go} />
        <main
          ref={main}
          id="main"
          className={`app__main app__main--${route}`}
          tabIndex={-1}
          aria-label={PAGE_LABEL[route]}
        >
          {route === 'prices' ? (
            <ErrorBoundary what="The price grid">
              <GridScreen />
            </ErrorBoundary>
          ) : route === 'recommendations' ? (
            <ErrorBoundary what="Recommendations">
              <RecommendationsScreen />
            </ErrorBoundary>
          ) : route === 'alerts' ? (
            <ErrorBoundary what="Alerts">
              <AlertsScreen />
            </ErrorBoundary>
          ) : route === 'analytics' ? (
            <ErrorBoundary what="Analytics">
              <AnalyticsScreen />
            </ErrorBoundary>
          ) : (
            <ErrorBoundary what="Settings">
              <SettingsScreen />
            </ErrorBoundary>
          )}
        </main>
        <StatusBar />
        <Palette />
        <ErrorBoundary what="Alerts">
          <AlertsWatcher />
          <AlertEditorHost />
        </ErrorBoundary>
      </div>
    </TopBarSlotContext.Provider>
  );
}
