/**
 * The desktop key vault. The API key is encrypted with Electron's safeStorage (Keychain, DPAPI, libsecret /
 * kwallet) and only the ciphertext, base64, goes into the settings store. Never plain text on disk, never
 * logged, never sent to the renderer.
 *
 * Linux without a keyring (safeStorage backend 'basic_text') "encrypts" with a fixed key: that is not safe,
 * so the key is kept in memory for the session and the status says so ('session-only', weakStorageOnly),
 * unless the user knowingly accepts weaker storage; then the ciphertext is persisted in the settings file,
 * which main opens with mode 0600 ('file-0600'). Where no encryption is available at all, session-only is
 * the only option.
 *
 * Plain module: safeStorage and the store are injected (electron-store in the app, a Map in tests).
 */
import { z } from 'zod';
import type { KeyStorage } from '../../shared/api/status';
import type { KeyVault, StoredConnection } from '../core/connection';

/** The part of Electron's safeStorage this module uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron. */
  getSelectedStorageBackend?(): string;
}

/** electron-store and Map both fit. */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  delete(key: string): unknown;
}

export const CONNECTION_SETTING = 'connection';

const StoredRecordSchema = z.object({
  baseUrl: z.string().max(2048),
  /** base64 of safeStorage.encryptString(apiKey). */
  keyCiphertext: z.string().min(1).max(64 * 1024),
  /** Persisted under basic_text because the user accepted weaker storage. */
  weak: z.boolean(),
});
type StoredRecord = z.infer<typeof StoredRecordSchema>;

export interface SafeKeyVaultOptions {
  readonly safeStorage: SafeStorageLike;
  readonly store: SettingsStore;
  readonly platform: NodeJS.Platform;
}

export class SafeKeyVault implements KeyVault {
  private readonly safeStorage: SafeStorageLike;
  private readonly store: SettingsStore;
  private readonly platform: NodeJS.Platform;
  /** Session-only key (weak storage not accepted); dies with the process. */
  private session: StoredConnection | null = null;
  /** Decrypted once, kept in main-process memory like the broker's copy. */
  private cache: StoredConnection | null = null;

  constructor(options: SafeKeyVaultOptions) {
    this.safeStorage = options.safeStorage;
    this.store = options.store;
    this.platform = options.platform;
  }

  /** No usable OS protection: no encryption at all, or Linux's hard-coded-key 'basic_text'. */
  private weakBackend(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return true;
    return this.platform === 'linux' && this.safeStorage.getSelectedStorageBackend?.() === 'basic_text';
  }

  private record(): StoredRecord | null {
    const parsed = StoredRecordSchema.safeParse(this.store.get(CONNECTION_SETTING));
    return parsed.success ? parsed.data : null;
  }

  read(): StoredConnection | null {
    if (this.session) return this.session;
    if (this.cache) return this.cache;
    const record = this.record();
    if (!record) return null;
    try {
      const apiKey = this.safeStorage.decryptString(Buffer.from(record.keyCiphertext, 'base64'));
      this.cache = { baseUrl: record.baseUrl, apiKey };
      return this.cache;
    } catch {
      // Keyring changed or data damaged: the key can't be recovered; drop it so the user is asked again.
      this.store.delete(CONNECTION_SETTING);
      return null;
    }
  }

  write(connection: StoredConnection, acceptWeak: boolean): void {
    const weak = this.weakBackend();
    const canEncrypt = this.safeStorage.isEncryptionAvailable();
    if (!canEncrypt || (weak && !acceptWeak)) {
      // Don't persist as if safe; also drop an older persisted key so it can't come back next start.
      this.store.delete(CONNECTION_SETTING);
      this.cache = null;
      this.session = { ...connection };
      return;
    }
    const keyCiphertext = this.safeStorage.encryptString(connection.apiKey).toString('base64');
    const record: StoredRecord = { baseUrl: connection.baseUrl, keyCiphertext, weak };
    this.store.set(CONNECTION_SETTING, record);
    this.session = null;
    this.cache = { ...connection };
  }

  clear(): void {
    this.store.delete(CONNECTION_SETTING);
    this.session = null;
    this.cache = null;
  }

  info(): { keyStorage: KeyStorage; weakStorageOnly: boolean } {
    const record = this.session ? null : this.record();
    const keyStorage: KeyStorage = this.session
      ? 'session-only'
      : record
        ? record.weak
          ? 'file-0600'
          : 'os-encrypted'
        : 'none';
    return { keyStorage, weakStorageOnly: this.weakBackend() && !record?.weak };
  }
}
