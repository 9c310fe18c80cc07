/**
 * A LockManager for tests, as the Web Locks API behaves for exclusive locks
 * (https://w3c.github.io/web-locks/#api-lock-manager-request): `request(name, cb)` waits until no one holds
 * `name`, then calls `cb` and holds the lock until the promise `cb` returned settles; its own promise
 * settles with that. `ifAvailable: true` calls `cb(null)` at once when the lock is held. Waiting requests
 * are granted in the order they were made. One instance is one origin (the tabs of one browser profile).
 *
 * `agent()` is one tab (or worker) of the origin: its `locks` make the requests, and `terminate()` is that
 * tab crashing or being closed: it runs no more code, and the locks it holds are released and its
 * pending requests removed (the spec's agent integration, https://w3c.github.io/web-locks/#agent-integration:
 * a terminated agent's held locks are released and its queued requests dropped), so the next tab in the
 * queue gets the lock although the dead tab never settled its callback's promise.
 */
interface Request {
  agent: number;
  grant(): void;
}

export interface FakeAgent {
  locks: { request: FakeLockManager['request'] };
  terminate(): void;
}

export class FakeLockManager {
  /** Lock name -> the agent holding it (0: requests made on the manager itself). */
  private readonly held = new Map<string, number>();
  private readonly queue = new Map<string, Request[]>();
  private readonly dead = new Set<number>();
  private agents = 0;

  request<T>(
    name: string,
    ...args:
      | [(lock: { name: string } | null) => Promise<T> | T]
      | [{ ifAvailable?: boolean }, (lock: { name: string } | null) => Promise<T> | T]
  ): Promise<T> {
    return this.requestAs(0, name, ...args);
  }

  /** A tab of this origin: its own requests, and its end. */
  agent(): FakeAgent {
    const id = ++this.agents;
    return {
      locks: { request: (name, ...args) => this.requestAs(id, name, ...args) },
      terminate: () => this.terminate(id),
    };
  }

  private requestAs<T>(
    agent: number,
    name: string,
    ...args:
      | [(lock: { name: string } | null) => Promise<T> | T]
      | [{ ifAvailable?: boolean }, (lock: { name: string } | null) => Promise<T> | T]
  ): Promise<T> {
    const [options, cb] = args.length === 1 ? [{}, args[0]] : args;
    if (this.dead.has(agent)) return new Promise<T>(() => undefined);
    if (options.ifAvailable && this.held.has(name)) return Promise.resolve().then(() => cb(null));
    return new Promise<T>((resolve, reject) => {
      const grant = () => {
        this.held.set(name, agent);
        Promise.resolve()
          .then(() => cb({ name }))
          .then(resolve, reject)
          // A terminated holder's lock was released already (and may be someone else's now).
          .finally(() => {
            if (!this.dead.has(agent)) this.release(name);
          });
      };
      if (!this.held.has(name)) grant();
      else this.queue.set(name, [...(this.queue.get(name) ?? []), { agent, grant }]);
    });
  }

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  private terminate(agent: number): void {
    this.dead.add(agent);
    for (const [name, waiting] of this.queue) {
      this.queue.set(
        name,
        waiting.filter((r) => r.agent !== agent),
      );
    }
    for (const [name, holder] of [...this.held]) if (holder === agent) this.release(name);
  }

  private release(name: string): void {
    this.held.delete(name);
    const next = this.queue.get(name)?.shift();
    if (next) next.grant();
  }
}
