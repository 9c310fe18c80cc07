/**
 * The connection status, always known to the whole UI: read once from the host, then kept current from
 * its status events. Also the actions that change it (connect, demo, forget) and `retry`.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ConnectionStatus } from '../../shared/api/status';
import type { PlatformApi } from './';
import { useConnectionModel, type ConnectionContextValue } from './connection-model';

const ConnectionContext = createContext<ConnectionContextValue | null>(null);

export function useConnection(): ConnectionContextValue {
  const ctx = useContext(ConnectionContext);
  if (!ctx) throw new Error('useConnection outside <ConnectionProvider>');
  return ctx;
}

export function ConnectionProvider({ api, children }: { api: PlatformApi; children: ReactNode }) {
  const value = useConnectionModel(api);
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}

/**
 * Identity of the data source now serving data: 'demo', or 'live|<baseUrl>'. A failed connect
 * (key rejected, offline…) does not change it: the host keeps serving the previous source.
 */
export function sourceKeyOf(status: ConnectionStatus | null, previous: string | null): string | null {
  if (!status) return previous;
  if (status.state === 'demo') return 'demo';
  if (status.state === 'connected') return `live|${status.baseUrl}`;
  return previous;
}
