/**
 * The market engine: the one piece of the renderer that decides which prices to poll and when, and feeds
 * every consumer from each answer. Views, the alerts, the portfolio and the desk itself say what they need
 * (`need`: a game, the markets asked, the kinds — asks, bids — they read); the engine keeps one schedule per
 * request (game and markets: one request per game whoever asks, as every need of a game comes from the same
 * market plan), polls on the user's interval (or only when asked), retries a failed poll with the app's
 * backoff (api/query-client.ts; a Retry-After is waited out), and hands each fresh answer to every consumer
 * (`consume`: the price history, the alerts' check, ...). The views' cache is filled by `load` itself (the
 * React glue loads through react-query, so every view of the request sees the answer).
 *
 * No React and no DOM here: timers are the global ones (fake in the tests), the clock is Date.now. Whether
 * the window is visible does not matter: the engine polls hidden too (the desktop turns Chromium's
 * background throttling off, electron/main; see docs/background-polling.md for the web).
 */
import { retryDelay, shouldRetry } from '../../api/query-client';

export type PriceKind = 'asks' | 'bids';

/** One price request: a game and the markets asked for. */
export interface PriceRequest {
  game: number;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
}

/** What one consumer needs: a request and the kinds of price it reads from it. */
export interface Need extends PriceRequest {
  kinds: readonly PriceKind[];
}

/** One fresh answer, the same object for every consumer. */
export interface Answer<T> {
  request: PriceRequest;
  /** The data source it came from (useDataSource().sourceKey). */
  source: string;
  snap: T;
  /** When it loaded (ms since epoch). */
  at: number;
}

/**
 * The planner's seam: how often to poll one kind of price of a game, given the user's interval (false:
 * manual only). The default is the user's interval; a request budget can stretch it per kind and game.
 */
export type IntervalFor = (kind: PriceKind, game: number, base: number | false) => number | false;

export interface EngineDeps<T> {
  /** One request (whoever asked); rejects with the load's error. */
  load(request: PriceRequest, source: string): Promise<{ snap: T; at: number }>;
  /** The user's refresh interval in ms, false for manual only. */
  interval(): number | false;
}

type Consumer<T> = { name: string; take: (a: Answer<T>) => void | Promise<void>; onError: (e: unknown) => void };

interface Entry {
  key: string;
  request: PriceRequest;
  needs: Map<symbol, Need>;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: Promise<void> | null;
  /** End of the last attempt (0: never polled for this source). */
  lastAt: number;
  /** Consecutive failures, and the wait they ask for (null: the interval). */
  failures: number;
  retryIn: number | null;
}

export function requestKey(r: PriceRequest): string {
  return `${r.game}|${r.askMarkets.join(',')}|${r.bidMarkets.join(',')}`;
}

export class MarketEngine<T> {
  private readonly entries = new Map<string, Entry>();
  private readonly consumers: Consumer<T>[] = [];
  private readonly failureListeners = new Set<(request: PriceRequest, source: string, error: unknown) => void>();
  private source: string | null = null;
  private intervalFor: IntervalFor = (_kind, _game, base) => base;
  /** Requests made since the start (the report's figures, the status bar). */
  polls = 0;

  constructor(private readonly deps: EngineDeps<T>) {}

  /** The data source; a new one polls every needed request again at once (nothing of the old one is kept). */
  setSource(source: string | null): void {
    if (source === this.source) return;
    this.source = source;
    for (const e of this.entries.values()) {
      e.lastAt = 0;
      e.failures = 0;
      e.retryIn = null;
      this.schedule(e);
    }
  }

  /** The user's interval (or the planner) changed: every schedule is set again from its last poll. */
  reschedule(): void {
    for (const e of this.entries.values()) this.schedule(e);
  }

  /** The planner's seam (see IntervalFor). */
  setIntervalFor(fn: IntervalFor): void {
    this.intervalFor = fn;
    this.reschedule();
  }

  /**
   * Adds a need; returns its release. A request never polled (or whose data the caller lacks: `now`) is
   * polled at once (in the same turn's end, so needs added together make one request).
   */
  need(need: Need, { now = false }: { now?: boolean } = {}): () => void {
    const key = requestKey(need);
    let e = this.entries.get(key);
    if (!e) {
      e = { key, request: { game: need.game, askMarkets: [...need.askMarkets], bidMarkets: [...need.bidMarkets] }, needs: new Map(), timer: null, inFlight: null, lastAt: 0, failures: 0, retryIn: null };
      this.entries.set(key, e);
    }
    const token = Symbol(key);
    e.needs.set(token, need);
    // Not over a wait a failure asked for (a Retry-After is honoured whoever comes).
    if (now && !e.inFlight && e.retryIn === null) e.lastAt = 0;
    this.schedule(e);
    const entry = e;
    return () => {
      if (!entry.needs.delete(token)) return;
      this.schedule(entry);
    };
  }

  /** Every answer goes to `take`; a throw or rejection goes to `onError` (and never keeps the others from it). */
  consume(name: string, take: (a: Answer<T>) => void | Promise<void>, onError: (e: unknown) => void = () => undefined): () => void {
    const c: Consumer<T> = { name, take, onError };
    this.consumers.push(c);
    return () => {
      const i = this.consumers.indexOf(c);
      if (i >= 0) this.consumers.splice(i, 1);
    };
  }

  /** Every failed poll (after which the engine retries or waits for the interval on its own). */
  onFailure(fn: (request: PriceRequest, source: string, error: unknown) => void): () => void {
    this.failureListeners.add(fn);
    return () => void this.failureListeners.delete(fn);
  }

  /** Polls now (every needed request, or one game's); a poll under way is joined, not repeated. */
  refresh(game?: number): Promise<void> {
    const runs: Promise<void>[] = [];
    for (const e of this.entries.values()) {
      if (e.needs.size === 0 || (game !== undefined && e.request.game !== game)) continue;
      runs.push(e.inFlight ?? this.poll(e));
    }
    return Promise.all(runs).then(() => undefined);
  }

  /** The games polled now (a need is registered), for the status bar and tests. */
  neededGames(): number[] {
    return [...new Set([...this.entries.values()].filter((e) => e.needs.size > 0).map((e) => e.request.game))].sort((a, b) => a - b);
  }

  /** The interval of a request: the shortest of its needed kinds' (false: manual only). */
  private intervalOf(e: Entry): number | false {
    const base = this.deps.interval();
    let best: number | false = false;
    const kinds = new Set<PriceKind>();
    for (const n of e.needs.values()) for (const k of n.kinds) kinds.add(k);
    if (kinds.size === 0) kinds.add('asks');
    for (const k of kinds) {
      const ms = this.intervalFor(k, e.request.game, base);
      if (ms !== false && (best === false || ms < best)) best = ms;
    }
    return best;
  }

  private schedule(e: Entry): void {
    if (e.timer !== null) clearTimeout(e.timer);
    e.timer = null;
    if (e.needs.size === 0 || this.source === null || e.inFlight) return;
    let delay: number;
    if (e.lastAt === 0) delay = 0;
    else {
      const interval = this.intervalOf(e);
      const wait = e.retryIn ?? interval;
      if (wait === false) return;
      delay = Math.max(0, e.lastAt + wait - Date.now());
    }
    e.timer = setTimeout(() => {
      e.timer = null;
      void this.poll(e);
    }, delay);
  }

  private poll(e: Entry): Promise<void> {
    const source = this.source;
    if (source === null) return Promise.resolve();
    if (e.timer !== null) clearTimeout(e.timer);
    e.timer = null;
    this.polls++;
    const run = this.deps.load(e.request, source).then(
      ({ snap, at }) => {
        e.failures = 0;
        e.retryIn = null;
        e.lastAt = Date.now();
        if (source === this.source) this.deliver({ request: e.request, source, snap, at });
      },
      (err: unknown) => {
        e.failures++;
        e.lastAt = Date.now();
        e.retryIn = this.retryWait(e, err);
        if (source === this.source) for (const fn of [...this.failureListeners]) fn(e.request, source, err);
      },
    );
    e.inFlight = run.finally(() => {
      e.inFlight = null;
      this.schedule(e);
    });
    return e.inFlight;
  }

  /** The app's backoff for a failed poll; a Retry-After is never cut short by the interval. */
  private retryWait(e: Entry, err: unknown): number | null {
    const after = typeof err === 'object' && err !== null && 'retryAfterSeconds' in err && typeof err.retryAfterSeconds === 'number' ? err.retryAfterSeconds * 1000 : null;
    if (shouldRetry(e.failures, err)) return retryDelay(e.failures, err);
    if (after === null) return null;
    const interval = this.intervalOf(e);
    return interval === false ? null : Math.max(after, interval);
  }

  private deliver(a: Answer<T>): void {
    for (const c of [...this.consumers]) {
      try {
        const r = c.take(a);
        if (r) r.catch(c.onError);
      } catch (err) {
        c.onError(err);
      }
    }
  }
}
