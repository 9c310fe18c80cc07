/**
 * The market engine: the one piece of the renderer that decides which prices to poll and when, and feeds
 * every consumer from each answer. Views, alerts, the portfolio and the desk say what they `need`; the
 * engine keeps one schedule per request (game and markets), polls on the user's interval, retries with the
 * app's backoff (api/query-client.ts; a Retry-After is waited out), and hands each fresh answer to every
 * consumer (`consume`). No React and no DOM: global timers, Date.now. Bids every Nth poll, hidden windows
 * and the rest: README.md, "The engine (engine.ts)".
 */
import { DAY_MS } from '../../../shared/budget/planner';
import { retryDelay, shouldRetry } from '../../api/query-client';

export type PriceKind = 'asks' | 'bids';

/** One price request: a game and the markets asked for. */
export interface PriceRequest {
  game: number;
  askMarkets: readonly string[];
  bidMarkets: readonly string[];
}

/**
 * What the engine polls: a game's prices (PriceRequest), or another whole-game list a view shows (the
 * recommendations: app-engine.ts), each by its own engine of this class on the same schedule.
 */
export interface Polled {
  game: number;
}

/** What one consumer needs: a request and the kinds of price it reads from it (none for a list). */
export type Need<R extends Polled = PriceRequest> = R & { kinds: readonly PriceKind[] };

/** One fresh answer, the same object for every consumer. */
export interface Answer<T, R extends Polled = PriceRequest> {
  request: R;
  /** The data source it came from (useDataSource().sourceKey). */
  source: string;
  snap: T;
  /** When it loaded (ms since epoch). */
  at: number;
  /** Whether this poll asked for bids; false: the bids in `snap` (if any) are the ones of `bidsAt`. */
  bidsFresh: boolean;
  /** When the bids in `snap` were loaded (`at` when bidsFresh). */
  bidsAt: number;
}

/**
 * The planner's seam: bids are asked for with every Nth poll of a game (1, the default: every poll). A
 * request's first poll, the first of a day (the history's daily baseline) and a manual refresh bring bids
 * whatever N is.
 */
export type BidsEvery = (game: number) => number;

interface LoadOptions {
  /**
   * Whether to ask for bids. False: asks only, and the load keeps the last bids it has (it may ask for
   * bids all the same when it has none: then it says so with `bids: true`).
   */
  bids: boolean;
}

export interface EngineDeps<T, R extends Polled = PriceRequest> {
  /** One request (whoever asked); rejects with the load's error. */
  load(request: R, source: string, opts: LoadOptions): Promise<{ snap: T; at: number; bids?: boolean }>;
  /** The user's refresh interval in ms, false for manual only. */
  interval(): number | false;
}

/** A failed poll: its request, source, error, and whether it asked for bids. */
export type FailureListener<R extends Polled = PriceRequest> = (
  request: R,
  source: string,
  error: unknown,
  opts: LoadOptions,
) => void;

type Consumer<T, R extends Polled> = {
  name: string;
  take: (a: Answer<T, R>) => void | Promise<void>;
  onError: (e: unknown) => void;
};

interface Entry<R extends Polled> {
  key: string;
  request: R;
  needs: Map<symbol, Need<R>>;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: Promise<void> | null;
  /** End of the last attempt (0: never polled for this source). */
  lastAt: number;
  /** Consecutive failures, and the wait they ask for (null: the interval). */
  failures: number;
  retryIn: number | null;
  /** Whether the service itself asked for that wait (a Retry-After). */
  retryAfter: boolean;
  /** When bids were last loaded (0: never for this source), and the good polls since without them. */
  bidsAt: number;
  asksOnly: number;
}

export function requestKey(r: PriceRequest): string {
  return `${r.game}|${r.askMarkets.join(',')}|${r.bidMarkets.join(',')}`;
}

/** A request's identity: its fields but the need's kinds, in name order (lists joined). */
function keyOf(r: Polled): string {
  if ('askMarkets' in r && 'bidMarkets' in r) return requestKey(r as PriceRequest);
  return Object.entries(r)
    .filter(([k]) => k !== 'kinds')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, v]) => (Array.isArray(v) ? v.join(',') : String(v)))
    .join('|');
}

/** Whether a request has bids to ask for (a list has none: every poll is whole). */
function hasBids(r: Polled): boolean {
  return 'bidMarkets' in r && Array.isArray(r.bidMarkets) && r.bidMarkets.length > 0;
}

function retryAfterMs(err: unknown): number | null {
  return typeof err === 'object' &&
    err !== null &&
    'retryAfterSeconds' in err &&
    typeof err.retryAfterSeconds === 'number'
    ? err.retryAfterSeconds * 1000
    : null;
}

export class MarketEngine<T, R extends Polled = PriceRequest> {
  private readonly entries = new Map<string, Entry<R>>();
  private readonly consumers: Consumer<T, R>[] = [];
  private readonly failureListeners = new Set<FailureListener<R>>();
  private source: string | null = null;
  private bidsEvery: BidsEvery = () => 1;
  /** Requests made since the start (the report's figures, the status bar). */
  polls = 0;

  constructor(private readonly deps: EngineDeps<T, R>) {}

  /** The data source; a new one polls every needed request again at once (nothing of the old one is kept). */
  setSource(source: string | null): void {
    if (source === this.source) return;
    this.source = source;
    for (const e of this.entries.values()) {
      e.lastAt = 0;
      e.failures = 0;
      e.retryIn = null;
      e.retryAfter = false;
      e.bidsAt = 0;
      e.asksOnly = 0;
      this.schedule(e);
    }
  }

  /** The user's interval (or the planner) changed: every schedule is set again from its last poll. */
  reschedule(): void {
    for (const e of this.entries.values()) this.schedule(e);
  }

  /** The planner's seam (see BidsEvery); takes effect from the next poll. */
  setBidsEvery(fn: BidsEvery): void {
    this.bidsEvery = fn;
  }

  /**
   * Adds a need; returns its release. A request never polled (or whose data the caller lacks: `now`) is
   * polled at once (in the same turn's end, so needs added together make one request).
   */
  need(need: Need<R>, { now = false }: { now?: boolean } = {}): () => void {
    const key = keyOf(need);
    let e = this.entries.get(key);
    if (!e) {
      const { kinds: _kinds, ...fields } = need;
      // A copy: the caller's lists may change after.
      const request = Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? [...(v as unknown[])] : v]),
      ) as unknown as R;
      e = {
        key,
        request,
        needs: new Map(),
        timer: null,
        inFlight: null,
        lastAt: 0,
        failures: 0,
        retryIn: null,
        retryAfter: false,
        bidsAt: 0,
        asksOnly: 0,
      };
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
  consume(
    name: string,
    take: (a: Answer<T, R>) => void | Promise<void>,
    onError: (e: unknown) => void = () => undefined,
  ): () => void {
    const c: Consumer<T, R> = { name, take, onError };
    this.consumers.push(c);
    return () => {
      const i = this.consumers.indexOf(c);
      if (i >= 0) this.consumers.splice(i, 1);
    };
  }

  /** Every failed poll (after which the engine retries or waits for the interval on its own). */
  onFailure(fn: FailureListener<R>): () => void {
    this.failureListeners.add(fn);
    return () => void this.failureListeners.delete(fn);
  }

  /**
   * The service is back (the host reconnected, or the user's Retry): every needed request whose last poll
   * failed is polled now, not an interval later; a Retry-After the service sent is still waited out.
   */
  retryFailed(): void {
    for (const e of this.entries.values()) {
      if (e.failures === 0 || e.retryAfter || e.inFlight) continue;
      e.lastAt = 0;
      this.schedule(e);
    }
  }

  /** Polls now (every needed request, or one game's); a poll under way is joined, not repeated. */
  refresh(game?: number): Promise<void> {
    const runs: Promise<void>[] = [];
    for (const e of this.entries.values()) {
      if (e.needs.size === 0 || (game !== undefined && e.request.game !== game)) continue;
      runs.push(e.inFlight ?? this.poll(e, true));
    }
    return Promise.all(runs).then(() => undefined);
  }

  /** The games polled now (a need is registered), for the status bar and tests. */
  neededGames(): number[] {
    return [...new Set([...this.entries.values()].filter((e) => e.needs.size > 0).map((e) => e.request.game))].sort(
      (a, b) => a - b,
    );
  }

  /** The interval of a request: the user's, as the planner stretched it (false: manual only). */
  private intervalOf(): number | false {
    return this.deps.interval();
  }

  /** Whether this poll asks for bids (see BidsEvery). */
  private withBids(e: Entry<R>, asked: boolean): boolean {
    if (asked || e.bidsAt === 0 || !hasBids(e.request)) return true;
    if (Math.floor(Date.now() / DAY_MS) !== Math.floor(e.bidsAt / DAY_MS)) return true;
    return e.asksOnly + 1 >= Math.max(1, Math.floor(this.bidsEvery(e.request.game)));
  }

  private schedule(e: Entry<R>): void {
    if (e.timer !== null) clearTimeout(e.timer);
    e.timer = null;
    if (e.needs.size === 0 || this.source === null || e.inFlight) return;
    let delay: number;
    if (e.lastAt === 0) delay = 0;
    else {
      const interval = this.intervalOf();
      const wait = e.retryIn ?? interval;
      if (wait === false) return;
      delay = Math.max(0, e.lastAt + wait - Date.now());
    }
    e.timer = setTimeout(() => {
      e.timer = null;
      void this.poll(e);
    }, delay);
  }

  /** One poll; `asked`: a refresh someone asked for (it brings bids too). */
  private poll(e: Entry<R>, asked = false): Promise<void> {
    const source = this.source;
    if (source === null) return Promise.resolve();
    if (e.timer !== null) clearTimeout(e.timer);
    e.timer = null;
    this.polls++;
    const bids = this.withBids(e, asked);
    // An outcome for a source no longer in use changes nothing: setSource reset the entry, and the
    // schedule after this poll then polls the new source at once.
    const run = this.deps.load(e.request, source, { bids }).then(
      ({ snap, at, bids: loaded = bids }) => {
        if (source !== this.source) return;
        e.failures = 0;
        e.retryIn = null;
        e.retryAfter = false;
        e.lastAt = Date.now();
        if (loaded) {
          e.bidsAt = at;
          e.asksOnly = 0;
        } else e.asksOnly++;
        this.deliver({ request: e.request, source, snap, at, bidsFresh: loaded, bidsAt: loaded ? at : e.bidsAt });
      },
      (err: unknown) => {
        if (source !== this.source) return;
        e.failures++;
        e.lastAt = Date.now();
        e.retryIn = this.retryWait(e, err);
        e.retryAfter = retryAfterMs(err) !== null;
        for (const fn of [...this.failureListeners]) fn(e.request, source, err, { bids });
      },
    );
    e.inFlight = run.finally(() => {
      e.inFlight = null;
      this.schedule(e);
    });
    return e.inFlight;
  }

  /** The app's backoff for a failed poll; a Retry-After is never cut short by the interval. */
  private retryWait(e: Entry<R>, err: unknown): number | null {
    const after = retryAfterMs(err);
    if (shouldRetry(e.failures, err)) return retryDelay(e.failures, err);
    if (after === null) return null;
    const interval = this.intervalOf();
    return interval === false ? null : Math.max(after, interval);
  }

  private deliver(a: Answer<T, R>): void {
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
