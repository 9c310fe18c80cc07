/**
 * Counts the requests the back end sends to each service (per origin): every request the broker sends (data,
 * token, retries) is one, a 429 is also counted as such, and the time waited out is added up; hour buckets for
 * 30 days, the last minute's times, and the limits the last answer stated (shared/budget/limit-headers.ts).
 * Persisted through a UsageStore as a versioned record after every change; an unreadable record or another
 * version starts afresh; a failed write keeps the counts in memory, is retried, and is reported (`problem`).
 */
import { z } from 'zod';
import { readLimitHeaders } from '../shared/budget/limit-headers';
import { RequestUsageSchema, StatedLimitSchema, type RequestUsage } from '../shared/budget/usage';
import { realClock, type Clock } from './clock';
import type { FetchFn } from './timed-fetch';

export const USAGE_FORMAT = 1;
const HOUR_MS = 3_600_000;
const KEEP_HOURS = 30 * 24;
const MAX_RECENT = 10_000;
const MAX_ORIGINS = 32;

export interface UsageStore {
  /** The stored record, or undefined when there is none. May throw (unreadable): counting starts afresh. */
  load(): unknown;
  /** Throws when it can't be written. */
  save(record: UsageRecord): void;
}

/** [hour since epoch, requests, 429s, ms waited] */
const BucketSchema = z.tuple([
  z.number().int(),
  z.number().int().nonnegative(),
  z.number().int().nonnegative(),
  z.number().nonnegative(),
]);
const OriginSchema = z.object({
  hours: z.array(BucketSchema).max(KEEP_HOURS + 1),
  recent: z.array(z.number()).max(MAX_RECENT),
  stated: z.array(StatedLimitSchema).max(16),
  statedAt: z.number().nullable(),
});
const UsageRecordSchema = z.object({
  v: z.literal(USAGE_FORMAT),
  origins: z.record(z.string().max(2048), OriginSchema),
});
export type UsageRecord = z.infer<typeof UsageRecordSchema>;
type OriginUsage = z.infer<typeof OriginSchema>;

export interface MeterOptions {
  readonly store?: UsageStore | null;
  readonly clock?: Clock;
}

export class RequestMeter {
  private readonly store: UsageStore | null;
  private readonly clock: Clock;
  private readonly origins = new Map<string, OriginUsage>();
  private problem: string | null = null;

  constructor(options: MeterOptions = {}) {
    this.store = options.store ?? null;
    this.clock = options.clock ?? realClock;
    this.restore();
  }

  /** One request sent to `url`'s origin, and what its answer said (null: no answer, e.g. network failure). */
  record(
    url: string,
    answer: { readonly status: number; readonly headers: { get(name: string): string | null } } | null,
  ): void {
    const origin = originOf(url);
    if (origin === null) return;
    const now = this.clock.now();
    const usage = this.usage(origin);
    const bucket = this.bucket(usage, now);
    bucket[1] += 1;
    usage.recent.push(now);
    if (answer) {
      if (answer.status === 429) bucket[2] += 1;
      const { limits } = readLimitHeaders(answer.headers, now);
      if (limits.length > 0) {
        usage.stated = limits.slice(0, 16).map((l) => ({ ...l }));
        usage.statedAt = now;
      }
    }
    this.prune(usage, now);
    this.persist();
  }

  /** The broker waited `ms` after a 429 from `url`. */
  waited(url: string, ms: number): void {
    const origin = originOf(url);
    if (origin === null || !Number.isFinite(ms) || ms <= 0) return;
    const usage = this.usage(origin);
    this.bucket(usage, this.clock.now())[3] += ms;
    this.persist();
  }

  /** fetch, counting every request it sends. */
  wrap(fetchFn: FetchFn): FetchFn {
    return async (input, init) => {
      let response: Response;
      try {
        response = await fetchFn(input, init);
      } catch (error) {
        this.record(input, null);
        throw error;
      }
      this.record(input, response);
      return response;
    };
  }

  /** The counts for `url`'s origin; `embedded`: it is the built-in service (shown as origin ''). */
  snapshot(url: string, embedded = false): RequestUsage {
    const origin = originOf(url) ?? '';
    const now = this.clock.now();
    const usage = this.origins.get(origin);
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    const todayHour = Math.floor(midnight.getTime() / HOUR_MS);
    const firstHour = Math.floor(now / HOUR_MS) - KEEP_HOURS + 1;
    let today = 0;
    let last30Days = 0;
    let rateLimitedToday = 0;
    let rateLimited30Days = 0;
    let waited = 0;
    for (const [hour, requests, limited, ms] of usage?.hours ?? []) {
      if (hour < firstHour) continue;
      last30Days += requests;
      rateLimited30Days += limited;
      waited += ms;
      if (hour >= todayHour) {
        today += requests;
        rateLimitedToday += limited;
      }
    }
    return RequestUsageSchema.parse({
      origin: embedded ? '' : origin,
      lastMinute: (usage?.recent ?? []).filter((t) => t > now - 60_000 && t <= now).length,
      today,
      last30Days,
      rateLimitedToday,
      rateLimited30Days,
      waitedMs30Days: Math.round(waited),
      stated: usage?.stated ?? [],
      statedAt: usage?.statedAt ?? null,
      problem: this.problem,
    });
  }

  private usage(origin: string): OriginUsage {
    let usage = this.origins.get(origin);
    if (!usage) {
      usage = { hours: [], recent: [], stated: [], statedAt: null };
      this.origins.set(origin, usage);
      if (this.origins.size > MAX_ORIGINS) this.dropOldestOrigin();
    }
    return usage;
  }

  private bucket(usage: OriginUsage, now: number): [number, number, number, number] {
    const hour = Math.floor(now / HOUR_MS);
    let last = usage.hours[usage.hours.length - 1];
    if (!last || last[0] !== hour) {
      last = [hour, 0, 0, 0];
      usage.hours.push(last);
    }
    return last;
  }

  private prune(usage: OriginUsage, now: number): void {
    const firstHour = Math.floor(now / HOUR_MS) - KEEP_HOURS;
    while (usage.hours.length > 0 && usage.hours[0]![0] < firstHour) usage.hours.shift();
    const cut = usage.recent.findIndex((t) => t > now - 60_000);
    usage.recent.splice(0, cut < 0 ? usage.recent.length : cut);
    if (usage.recent.length > MAX_RECENT) usage.recent.splice(0, usage.recent.length - MAX_RECENT);
  }

  private dropOldestOrigin(): void {
    let oldest: string | null = null;
    let oldestHour = Number.POSITIVE_INFINITY;
    for (const [origin, usage] of this.origins) {
      const hour = usage.hours[usage.hours.length - 1]?.[0] ?? Number.NEGATIVE_INFINITY;
      if (hour < oldestHour) {
        oldestHour = hour;
        oldest = origin;
      }
    }
    if (oldest !== null) this.origins.delete(oldest);
  }

  private restore(): void {
    if (!this.store) return;
    let raw: unknown;
    try {
      raw = this.store.load();
    } catch (error) {
      this.problem = `The request counts kept earlier could not be read (${messageOf(error)}); counting starts afresh.`;
      return;
    }
    if (raw === undefined || raw === null) return;
    const parsed = UsageRecordSchema.safeParse(raw);
    if (!parsed.success) return; // another version, or damaged: start afresh (the next save replaces it)
    for (const [origin, usage] of Object.entries(parsed.data.origins)) this.origins.set(origin, usage);
  }

  private persist(): void {
    if (!this.store) return;
    const record: UsageRecord = { v: USAGE_FORMAT, origins: Object.fromEntries(this.origins) };
    try {
      this.store.save(record);
      this.problem = null;
    } catch (error) {
      this.problem = `The request counts could not be saved (${messageOf(error)}); they are kept until Market Desk closes and saved again at the next request.`;
    }
  }
}

/** The origin of a URL ('' stays ''), or null for something that is not one. */
function originOf(url: string): string | null {
  if (url === '') return '';
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
