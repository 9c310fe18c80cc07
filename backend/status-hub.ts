/**
 * The one ConnectionStatus of the app and its listeners (the window via IPC, the web host's event stream).
 * Emits only on a real change so a stream of successful requests doesn't flood the UI.
 */
import { ConnectionStatusSchema, type ConnectionStatus } from '../shared/api/status';

export type StatusListener = (status: ConnectionStatus) => void;

export class StatusHub {
  private current: ConnectionStatus;
  private readonly listeners = new Set<StatusListener>();

  constructor(initial: ConnectionStatus) {
    this.current = ConnectionStatusSchema.parse(initial);
  }

  get(): ConnectionStatus {
    return this.current;
  }

  /** Applies a change; `since` moves only when the state itself changes. */
  set(next: Omit<ConnectionStatus, 'since'>, now: number): ConnectionStatus {
    const since = next.state === this.current.state ? this.current.since : now;
    const candidate = ConnectionStatusSchema.parse({ ...next, since });
    if (sameStatus(candidate, this.current)) return this.current;
    this.current = candidate;
    for (const listener of [...this.listeners]) {
      try {
        listener(candidate);
      } catch {
        // One broken listener (a closed window) must not stop the others.
      }
    }
    return candidate;
  }

  subscribe(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function sameStatus(a: ConnectionStatus, b: ConnectionStatus): boolean {
  return (
    a.state === b.state &&
    a.baseUrl === b.baseUrl &&
    a.message === b.message &&
    a.action === b.action &&
    a.hasKey === b.hasKey &&
    a.keyStorage === b.keyStorage &&
    a.weakStorageOnly === b.weakStorageOnly &&
    a.nextRetryAt === b.nextRetryAt &&
    a.since === b.since
  );
}
