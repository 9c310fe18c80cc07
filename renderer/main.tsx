/** Renderer entry: pick the host API, then providers, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './shell/App';
import { ConnectionProvider } from './platform/connection';
import { DataProviders } from './market/providers';
import { askPersistenceOnce } from './lib/storage/persist';
import { pickDesktopApi } from './platform';
import { pageOf } from './shell/pages';
import './styles/theme.css';
import './styles/app.css';
import './styles/settings.css';

// The page the app opens on may start its loading now, before React's first render, so its request leaves
// as soon as it asks (the Recommendations page's worker; elsewhere the app starts it in idle time).
pageOf(window.location.hash).prefetch?.boot?.();

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
