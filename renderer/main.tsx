/** Renderer entry: pick the host API, then providers, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { ConnectionProvider } from './app/connection';
import { DataProviders } from './app/providers';
import { pickDesktopApi } from './platform';
import './styles/theme.css';
import './styles/app.css';
import './styles/settings.css';

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
