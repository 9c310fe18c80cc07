/** The connection model behind <ConnectionProvider>: the status, the host's problems, and the actions that change them. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConnectionStatus, ConnectRequest } from '../../shared/api/status';
import { PlatformError, describeError, type PlatformApi } from './';

export interface ConnectionContextValue {
  api: PlatformApi;
  /** null until the host first answers (or when it never could: see `problem`). */
  status: ConnectionStatus | null;
  /** A problem talking to the host itself; cleared by the next valid status. */
  problem: PlatformError | null;
  /** Re-reads the status from the host. */
  refresh(): Promise<void>;
  /** Re-reads the status and asks every data view to fetch again (the banner's Retry). */
  retry(): void;
  /** Increments on retry(): data views include it in their request identity. */
  retryEpoch: number;
  connect(request: ConnectRequest): Promise<ConnectionStatus>;
  switchToDemo(): Promise<ConnectionStatus>;
  forgetKey(): Promise<ConnectionStatus>;
}

const asProblem = (e: unknown): PlatformError =>
  e instanceof PlatformError ? e : new PlatformError('unreachable', describeError(e));

/** States the host leaves by itself when the service answers again. */
const RECOVERING_STATES: ReadonlySet<ConnectionStatus['state']> = new Set(['offline', 'server-error']);

/** How long connect() waits for a 'connecting' status to settle. */
const SETTLE_TIMEOUT_MS = 45_000;

type StatusWaiters = Set<(s: ConnectionStatus) => void>;

/** Resolves with the first status that is not 'connecting' (or the last one seen at the timeout). */
export function settleStatus(first: ConnectionStatus, waiters: StatusWaiters): Promise<ConnectionStatus> {
  if (first.state !== 'connecting') return Promise.resolve(first);
  return new Promise((resolve) => {
    let last = first;
    const done = (s: ConnectionStatus) => {
      waiters.delete(onStatus);
      clearTimeout(timer);
      resolve(s);
    };
    const onStatus = (s: ConnectionStatus) => {
      last = s;
      if (s.state !== 'connecting') done(s);
    };
    const timer = setTimeout(() => done(last), SETTLE_TIMEOUT_MS);
    waiters.add(onStatus);
  });
}

/** Read once from the host, then kept current from its status events. */
export function useConnectionModel(api: PlatformApi): ConnectionContextValue {
  const [status, setStatus] = useState<ConnectionStatus | null>(null);
  const [problem, setProblem] = useState<PlatformError | null>(null);
  const [retryEpoch, setRetryEpoch] = useState(0);
  const waiters = useRef(new Set<(s: ConnectionStatus) => void>());

  const lastState = useRef<ConnectionStatus['state'] | null>(null);
  const accept = useCallback((s: ConnectionStatus) => {
    // The service came back by itself (the host's reconnect tries): every data view loads again at once.
    if (
      lastState.current !== null &&
      RECOVERING_STATES.has(lastState.current) &&
      (s.state === 'connected' || s.state === 'demo')
    ) {
      setRetryEpoch((n) => n + 1);
    }
    lastState.current = s.state;
    setStatus(s);
    setProblem(null);
    for (const w of [...waiters.current]) w(s);
  }, []);

  const refresh = useCallback(async () => {
    try {
      accept(await api.getStatus());
    } catch (e) {
      setProblem(asProblem(e));
    }
  }, [api, accept]);

  useEffect(() => {
    let live = true;
    const offStatus = api.onStatus((s) => live && accept(s));
    const offProblem = api.onProblem((p) => live && setProblem(p));
    api.getStatus().then(
      (s) => live && accept(s),
      (e: unknown) => live && setProblem(asProblem(e)),
    );
    return () => {
      live = false;
      offStatus();
      offProblem();
    };
  }, [api, accept]);

  const run = useCallback(
    async (action: () => Promise<ConnectionStatus>) => {
      const s = await action();
      accept(s);
      return settleStatus(s, waiters.current);
    },
    [accept],
  );

  return useMemo<ConnectionContextValue>(
    () => ({
      api,
      status,
      problem,
      refresh,
      retry() {
        setRetryEpoch((n) => n + 1);
        // Offline or failing: ask the host to try now rather than at its next scheduled try. Keyring locked:
        // the host reads the stored key again.
        if (status && (RECOVERING_STATES.has(status.state) || status.keyStorage === 'keyring-locked')) {
          api.retryNow().then(accept, (e: unknown) => setProblem(asProblem(e)));
        } else {
          void refresh();
        }
      },
      retryEpoch,
      // The host tries a new connection on the side and answers with that try's status; a failed try
      // changes nothing, so the status shown comes from the host, not from the answer.
      connect: async (request) => {
        const attempt = await api.connect(request);
        await refresh();
        return attempt;
      },
      switchToDemo: () => run(() => api.useDemo()),
      forgetKey: () => run(() => api.forgetKey()),
    }),
    [api, status, problem, refresh, retryEpoch, run, accept],
  );
}
