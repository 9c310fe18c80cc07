/**
 * The connection controller: which upstream the gateway talks to (the user's service with their key, or the
 * embedded reference service with the demo key), where the key is kept (a host-specific KeyVault), and the
 * ConnectionStatus that follows from it. Shared by the Electron main process and the web host.
 */
import { STATUS_TEXT, type ConnectionState, type ConnectionStatus, type ConnectRequest, type KeyStorage } from '../../shared/api/status';
import { API_PREFIX } from '../../shared/api/schema';
import { realClock, type Clock } from './clock';
import { StatusHub } from './status-hub';
import { TokenBroker, UpstreamFailure, type BrokerOptions, type BrokerTarget, type Outcome } from './token-broker';

export interface StoredConnection {
  /** '' = the embedded service. */
  readonly baseUrl: string;
  readonly apiKey: string;
}

/** Where the key lives. Electron: safeStorage ciphertext; web host: memory or a 0600 file. */
export interface KeyVault {
  read(): StoredConnection | null;
  /** acceptWeak: the user knowingly accepts storage that is not OS-encrypted. */
  write(connection: StoredConnection, acceptWeak: boolean): void;
  clear(): void;
  info(): { readonly keyStorage: KeyStorage; readonly weakStorageOnly: boolean };
}

export interface EmbeddedService {
  readonly url: string;
  readonly demoKey: string;
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
}

type Mode = 'demo' | 'live';

export class ConnectionController {
  readonly hub: StatusHub;
  private readonly vault: KeyVault;
  private readonly embedded: EmbeddedService;
  private readonly clock: Clock;
  private readonly brokerOptions: Omit<BrokerOptions, 'target' | 'onOutcome' | 'clock'>;
  private broker: TokenBroker;
  private mode: Mode = 'demo';
  /** As the user gave it ('' = embedded service); shown in the status. */
  private baseUrl = '';

  constructor(options: ConnectionControllerOptions) {
    this.vault = options.vault;
    this.embedded = options.embedded;
    this.clock = options.clock ?? realClock;
    this.brokerOptions = options.broker ?? {};
    const info = this.vault.info();
    this.hub = new StatusHub({
      state: 'connecting',
      baseUrl: '',
      ...STATUS_TEXT.connecting,
      hasKey: info.keyStorage !== 'none',
      keyStorage: info.keyStorage,
      weakStorageOnly: info.weakStorageOnly,
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

  /** At start: the stored key if there is one, else demo data. */
  async start(): Promise<ConnectionStatus> {
    const stored = this.vault.read();
    if (stored) return this.connectTo(stored, null);
    return this.useDemo();
  }

  async connect(request: ConnectRequest): Promise<ConnectionStatus> {
    const baseUrl = normalizeBaseUrl(request.baseUrl);
    // An empty key field means "keep my key" (the user is only changing the Base URL).
    const apiKey = request.apiKey.trim() || this.vault.read()?.apiKey || '';
    if (!apiKey) throw new ConnectRequestError('Enter your API key.');
    return this.connectTo({ baseUrl, apiKey }, request.acceptWeakStorage);
  }

  /**
   * A connection given by the environment (MDS_BASE_URL / MDS_API_KEY): kept without OS encryption only as
   * the vault allows (memory in the web host) and used at once, like a stored one, whatever its status.
   */
  async preset(request: Omit<ConnectRequest, 'acceptWeakStorage'>): Promise<ConnectionStatus> {
    const connection = { baseUrl: normalizeBaseUrl(request.baseUrl), apiKey: request.apiKey.trim() || this.vault.read()?.apiKey || this.embedded.demoKey };
    this.vault.write(connection, false);
    return this.connectTo(connection, null);
  }

  async useDemo(): Promise<ConnectionStatus> {
    this.mode = 'demo';
    this.baseUrl = '';
    const broker = this.install({ baseUrl: this.embedded.url, apiKey: this.embedded.demoKey });
    this.publish('connecting');
    return this.verify(broker);
  }

  async forgetKey(): Promise<ConnectionStatus> {
    this.vault.clear();
    return this.useDemo();
  }

  dispose(): void {
    this.broker.dispose();
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
    const state = await this.tryToken(candidate);
    if (state !== 'connected' && state !== 'no-access') {
      candidate.dispose();
      return this.describe(state, connection.baseUrl);
    }
    this.broker.dispose();
    this.broker = candidate;
    this.mode = 'live';
    this.baseUrl = connection.baseUrl;
    this.vault.write(connection, persist);
    return this.publish(state);
  }

  /** The state a token request leaves a broker in, without publishing anything. */
  private async tryToken(broker: TokenBroker): Promise<ConnectionState> {
    try {
      await broker.getToken();
      return 'connected';
    } catch (error) {
      return error instanceof UpstreamFailure ? error.kind : 'offline';
    }
  }

  /** Gets a token now so the status says at once whether the key works. */
  private async verify(broker: TokenBroker): Promise<ConnectionStatus> {
    try {
      await broker.getToken();
      if (broker === this.broker) this.onOutcome(broker, { ok: true });
    } catch (error) {
      if (broker === this.broker) {
        const kind = error instanceof UpstreamFailure ? error.kind : 'offline';
        this.onOutcome(broker, { ok: false, kind });
      }
    }
    return this.hub.get();
  }

  private install(target: BrokerTarget): TokenBroker {
    this.broker.dispose();
    this.broker = this.makeBroker(target);
    return this.broker;
  }

  private makeBroker(target: BrokerTarget): TokenBroker {
    const broker: TokenBroker = new TokenBroker({
      ...this.brokerOptions,
      target,
      clock: this.clock,
      onOutcome: (outcome) => this.onOutcome(broker, outcome),
    });
    return broker;
  }

  private onOutcome(broker: TokenBroker, outcome: Outcome): void {
    if (broker !== this.broker) return; // a replaced connection's late answer
    if (outcome.ok) this.publish(this.mode === 'demo' ? 'demo' : 'connected');
    else this.publish(outcome.kind);
  }

  private publish(state: ConnectionState): ConnectionStatus {
    const { since: _since, ...status } = this.describe(state, this.baseUrl);
    return this.hub.set(status, this.clock.now());
  }

  private describe(state: ConnectionState, baseUrl: string): ConnectionStatus {
    const info = this.vault.info();
    return {
      state,
      baseUrl,
      ...STATUS_TEXT[state],
      hasKey: info.keyStorage !== 'none',
      keyStorage: info.keyStorage,
      weakStorageOnly: info.weakStorageOnly,
      since: this.clock.now(),
    };
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * '' stays '' (embedded service). Otherwise an https URL (http only for loopback, so a key never crosses a
 * network in clear text), no credentials, no query; a pasted trailing /api/v2 is dropped.
 */
export function normalizeBaseUrl(input: string): string {
  const raw = input.trim();
  if (raw === '') return '';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConnectRequestError('The Base URL is not a valid address (it should start with https://).');
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new ConnectRequestError('The Base URL must start with https:// (http:// is allowed only for this computer).');
  }
  if (url.username || url.password) throw new ConnectRequestError('The Base URL must not contain a user name or password.');
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  return url.origin + path;
}
