/**
 * The connection controller: which upstream the gateway talks to (the user's service with their key, or the
 * embedded reference service with the demo key), where the key is kept (a host-specific KeyVault), and the
 * ConnectionStatus that follows from it. Shared by the Electron main process and the web host.
 */
import {
  KEYRING_LOCKED_TEXT,
  STATUS_TEXT,
  type ConnectionState,
  type ConnectionStatus,
  type ConnectRequest,
  type KeyStorage,
} from '../shared/api/status';
import { checkBaseUrl } from '../shared/api/base-url';
import { realClock, type Clock } from './clock';
import { RequestMeter } from './request-meter';
import { backoffDelayMs } from './retry-policy';
import type { RequestUsage } from '../shared/budget/usage';
import { StatusHub } from './status-hub';
import {
  failureOutcome,
  TokenBroker,
  UpstreamFailure,
  type BrokerOptions,
  type BrokerTarget,
  type Outcome,
} from './token-broker';

export interface StoredConnection {
  /** '' = the embedded service. */
  readonly baseUrl: string;
  readonly apiKey: string;
}

/**
 * Where the key lives. Electron: safeStorage ciphertext; web host: memory or a 0600 file. read() returns null
 * while the keyring is locked (info() then says 'keyring-locked'), and tries again at the next call.
 */
export interface KeyVault {
  read(): StoredConnection | null;
  /**
   * acceptWeak: the user knowingly accepts storage that is not OS-encrypted. Throws KeyStorageError when the
   * key can't be stored (keyring locked); nothing changes then.
   */
  write(connection: StoredConnection, acceptWeak: boolean): void;
  clear(): void;
  info(): { readonly keyStorage: KeyStorage; readonly weakStorageOnly: boolean };
}

export interface EmbeddedService {
  readonly url: string;
  readonly demoKey: string;
}

/** The vault could not store the key (keyring locked, access denied); its message is for the user. */
export class KeyStorageError extends Error {
  override readonly name = 'KeyStorageError';
}

/** A connect request that can't be carried out as asked; its message is for the user. */
export class ConnectRequestError extends Error {
  override readonly name = 'ConnectRequestError';
}

export interface ConnectionControllerOptions {
  readonly vault: KeyVault;
  readonly embedded: EmbeddedService;
  readonly clock?: Clock;
  /** fetch, timeouts, backoff: passed to every broker. */
  readonly broker?: Omit<BrokerOptions, 'target' | 'onOutcome' | 'clock'>;
  /** Jitter source of the reconnect backoff (tests pin it). */
  readonly random?: () => number;
  /** Reconnect backoff: the first wait and the longest (defaults 1 s doubling to 30 s). */
  readonly reconnectBaseMs?: number;
  readonly reconnectCapMs?: number;
  /** Counts every request the brokers send (request-meter.ts); default an unsaved one. */
  readonly meter?: RequestMeter;
}

type Mode = 'demo' | 'live';
type OutcomeSource = 'data' | 'probe';

/** States that pass by themselves when the service comes back, so the controller keeps trying. */
const RECONNECTING_STATES: ReadonlySet<ConnectionState> = new Set(['offline', 'server-error']);

/**
 * The origin a key is bound to: '' for the embedded service, else the Base URL's origin. A stored key is
 * only ever sent to the origin it was entered for.
 */
function keyOrigin(baseUrl: string): string {
  return baseUrl === '' ? '' : new URL(baseUrl).origin;
}

export class ConnectionController {
  readonly hub: StatusHub;
  private readonly vault: KeyVault;
  private readonly embedded: EmbeddedService;
  private readonly clock: Clock;
  private readonly brokerOptions: Omit<BrokerOptions, 'target' | 'onOutcome' | 'clock'>;
  private readonly meter: RequestMeter;
  private broker: TokenBroker;
  private mode: Mode = 'demo';
  /** As the user gave it ('' = embedded service); shown in the status. */
  private baseUrl = '';
  private readonly random: () => number;
  private readonly reconnectBaseMs: number;
  private readonly reconnectCapMs: number;
  /** Reconnect tries since the last request that got data; the backoff grows with it. */
  private reconnectAttempt = 0;
  private reconnectTimer: AbortController | null = null;
  private nextRetryAt: number | null = null;
  /** Why start-up fell back to demo data (a stored Base URL the rules refuse); shown with the demo status. */
  private startNotice: { readonly message: string; readonly action: string } | null = null;
  /** Start-up found a stored key the keyring would not open: Retry reads it again. */
  private keyringLocked = false;
  /**
   * A key given by the environment (preset): used, and reused for its origin, but never written to the vault
   * nor removed from it; only the user's own Connect or Forget changes the stored key.
   */
  private held: StoredConnection | null = null;

  constructor(options: ConnectionControllerOptions) {
    this.vault = options.vault;
    this.embedded = options.embedded;
    this.clock = options.clock ?? realClock;
    this.brokerOptions = options.broker ?? {};
    this.meter = options.meter ?? new RequestMeter({ clock: this.clock });
    this.random = options.random ?? Math.random;
    this.reconnectBaseMs = options.reconnectBaseMs ?? 1_000;
    this.reconnectCapMs = options.reconnectCapMs ?? 30_000;
    const info = this.vault.info();
    this.hub = new StatusHub({
      state: 'connecting',
      baseUrl: '',
      ...STATUS_TEXT.connecting,
      hasKey: info.keyStorage !== 'none',
      keyStorage: info.keyStorage,
      weakStorageOnly: info.weakStorageOnly,
      nextRetryAt: null,
      since: this.clock.now(),
    });
    this.broker = this.makeBroker({ baseUrl: this.embedded.url, apiKey: this.embedded.demoKey });
  }

  /** The broker for the current connection; the gateway asks for it per request. */
  currentBroker(): TokenBroker {
    return this.broker;
  }

  getStatus(): ConnectionStatus {
    return this.hub.get();
  }

  /** The requests sent to the service in use (the built-in one shows as origin ''). */
  requestUsage(): RequestUsage {
    const url = this.broker.target.baseUrl;
    return this.meter.snapshot(url, url === this.embedded.url.replace(/\/+$/, ''));
  }

  /**
   * At start: the stored key if there is one, else demo data. The stored Base URL is checked with the same
   * rules as Settings (https, or http only to this computer) before the key goes anywhere.
   */
  async start(): Promise<ConnectionStatus> {
    this.startNotice = null;
    this.held = null;
    const stored = this.vault.read();
    this.keyringLocked = !stored && this.vault.info().keyStorage === 'keyring-locked';
    if (stored) {
      const checked = checkBaseUrl(stored.baseUrl);
      if (checked.ok) return this.connectTo({ baseUrl: checked.baseUrl, apiKey: stored.apiKey }, null);
      this.startNotice = {
        message: `The saved Base URL can\u2019t be used: ${checked.problem}`,
        action:
          'Your key was not sent anywhere. Enter the Base URL and the key again in Settings; demo data is shown meanwhile.',
      };
    }
    return this.useDemo();
  }

  async connect(request: ConnectRequest): Promise<ConnectionStatus> {
    const baseUrl = normalizeBaseUrl(request.baseUrl);
    // An empty key field means "keep my key", but only for the origin that key was entered for: a stored
    // key never goes to another host, whoever asks.
    const apiKey = request.apiKey.trim() || this.storedKeyFor(baseUrl);
    if (!apiKey) {
      if (this.vault.info().keyStorage === 'keyring-locked') throw new ConnectRequestError(KEYRING_LOCKED_TEXT.message);
      const stored = this.vault.read();
      throw new ConnectRequestError(
        stored
          ? `Your saved key belongs to ${describeOrigin(stored.baseUrl)}. Enter the API key for ${describeOrigin(baseUrl)}.`
          : 'Enter your API key.',
      );
    }
    return this.connectTo({ baseUrl, apiKey }, request.acceptWeakStorage);
  }

  /**
   * A connection given by the environment (MDS_BASE_URL / MDS_API_KEY): held in memory only and used at once,
   * like a stored one, whatever its status. The stored key is only read: a scripted run never replaces or
   * deletes what the user saved. Without a key, the stored key is used only if it was entered for that
   * origin; else demo data.
   */
  async preset(request: Omit<ConnectRequest, 'acceptWeakStorage'>): Promise<ConnectionStatus> {
    const baseUrl = normalizeBaseUrl(request.baseUrl);
    const given = request.apiKey.trim();
    const apiKey = given || this.storedKeyFor(baseUrl);
    this.held = given ? { baseUrl, apiKey: given } : null;
    if (!apiKey) return this.useDemo();
    return this.connectTo({ baseUrl, apiKey }, null);
  }

  /**
   * Tries the connection again now (the user pressed Retry), instead of at the next scheduled try. With the
   * keyring locked, Retry reads the stored key again (the user has unlocked it, or not yet).
   */
  async retryNow(): Promise<ConnectionStatus> {
    if (this.keyringLocked) return this.start();
    if (!RECONNECTING_STATES.has(this.hub.get().state)) return this.hub.get();
    this.cancelReconnect();
    await this.probe();
    return this.hub.get();
  }

  async useDemo(): Promise<ConnectionStatus> {
    this.mode = 'demo';
    this.baseUrl = '';
    const broker = this.install({ baseUrl: this.embedded.url, apiKey: this.embedded.demoKey });
    this.publish('connecting');
    return this.verify(broker);
  }

  /**
   * Forgets the key in use: a preset held in memory first (a saved key it stood in for stays, and the status
   * then shows that one, for a second Forget), else the stored key.
   */
  async forgetKey(): Promise<ConnectionStatus> {
    if (this.held) {
      this.held = null;
      return this.useDemo();
    }
    this.vault.clear();
    this.startNotice = null;
    this.keyringLocked = false;
    return this.useDemo();
  }

  dispose(): void {
    this.cancelReconnect();
    this.broker.dispose();
  }

  /** The key in use or stored when it was entered for baseUrl's origin, else ''. */
  private storedKeyFor(baseUrl: string): string {
    const stored = this.held ?? this.vault.read();
    if (!stored) return '';
    return sameOrigin(stored.baseUrl, baseUrl) ? stored.apiKey : '';
  }

  /**
   * persist: null = already stored (start-up: switch at once, the status tells how it went), else the
   * user's acceptWeakStorage choice. A user's new connection is tried on the side first: only a key the
   * service accepts replaces the current connection and is stored, so a typo never costs the user the
   * connection (or demo data) they had. A failed try returns its status without publishing it.
   */
  private async connectTo(connection: StoredConnection, persist: boolean | null): Promise<ConnectionStatus> {
    const upstream = connection.baseUrl === '' ? this.embedded.url : connection.baseUrl;
    if (persist === null) {
      this.mode = 'live';
      this.baseUrl = connection.baseUrl;
      const broker = this.install({ baseUrl: upstream, apiKey: connection.apiKey });
      this.publish('connecting');
      return this.verify(broker);
    }
    const candidate = this.makeBroker({ baseUrl: upstream, apiKey: connection.apiKey });
    const outcome = await this.tryToken(candidate);
    const state: ConnectionState = outcome.ok ? 'connected' : outcome.kind;
    if (state !== 'connected' && state !== 'no-access') {
      candidate.dispose();
      return this.describe(state, connection.baseUrl, null, outcome.ok ? undefined : outcome.message);
    }
    try {
      // Stored first: a key that can't be stored (keyring locked) changes nothing, like a refused one.
      this.vault.write(connection, persist);
    } catch (error) {
      candidate.dispose();
      throw error instanceof KeyStorageError ? new ConnectRequestError(error.message) : error;
    }
    this.startNotice = null;
    this.keyringLocked = false;
    this.held = null;
    this.broker.dispose();
    this.broker = candidate;
    this.mode = 'live';
    this.baseUrl = connection.baseUrl;
    return this.publish(state);
  }

  /** How a token request went for a broker, without publishing anything. */
  private async tryToken(broker: TokenBroker, fresh = false): Promise<Outcome> {
    try {
      await (fresh ? broker.renewToken() : broker.getToken());
      return { ok: true };
    } catch (error) {
      return error instanceof UpstreamFailure ? failureOutcome(error) : { ok: false, kind: 'offline' };
    }
  }

  /** Gets a token now so the status says at once whether the key works. */
  private async verify(broker: TokenBroker, fresh = false): Promise<ConnectionStatus> {
    const outcome = await this.tryToken(broker, fresh);
    if (broker === this.broker) this.onOutcome(broker, outcome, 'probe');
    return this.hub.get();
  }

  /** One reconnect try: a fresh token proves the service is back (a held token proves nothing). */
  private async probe(): Promise<void> {
    await this.verify(this.broker, true);
  }

  private install(target: BrokerTarget): TokenBroker {
    this.broker.dispose();
    this.cancelReconnect();
    this.reconnectAttempt = 0;
    this.broker = this.makeBroker(target);
    return this.broker;
  }

  private makeBroker(target: BrokerTarget): TokenBroker {
    const fetchFn = this.brokerOptions.fetch ?? ((input, init) => fetch(input, init));
    const broker: TokenBroker = new TokenBroker({
      ...this.brokerOptions,
      fetch: this.meter.wrap(fetchFn),
      onRateLimitWait: (ms, url) => this.meter.waited(url, ms),
      target,
      clock: this.clock,
      onOutcome: (outcome) => this.onOutcome(broker, outcome, 'data'),
    });
    return broker;
  }

  private onOutcome(broker: TokenBroker, outcome: Outcome, source: OutcomeSource): void {
    if (broker !== this.broker) return; // a replaced connection's late answer
    // Only data that arrived ends a bad spell: a token alone (the service half up) keeps the backoff growing.
    if (outcome.ok && source === 'data') this.reconnectAttempt = 0;
    if (outcome.ok) this.publish(this.mode === 'demo' ? 'demo' : 'connected');
    else this.publish(outcome.kind, outcome.message);
  }

  private publish(state: ConnectionState, message?: string): ConnectionStatus {
    if (RECONNECTING_STATES.has(state)) this.scheduleReconnect();
    else this.cancelReconnect();
    const { since: _since, ...status } = this.describe(state, this.baseUrl, this.nextRetryAt, message);
    return this.hub.set(status, this.clock.now());
  }

  /**
   * While the service is unreachable or failing, try again by itself with jittered exponential backoff
   * (about 1 s doubling to 30 s); the status carries the time of the next try so the UI can show it.
   */
  private scheduleReconnect(): void {
    if (this.reconnectTimer) return;
    this.reconnectAttempt += 1;
    const wait = backoffDelayMs(this.reconnectAttempt, this.random, this.reconnectBaseMs, this.reconnectCapMs);
    const timer = new AbortController();
    this.reconnectTimer = timer;
    this.nextRetryAt = this.clock.now() + wait;
    this.clock.sleep(wait, timer.signal).then(
      () => {
        if (this.reconnectTimer !== timer) return;
        this.reconnectTimer = null;
        this.nextRetryAt = null;
        void this.probe();
      },
      () => undefined,
    );
  }

  private cancelReconnect(): void {
    this.reconnectTimer?.abort();
    this.reconnectTimer = null;
    this.nextRetryAt = null;
  }

  private describe(
    state: ConnectionState,
    baseUrl: string,
    nextRetryAt: number | null = null,
    message?: string,
  ): ConnectionStatus {
    const info = this.vault.info();
    const keyStorage: KeyStorage = this.held ? 'memory' : info.keyStorage;
    return {
      state,
      baseUrl,
      ...this.words(state, keyStorage, message),
      hasKey: keyStorage !== 'none',
      keyStorage,
      weakStorageOnly: info.weakStorageOnly,
      nextRetryAt,
      since: this.clock.now(),
    };
  }

  /** The sentence and the advice for a status: a specific message, else what demo data stands in for, else the usual. */
  private words(state: ConnectionState, keyStorage: KeyStorage, message?: string): { message: string; action: string } {
    if (message) return { message, action: 'Put the address the service redirects to in the Base URL (Settings).' };
    if (state === 'demo' && keyStorage === 'keyring-locked') return KEYRING_LOCKED_TEXT;
    if (state === 'demo' && this.startNotice) return this.startNotice;
    return STATUS_TEXT[state];
  }
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return keyOrigin(a) === keyOrigin(b);
  } catch {
    return false;
  }
}

function describeOrigin(baseUrl: string): string {
  return baseUrl === '' ? 'the built-in reference service' : keyOrigin(baseUrl);
}

/** The Base URL rules (shared/api/base-url.ts) with a broken rule as a ConnectRequestError. */
export function normalizeBaseUrl(input: string): string {
  const checked = checkBaseUrl(input);
  if (!checked.ok) throw new ConnectRequestError(checked.problem);
  return checked.baseUrl;
}
