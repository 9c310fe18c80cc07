/**
 * The host's exchange rates, for either host (each injects its fetch): the ECB's euro reference rates fetched
 * once a day after publication (schedule.ts), every day kept on disk (rates-file.ts), a RatesSnapshot on every
 * change. Sent: GET <address>eurofxref-hist-90d.xml (nothing kept, or a working day missing after the newest
 * kept) or eurofxref-daily.xml, with an Accept header only: no cookie, key or token, no redirect followed, the
 * body capped before it is read. Nothing at all until the user turns rates on (persisted).
 */
import type { Clock } from '../clock';
import { realClock } from '../clock';
import { readCapped } from '../read-capped';
import { RedirectError, TimeoutError, timedFetch, type FetchFn } from '../timed-fetch';
import type { RatesSettingsRequest, RatesSnapshot } from '../../shared/rates/types';
import { DAILY_FILE, DEFAULT_RATES_URL, HIST_90D_FILE, checkRatesUrl } from './config';
import { EcbFormatError, parseEcbRates } from './ecb-xml';
import { mergeDays, type KeptRates, type RatesStore } from './rates-file';
import { planNextLook, type Plan } from './schedule';

export interface RatesServiceOptions {
  /** The host's fetch (Electron net.fetch adapter, or Node's / the proxy's fetch). */
  readonly fetch: FetchFn;
  readonly store: RatesStore;
  readonly clock?: Clock;
  /** The address MARKET_DESK_RATES_URL set (checked: config.ts); Settings cannot change it then. */
  readonly envUrl?: string | null;
  /** Backoff jitter; default Math.random. */
  readonly random?: () => number;
  /** The largest file read, bytes; default 1 MB (the 90-day file is about 40 kB). */
  readonly maxBytes?: number;
  readonly headersTimeoutMs?: number;
  readonly bodyIdleTimeoutMs?: number;
}

/** A request the host refuses (a bad address, a refresh while rates are off): its message is for the user. */
export class RatesRequestError extends Error {
  override readonly name = 'RatesRequestError';
}

export type RatesListener = (snapshot: RatesSnapshot) => void;

const DEFAULT_MAX_BYTES = 1024 * 1024;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export class RatesService {
  private readonly clock: Clock;
  private kept: KeptRates = { enabled: false, url: '', days: [], lastFetch: null };
  private storageError: string | null = null;
  private failures = 0;
  private nextAt: number | null = null;
  private timer: AbortController | null = null;
  private running: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private disposed = false;
  private readonly listeners = new Set<RatesListener>();

  constructor(private readonly options: RatesServiceOptions) {
    this.clock = options.clock ?? realClock;
  }

  /** Reads what is kept, then schedules the next look (none while rates are off). */
  start(): Promise<void> {
    this.started ??= (async () => {
      const { kept, error } = await this.options.store.load();
      this.kept = kept;
      this.storageError = error;
      this.schedule();
      this.emit();
    })();
    return this.started;
  }

  snapshot(): RatesSnapshot {
    const envUrl = this.options.envUrl ?? null;
    return {
      settings: {
        enabled: this.kept.enabled,
        url: envUrl ?? (this.kept.url || DEFAULT_RATES_URL),
        urlFromEnvironment: envUrl !== null,
      },
      days: this.kept.days,
      lastFetch: this.kept.lastFetch,
      nextRefreshAt: this.nextAt,
      ...(this.storageError ? { storageError: this.storageError } : {}),
    };
  }

  subscribe(listener: RatesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async setSettings(request: RatesSettingsRequest): Promise<RatesSnapshot> {
    await this.start();
    const next = { ...this.kept };
    if (request.url !== undefined && this.options.envUrl == null) {
      if (request.url.trim() === '') next.url = '';
      else {
        const checked = checkRatesUrl(request.url);
        if (!checked.ok) throw new RatesRequestError(checked.message);
        next.url = checked.url === DEFAULT_RATES_URL ? '' : checked.url;
      }
    }
    if (request.enabled !== undefined) next.enabled = request.enabled;
    const changedSource = next.url !== this.kept.url;
    this.kept = next;
    // A new address is a new source: its first look happens now, not after the old one's backoff.
    if (changedSource) this.failures = 0;
    await this.save();
    this.schedule(changedSource);
    this.emit();
    return this.snapshot();
  }

  /** Looks now (the file the schedule would take), whatever the schedule says. */
  async refresh(): Promise<RatesSnapshot> {
    await this.start();
    if (!this.kept.enabled) throw new RatesRequestError('Exchange rates are off: turn them on in Settings first.');
    await this.look(this.plan().file);
    return this.snapshot();
  }

  dispose(): void {
    this.disposed = true;
    this.timer?.abort();
    this.timer = null;
    this.listeners.clear();
  }

  private url(): string {
    return this.options.envUrl ?? (this.kept.url || DEFAULT_RATES_URL);
  }

  private plan(): Plan {
    const days = this.kept.days;
    return planNextLook({
      now: this.clock.now(),
      newestKept: days.length ? days[days.length - 1]!.date : null,
      lastFetch: this.kept.lastFetch,
      failures: this.failures,
      ...(this.options.random ? { random: this.options.random } : {}),
    });
  }

  /** Sets the one timer for the next look (`now`: look at once). */
  private schedule(now = false): void {
    this.timer?.abort();
    this.timer = null;
    if (this.disposed || !this.kept.enabled) {
      this.nextAt = null;
      return;
    }
    const plan = this.plan();
    const at = now ? this.clock.now() : Math.max(plan.at, this.clock.now());
    this.nextAt = at;
    const wait = at - this.clock.now();
    if (wait <= 0) {
      void this.look(plan.file);
      return;
    }
    const timer = new AbortController();
    this.timer = timer;
    this.clock.sleep(wait, timer.signal).then(
      () => {
        if (this.timer !== timer) return;
        this.timer = null;
        void this.look(this.plan().file);
      },
      () => undefined,
    );
  }

  /** One look at a time: a second caller waits for the one in flight. */
  private look(file: Plan['file']): Promise<void> {
    this.running ??= this.fetchAndKeep(file).finally(() => {
      this.running = null;
      this.schedule();
      this.emit();
    });
    return this.running;
  }

  private async fetchAndKeep(file: Plan['file']): Promise<void> {
    const at = this.clock.now();
    try {
      const days = await this.fetchFile(file === 'hist90d' ? HIST_90D_FILE : DAILY_FILE);
      if (this.disposed) return;
      this.kept = { ...this.kept, days: mergeDays(this.kept.days, days), lastFetch: { at, ok: true } };
      this.failures = 0;
    } catch (error) {
      if (this.disposed) return;
      this.failures += 1;
      const message = error instanceof RatesRequestError ? error.message : 'Fetching the exchange rates failed.';
      this.kept = { ...this.kept, lastFetch: { at, ok: false, error: message } };
    }
    await this.save();
  }

  private async fetchFile(name: string): Promise<ReturnType<typeof parseEcbRates>> {
    const url = `${this.url()}${name}`;
    let response: Response;
    try {
      // The headers are built here, never copied from anywhere: the service's key and token cannot ride along.
      response = await timedFetch(
        this.options.fetch,
        url,
        { method: 'GET', headers: { accept: 'application/xml, text/xml;q=0.9' }, credentials: 'omit' },
        {
          clock: this.clock,
          headersTimeoutMs: this.options.headersTimeoutMs ?? 20_000,
          bodyIdleTimeoutMs: this.options.bodyIdleTimeoutMs ?? 20_000,
        },
      );
    } catch (error) {
      if (error instanceof RedirectError) {
        throw new RatesRequestError(
          `The rates source sent the request elsewhere${error.location ? ` (${hostOf(error.location)})` : ''}; Market Desk does not follow redirects. Check the rates address.`,
        );
      }
      if (error instanceof TimeoutError)
        throw new RatesRequestError(`The rates source (${hostOf(url)}) did not answer in time.`);
      throw new RatesRequestError(
        `The rates source (${hostOf(url)}) could not be reached. Check the connection and the rates address.`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new RatesRequestError(`The rates source answered HTTP ${response.status} for ${name}.`);
    }
    const maxBytes = this.options.maxBytes ?? DEFAULT_MAX_BYTES;
    let bytes: Uint8Array | null;
    try {
      bytes = await readCapped(response, maxBytes);
    } catch {
      throw new RatesRequestError(`The rates source broke off while sending ${name}.`);
    }
    if (bytes === null)
      throw new RatesRequestError(
        `The rates file ${name} is larger than ${Math.round(maxBytes / 1024)} kB; it was not read.`,
      );
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new RatesRequestError(`The rates file ${name} is not UTF-8 text.`);
    }
    try {
      return parseEcbRates(text);
    } catch (error) {
      if (error instanceof EcbFormatError) throw new RatesRequestError(`${name}: ${error.message}`);
      throw error;
    }
  }

  private async save(): Promise<void> {
    try {
      await this.options.store.save(this.kept);
      this.storageError = null;
    } catch (error) {
      this.storageError = error instanceof Error ? error.message : 'The exchange rates could not be saved.';
    }
  }

  private emit(): void {
    const snapshot = this.snapshot();
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch {
        // One broken listener (a closed window) must not stop the others.
      }
    }
  }
}
