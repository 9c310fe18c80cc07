/**
 * Data providers: the one urql client (every GraphQL read, renderer/api/client.ts) and the react-query
 * client (the REST-only forms and local async state).
 * When the source of data changes (demo -> your service, another Base URL) every cache is dropped so no
 * demo price is ever shown as live; Retry re-fetches everything active.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Provider as UrqlProvider } from 'urql';
import { createAppClient } from '../api/client';
import { createQueryClient } from '../api/query-client';
import { sourceKeyOf, useConnection } from '../platform/connection';

export interface DataSource {
  /** 'demo', 'live|<baseUrl>', or null before the first status. Put it in query keys of your own caches. */
  sourceKey: string | null;
  /** Increments when the user presses Retry. */
  retryEpoch: number;
}

const DataSourceContext = createContext<DataSource>({ sourceKey: null, retryEpoch: 0 });

export function useDataSource(): DataSource {
  return useContext(DataSourceContext);
}

export function DataProviders({ children }: { children: ReactNode }) {
  const { status, retryEpoch } = useConnection();
  const [queryClient] = useState(createQueryClient);
  const [sourceKey, setSourceKey] = useState<string | null>(null);
  const lastEpoch = useRef(retryEpoch);

  useEffect(() => {
    const next = sourceKeyOf(status, sourceKey);
    if (next === sourceKey) return;
    if (sourceKey !== null) void queryClient.resetQueries();
    setSourceKey(next);
  }, [status, sourceKey, queryClient]);

  useEffect(() => {
    if (lastEpoch.current === retryEpoch) return;
    lastEpoch.current = retryEpoch;
    void queryClient.invalidateQueries();
  }, [retryEpoch, queryClient]);

  // A fresh urql client (empty cache) per data source and per Retry.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const urqlClient = useMemo(() => createAppClient(), [sourceKey, retryEpoch]);
  const source = useMemo(() => ({ sourceKey, retryEpoch }), [sourceKey, retryEpoch]);

  return (
    <DataSourceContext.Provider value={source}>
      <QueryClientProvider client={queryClient}>
        <UrqlProvider value={urqlClient}>{children}</UrqlProvider>
      </QueryClientProvider>
    </DataSourceContext.Provider>
  );
}
