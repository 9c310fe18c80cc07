/** Renderer entry: pick the host API, then providers, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App';
import { ConnectionProvider } from './platform/connection';
import { DataProviders } from './market/providers';
import { parseRoute } from './lib/route';
import { prewarmRecommendations } from './market/recommendations/api/load';
import { askPersistenceOnce } from './lib/storage/persist';
import { pickDesktopApi } from './platform';
import './styles/theme.css';
import './styles/app.css';
import './styles/settings.css';

// Opened on the Recommendations page: its worker starts loading now, before React's first render, so the
// page's request leaves as soon as it asks (elsewhere the app starts it in idle time).
if (parseRoute(window.location.hash) === 'recommendations') prewarmRecommendations({ compile: false });

// Price history, alerts and offline copies are kept through a low-disk eviction if the browser agrees.
void askPersistenceOnce();

const api = pickDesktopApi();
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Market Desk: #root is missing from index.html');

createRoot(rootElement).render(
  <StrictMode>
    <ConnectionProvider api={api}>
      <DataProviders>
        <App />
      </DataProviders>
    </ConnectionProvider>
  </StrictMode>,
);
