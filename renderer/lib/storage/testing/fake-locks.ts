/**
 * A LockManager for tests, as the Web Locks API behaves for exclusive locks
 * (https://w3c.github.io/web-locks/#api-lock-manager-request): `request(name, cb)` waits until no one holds
 * `name`, then calls `cb` and holds the lock until the promise `cb` returned settles; its own promise
 * settles with that. `ifAvailable: true` calls `cb(null)` at once when the lock is held. Waiting requests
 * are granted in the order they were made. One instance is one origin (the tabs of one browser profile).
 */
export class FakeLockManager {
  private readonly held = new Set<string>();
  private readonly queue = new Map<string, Array<() => void>>();

  request<T>(name: string, ...args: [(lock: { name: string } | null) => Promise<T> | T] | [{ ifAvailable?: boolean }, (lock: { name: string } | null) => Promise<T> | T]): Promise<T> {
    const [options, cb] = args.length === 1 ? [{}, args[0]] : args;
    if (options.ifAvailable && this.held.has(name)) return Promise.resolve().then(() => cb(null));
    return new Promise<T>((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        Promise.resolve()
          .then(() => cb({ name }))
          .then(resolve, reject)
          .finally(() => this.release(name));
      };
      if (!this.held.has(name)) grant();
      else this.queue.set(name, [...(this.queue.get(name) ?? []), grant]);
    });
  }

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  private release(name: string): void {
    this.held.delete(name);
    const waiting = this.queue.get(name);
    const next = waiting?.shift();
    if (next) next();
  }
}
