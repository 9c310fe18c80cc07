/**
 * One writer among the tabs of a browser profile (the web host can be open in several): a Web Lock
 * (https://w3c.github.io/web-locks/) that the first tab to ask holds until it goes away; the others wait in
 * the lock's queue and the oldest of them takes over then. Without Web Locks (an old browser) every tab
 * writes, as before.
 */
export interface LockManagerLike {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

export class SingleWriter {
  private writer: boolean;
  private release: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  private granted: () => void = () => undefined;
  private readonly firstGrant: Promise<void>;
  private waited = false;

  constructor(locks: LockManagerLike | null, name: string) {
    this.writer = !locks;
    this.firstGrant = new Promise<void>((resolve) => (this.granted = resolve));
    if (!locks) return;
    void locks
      .request(name, () => {
        this.set(true);
        this.granted();
        return new Promise<void>((resolve) => {
          this.release = resolve;
        });
      })
      // A lock manager that refuses (an opaque origin): write, as without one.
      .catch(() => {
        this.set(true);
        this.granted();
      });
  }

  /**
   * Whether this tab writes, once the lock's first answer is in: the request is granted asynchronously, so
   * the first write of a session would otherwise be dropped. Waits at most `ms`, once (after that another
   * tab holds the lock and the answer is "no" until it goes).
   */
  async settled(ms: number): Promise<boolean> {
    if (this.writer || this.waited) return this.writer;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([this.firstGrant, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
    this.waited = true;
    return this.writer;
  }

  /** This tab writes (it holds the lock). */
  get isWriter(): boolean {
    return this.writer;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private set(writer: boolean): void {
    if (this.writer === writer) return;
    this.writer = writer;
    for (const l of [...this.listeners]) l();
  }

  /** Lets the next tab in the queue write. */
  dispose(): void {
    this.release?.();
    this.release = null;
    this.set(false);
  }
}
