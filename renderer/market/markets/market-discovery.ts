/**
 * What each service (data source) offers, per game and operation, remembered across restarts: the names it
 * refused and the ones it answered, and when that was checked. Discovery runs when a request is refused as
 * invalid input, on demand ("Check markets again"), and by itself once a result is a day old. Runs are
 * de-duplicated (the grid, the alerts and the recommendations may hit the same refusal at once) and bounded:
 * the same list is never discovered twice in a row for the same refusal.
 */
import { z } from 'zod';
import { nameStatus } from '../../../shared/catalog/markets';
import { definePreference, preferenceStore, type PreferenceStore } from '../../lib/preferences';
import { discoverRefused, REFUSALS_TO_CONCLUDE, type DiscoveryResult, type Probe } from './discovery';
import type { ProbedOperation, ProbeStats } from './probe';

export const RECHECK_AFTER_MS = 24 * 60 * 60 * 1000;
const MAX_SERVICES = 40;

const OpState = z.object({
  offered: z.array(z.string().max(64)).max(300),
  refused: z.array(z.string().max(64)).max(300),
  checkedAt: z.number(),
  /** The most names the service takes in one request (discovery.ts); absent or null: no limit seen. */
  limit: z.number().int().min(1).max(300).nullable().optional(),
});
export type OpState = z.infer<typeof OpState>;
const ServiceState = z.partialRecord(
  z.enum(['minPrices', 'maxOrders', 'recommendations', 'marketOrderAnalytics']),
  OpState,
);
type ServiceState = z.infer<typeof ServiceState>;

/** Keyed "<sourceKey>|<game>". */
const DISCOVERY_PREF = definePreference<Record<string, ServiceState>>(
  'markets.discovery',
  z.record(z.string().max(600), ServiceState),
  {},
);

export type NameState = 'offered' | 'refused' | 'unchecked';

export interface RunProgress {
  op: ProbedOperation;
  requests: number;
  refused: readonly string[];
}

export interface DiscoveryDeps {
  store?: PreferenceStore;
  now?: () => number;
  /** A probe of `op` for `game` counting into `stats` (probe.ts's httpProbe in the app). */
  probe(op: ProbedOperation, game: number, stats: ProbeStats): Probe;
}

const keyOf = (source: string, game: number) => `${source}|${game}`;

export class MarketDiscovery {
  private readonly store: PreferenceStore;
  private readonly now: () => number;
  private readonly running = new Map<
    string,
    { promise: Promise<DiscoveryResult | null>; progress: RunProgress; abort: AbortController }
  >();
  /** Runs started by a refusal (onRefusal) while they go, with their "<source>|<game>". */
  private readonly investigations = new Map<Promise<DiscoveryResult | null>, string>();
  /** Lists already discovered after a refusal, this session: a refusal of the same list again is not re-run. */
  private readonly handled = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  /** Totals since start (the benchmark and the Markets dialog read them). */
  readonly stats: ProbeStats = { requests: 0, bytes: 0 };
  lastError: { source: string; game: number; op: ProbedOperation; error: unknown } | null = null;

  constructor(private readonly deps: DiscoveryDeps) {
    this.store = deps.store ?? preferenceStore;
    this.now = deps.now ?? Date.now;
    // Written here or in another window.
    this.store.subscribe(DISCOVERY_PREF.key, () => this.changed());
  }

  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  /** Changes whenever anything here does (for useSyncExternalStore). */
  snapshot(): number {
    return this.version;
  }

  private changed(): void {
    this.version++;
    for (const l of [...this.listeners]) l();
  }

  private all(): Record<string, ServiceState> {
    return this.store.read(DISCOVERY_PREF.key, DISCOVERY_PREF.schema, DISCOVERY_PREF.fallback);
  }

  opState(source: string, game: number, op: ProbedOperation): OpState | null {
    return this.all()[keyOf(source, game)]?.[op] ?? null;
  }

  refused(source: string | null, game: number, op: ProbedOperation): ReadonlySet<string> {
    if (source === null) return new Set();
    return new Set(this.opState(source, game, op)?.refused ?? []);
  }

  /** The most names this service takes in one request for `op`, or null when no limit was seen. */
  limit(source: string | null, game: number, op: ProbedOperation): number | null {
    if (source === null) return null;
    return this.opState(source, game, op)?.limit ?? null;
  }

  nameState(source: string | null, game: number, op: ProbedOperation, name: string): NameState {
    const s = source === null ? null : this.opState(source, game, op);
    if (!s) return 'unchecked';
    if (s.refused.includes(name)) return 'refused';
    return s.offered.includes(name) ? 'offered' : 'unchecked';
  }

  /** Whether the result for these names is missing or a day old. */
  due(source: string, game: number, op: ProbedOperation): boolean {
    const s = this.opState(source, game, op);
    return s !== null && this.now() - s.checkedAt >= RECHECK_AFTER_MS;
  }

  progress(source: string | null, game: number): RunProgress[] {
    if (source === null) return [];
    const prefix = `${keyOf(source, game)}|`;
    return [...this.running.entries()].filter(([k]) => k.startsWith(prefix)).map(([, r]) => r.progress);
  }

  private write(source: string, game: number, op: ProbedOperation, update: (prev: OpState | null) => OpState): void {
    const key = keyOf(source, game);
    const prev = this.all();
    const entry: ServiceState = { ...(prev[key] ?? {}), [op]: update(prev[key]?.[op] ?? null) };
    const next: Record<string, ServiceState> = { ...prev, [key]: entry };
    const keys = Object.keys(next);
    if (keys.length > MAX_SERVICES) {
      // Forget the services checked longest ago.
      const age = (k: string) => Math.max(0, ...Object.values(next[k] ?? {}).map((s) => s?.checkedAt ?? 0));
      keys.sort((a, b) => age(a) - age(b));
      for (const k of keys.slice(0, keys.length - MAX_SERVICES)) delete next[k];
    }
    this.store.write(DISCOVERY_PREF.key, DISCOVERY_PREF.schema, next);
  }

  /** A request with these names succeeded: they are offered. Writes only when that is news. */
  recordOffered(source: string, game: number, op: ProbedOperation, names: readonly string[]): void {
    if (names.length === 0) return;
    const s = this.opState(source, game, op);
    if (s && names.every((n) => s.offered.includes(n) && !s.refused.includes(n))) return;
    this.write(source, game, op, (prev) => ({
      offered: [...new Set([...(prev?.offered ?? []), ...names])],
      refused: (prev?.refused ?? []).filter((n) => !names.includes(n)),
      checkedAt: prev?.checkedAt ?? this.now(),
      limit: prev?.limit ?? null,
    }));
  }

  /**
   * A request naming these markets was refused as invalid input: find which names, unless this very list
   * was already discovered after a refusal this session (then the refusal is about something else).
   */
  onRefusal(
    source: string,
    game: number,
    op: ProbedOperation,
    names: readonly string[],
  ): Promise<DiscoveryResult | null> {
    const k = `${keyOf(source, game)}|${op}|${[...names].sort().join(',')}`;
    if (this.handled.has(k)) return Promise.resolve(null);
    this.handled.add(k);
    const promise = this.run(source, game, op, names);
    this.investigations.set(promise, keyOf(source, game));
    void promise.finally(() => {
      this.investigations.delete(promise);
      this.changed();
    });
    return promise;
  }

  /**
   * Whether a refusal for this service and game is being looked into: a price load then waits for what it
   * finds (names to leave out, a list-size limit) instead of being refused again with the old lists.
   */
  investigating(source: string | null, game: number): boolean {
    if (source === null) return false;
    const key = keyOf(source, game);
    return [...this.investigations.values()].includes(key);
  }

  /** Discovers `names` for one operation (joins a run already going for the same service, game and operation). */
  run(source: string, game: number, op: ProbedOperation, names: readonly string[]): Promise<DiscoveryResult | null> {
    const runKey = `${keyOf(source, game)}|${op}`;
    const going = this.running.get(runKey);
    if (going) return going.promise;
    // Published names first, unconfirmed candidates last: refusals then stand together, which group testing
    // settles in fewer requests (discovery.ts).
    const rank = (n: string) =>
      ({ published: 0, unknown: 1, candidate: 2 })[
        nameStatus(
          op === 'maxOrders' ? 'maxOrders' : op === 'marketOrderAnalytics' ? 'marketOrderAnalytics' : 'minPrices',
          n,
        )
      ];
    const list = [...new Set(names)].sort((a, b) => rank(a) - rank(b));
    if (list.length === 0) return Promise.resolve(null);
    const abort = new AbortController();
    const progress: RunProgress = { op, requests: 0, refused: [] };
    const stats: ProbeStats = { requests: 0, bytes: 0 };
    const probe = this.deps.probe(op, game, stats);
    // Single-name operations (market order analytics) are asked name by name.
    const single = op === 'marketOrderAnalytics';
    const promise = (async (): Promise<DiscoveryResult | null> => {
      try {
        let result: DiscoveryResult;
        if (single) {
          const refused: string[] = [];
          for (const n of list) {
            // Refused only when refused twice (a single 400 may be transient).
            let no = 0;
            while (no < REFUSALS_TO_CONCLUDE && !(await probe([n], abort.signal)).ok) no++;
            if (no >= REFUSALS_TO_CONCLUDE) refused.push(n);
            this.running.get(runKey)!.progress = { op, requests: stats.requests, refused: [...refused] };
            this.changed();
          }
          result = {
            offered: list.filter((n) => !refused.includes(n)),
            refused,
            requests: stats.requests,
            limit: null,
          };
        } else {
          result = await discoverRefused(list, probe, {
            signal: abort.signal,
            limit: this.opState(source, game, op)?.limit ?? null,
            onProgress: (p) => {
              const r = this.running.get(runKey);
              if (r) r.progress = { op, requests: p.requests, refused: p.refused };
              this.changed();
            },
          });
        }
        this.write(source, game, op, (prev) => ({
          offered: [
            ...new Set([...(prev?.offered ?? []).filter((n) => !result.refused.includes(n)), ...result.offered]),
          ],
          refused: [
            ...new Set([...(prev?.refused ?? []).filter((n) => !result.offered.includes(n)), ...result.refused]),
          ],
          checkedAt: this.now(),
          limit: result.limit,
        }));
        if (this.lastError?.source === source && this.lastError.game === game && this.lastError.op === op)
          this.lastError = null;
        return result;
      } catch (error) {
        if (!abort.signal.aborted) this.lastError = { source, game, op, error };
        return null;
      } finally {
        this.stats.requests += stats.requests;
        this.stats.bytes += stats.bytes;
        this.running.delete(runKey);
        this.changed();
      }
    })();
    this.running.set(runKey, { promise, progress, abort });
    this.changed();
    return promise;
  }

  /** Whether a refusal for this service and game was looked into this session and nothing is running now. */
  settled(source: string, game: number): boolean {
    const prefix = `${keyOf(source, game)}|`;
    return (
      ![...this.running.keys()].some((k) => k.startsWith(prefix)) && [...this.handled].some((k) => k.startsWith(prefix))
    );
  }

  /** Stops every run for another source (the connection changed). */
  abortOthers(source: string | null): void {
    for (const [k, r] of this.running) if (source === null || !k.startsWith(`${source}|`)) r.abort.abort();
  }

  /** Forgets every result for this source and game: the next check starts afresh. */
  forget(source: string, game: number): void {
    const next = { ...this.all() };
    delete next[keyOf(source, game)];
    this.store.write(DISCOVERY_PREF.key, DISCOVERY_PREF.schema, next);
    for (const k of [...this.handled]) if (k.startsWith(`${keyOf(source, game)}|`)) this.handled.delete(k);
  }
}
