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

  constructor(locks: LockManagerLike | null, name: string) {
    this.writer = !locks;
    if (!locks) return;
    void locks
      .request(name, () => {
        this.set(true);
        return new Promise<void>((resolve) => {
          this.release = resolve;
        });
      })
      // A lock manager that refuses (an opaque origin): write, as without one.
      .catch(() => this.set(true));
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
