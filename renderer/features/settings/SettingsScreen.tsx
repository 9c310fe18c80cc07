/**
 * Settings: the connection (Base URL, API key, demo), the grid's market list and fees, a connection test,
 * display preferences, shortcuts.
 */
import { useConnection } from '../../platform/connection';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { GridSettingsSections } from '../prices';
import { usePages } from '../../lib/pages';
import { ConnectionSection } from './ConnectionSection';
import { PreferencesSection } from './PreferencesSection';
import { RequestLimitsSection } from './RequestLimitsSection';
import { TestConnection } from './TestConnection';
import { HistorySettings } from './HistorySettings';
import { StorageSection } from './StorageSection';
import { TrustSettings } from './TrustSettings';
import { ExchangeRatesSection } from './ExchangeRatesSection';

export function SettingsScreen() {
  const { shortcuts } = usePages();
  const { api } = useConnection();
  return (
    <div className="page settings">
      <div className="page__head">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          Settings
        </h1>
        <p className="page__subtitle">
          Press <kbd className="kbd">Esc</kbd> to go back to prices.
        </p>
      </div>
      <div className="settings__grid">
        <div className="settings__col">
          <ConnectionSection />
          <section className="card card--quiet" aria-labelledby="privacy-h">
            <h2 id="privacy-h" className="card__title">
              Privacy
            </h2>
            <p className="card__text">
              Your API key and the access tokens made from it stay in Market Desk’s{' '}
              {api.host === 'electron' ? 'desktop back end' : 'web host'}; this window never sees them. It asks for data
              at <code>/api/v2</code> and the back end adds the token on the way to the service.
            </p>
          </section>
          <ExchangeRatesSection />
        </div>
        <div className="settings__col">
          <TestConnection />
          <PreferencesSection />
          <TrustSettings />
          <RequestLimitsSection />
          <HistorySettings />
          <StorageSection />
          <section className="card" aria-labelledby="keys-h">
            <h2 id="keys-h" className="card__title">
              Keyboard shortcuts
            </h2>
            <table className="shortcuts">
              <tbody>
                {shortcuts.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <kbd className="kbd">{s.keys}</kbd>
                    </td>
                    <td>{s.description}</td>
                  </tr>
                ))}
                <tr>
                  <td>
                    <kbd className="kbd">A</kbd>
                  </td>
                  <td>In the price grid: a new price alert on the row (see Alerts)</td>
                </tr>
                <tr>
                  <td>
                    <kbd className="kbd">P</kbd>
                  </td>
                  <td>In the price grid: add the row’s item to your portfolio (see Portfolio)</td>
                </tr>
                <tr>
                  <td>
                    <kbd className="kbd">Tab</kbd> / <kbd className="kbd">Shift+Tab</kbd>
                  </td>
                  <td>Move between controls</td>
                </tr>
              </tbody>
            </table>
          </section>
        </div>
      </div>
      {/* The market table is wide (name, slug, ask/bid switches, two fees): it gets the full width. */}
      <div className="settings__wide">
        <ErrorBoundary what="The market list">
          <GridSettingsSections />
        </ErrorBoundary>
      </div>
    </div>
  );
}
