/**
 * The desktop key vault: the API key and its Base URL encrypted together with Electron's safeStorage, one
 * ciphertext in the settings store, so editing the settings file cannot point the key at another host.
 * Never plain text on disk, never logged, never sent to the renderer. Without a keyring the key stays in memory
 * unless the user accepts weaker storage; a record that cannot be decrypted is kept ('keyring-locked').
 * The safeStorage facts this relies on, with sources: README.md here. safeStorage and the store are injected
 * (electron-store in the app, a Map in tests).
 */
import { z } from 'zod';
import { KEYRING_LOCKED_TEXT, type KeyStorage } from '../../shared/api/status';
import { KeyStorageError, type KeyVault, type StoredConnection } from '../../backend/connection';

/** The part of Electron's safeStorage this module uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron. */
  getSelectedStorageBackend?(): string;
  /** Linux: allow the 'basic_text' backend's hard-coded password. A no-op elsewhere. */
  setUsePlainTextEncryption?(usePlainText: boolean): void;
}

/** electron-store and Map both fit. */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): unknown;
  delete(key: string): unknown;
}

export const CONNECTION_SETTING = 'connection';
const SEALED_FORMAT = 2;

/** What is stored now. */
const SealedRecordSchema = z.object({
  v: z.literal(SEALED_FORMAT),
  /** base64 of safeStorage.encryptString(JSON.stringify({ v, baseUrl, key })). */
  sealed: z
    .string()
    .min(1)
    .max(64 * 1024),
  /** false: Linux 'basic_text' with plain-text encryption, stored because the user accepted it. */
  osEncrypted: z.boolean(),
});
type SealedRecord = z.infer<typeof SealedRecordSchema>;

/** The first format: the Base URL in plain text next to the encrypted key. Read once, then migrated. */
const LegacyRecordSchema = z.object({
  baseUrl: z.string().max(2048),
  keyCiphertext: z
    .string()
    .min(1)
    .max(64 * 1024),
  weak: z.boolean(),
});

/** Inside the ciphertext. */
const SealedPayloadSchema = z.object({
  v: z.literal(SEALED_FORMAT),
  baseUrl: z.string().max(2048),
  key: z.string().min(1).max(4096),
});

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
  /** The last read found a record the keyring would not decrypt; the next read tries again. */
  private locked = false;

  constructor(options: SafeKeyVaultOptions) {
    this.safeStorage = options.safeStorage;
    this.store = options.store;
    this.platform = options.platform;
  }

  /** Linux's keyring-less backend: "encryption" with a hard-coded password. */
  private basicText(): boolean {
    return this.platform === 'linux' && this.safeStorage.getSelectedStorageBackend?.() === 'basic_text';
  }

  /** Encryption the OS really protects (not basic_text, even once plain-text encryption is on). */
  private osEncryption(): boolean {
    return !this.basicText() && this.safeStorage.isEncryptionAvailable();
  }

  /** "Store it anyway" can work: basic_text, whose plain-text encryption can be switched on. */
  private weakPossible(): boolean {
    return this.basicText() && typeof this.safeStorage.setUsePlainTextEncryption === 'function';
  }

  private allowPlainText(): void {
    if (this.weakPossible()) this.safeStorage.setUsePlainTextEncryption?.(true);
  }

  /** The stored record, as { osEncrypted, read() } whatever its format; null when none (or not ours). */
  private stored(): { osEncrypted: boolean; decrypt: () => StoredConnection; legacy: boolean } | null {
    const raw = this.store.get(CONNECTION_SETTING);
    const sealed = SealedRecordSchema.safeParse(raw);
    if (sealed.success) {
      return {
        osEncrypted: sealed.data.osEncrypted,
        legacy: false,
        decrypt: () => {
          const json = parseJson(this.decrypt(sealed.data.sealed));
          // Not JSON at all: garbage from another key (see above), as good as a failed decrypt.
          if (json === null) throw new UndecryptableRecord();
          const payload = SealedPayloadSchema.safeParse(json);
          if (!payload.success) throw new UnreadableRecord();
          return { baseUrl: payload.data.baseUrl, apiKey: payload.data.key };
        },
      };
    }
    const legacy = LegacyRecordSchema.safeParse(raw);
    if (legacy.success) {
      return {
        osEncrypted: !legacy.data.weak,
        legacy: true,
        decrypt: () => {
          const apiKey = this.decrypt(legacy.data.keyCiphertext);
          // A sealed ciphertext pasted in as an "old key" would send {baseUrl, key} itself to a host of the
          // editor's choosing: an old record only ever held the bare key.
          if (SealedPayloadSchema.safeParse(parseJson(apiKey)).success) throw new UnreadableRecord();
          // Garbage from another key is not a key (Settings refuses keys with spaces; U+FFFD and control
          // characters are what random bytes read as UTF-8 give): not to be sent, nor migrated over the record.
          if (!couldBeTypedKey(apiKey)) throw new UndecryptableRecord();
          return { baseUrl: legacy.data.baseUrl, apiKey };
        },
      };
    }
    return null;
  }

  private decrypt(base64: string): string {
    return this.safeStorage.decryptString(Buffer.from(base64, 'base64'));
  }

  private seal(connection: StoredConnection, osEncrypted: boolean): SealedRecord {
    const payload = JSON.stringify({ v: SEALED_FORMAT, baseUrl: connection.baseUrl, key: connection.apiKey });
    let ciphertext: Buffer;
    try {
      ciphertext = this.safeStorage.encryptString(payload);
    } catch {
      // Same causes as a failed decrypt (Keychain "Deny", a locked keyring): the user can fix it.
      throw new KeyStorageError(`Market Desk could not save your key. ${KEYRING_LOCKED_TEXT.message}`);
    }
    return { v: SEALED_FORMAT, sealed: ciphertext.toString('base64'), osEncrypted };
  }

  read(): StoredConnection | null {
    if (this.session) return this.session;
    if (this.cache) return this.cache;
    const record = this.stored();
    if (!record) return null;
    // A record stored under basic_text needs plain-text encryption on to be read back (else "not available").
    if (!record.osEncrypted) this.allowPlainText();
    let connection: StoredConnection;
    try {
      connection = record.decrypt();
    } catch (error) {
      if (error instanceof UnreadableRecord) {
        // Decrypted, yet not ours: no keyring state explains it and no retry fixes it.
        this.store.delete(CONNECTION_SETTING);
        this.locked = false;
        return null;
      }
      // Locked, denied, or a keyring that is not there this session: keep the record, say so, retry later.
      this.locked = true;
      return null;
    }
    this.locked = false;
    if (record.legacy) {
      try {
        this.store.set(CONNECTION_SETTING, this.seal(connection, record.osEncrypted));
      } catch {
        // Migration needs encryption now; the old record stays readable and is migrated next time.
      }
    }
    this.cache = connection;
    return connection;
  }

  write(connection: StoredConnection, acceptWeak: boolean): void {
    if (this.platform === 'linux' && this.safeStorage.getSelectedStorageBackend?.() === 'unknown') {
      throw new KeyStorageError(
        'Market Desk could not save your key: the system keyring is not ready yet. Try again in a moment.',
      );
    }
    let osEncrypted: boolean;
    if (this.osEncryption()) {
      osEncrypted = true;
    } else if (acceptWeak && this.weakPossible()) {
      this.allowPlainText();
      osEncrypted = false;
    } else {
      // Don't persist as if safe; also drop an older persisted key so it can't come back next start.
      this.store.delete(CONNECTION_SETTING);
      this.cache = null;
      this.locked = false;
      this.session = { ...connection };
      return;
    }
    this.store.set(CONNECTION_SETTING, this.seal(connection, osEncrypted));
    this.session = null;
    this.locked = false;
    this.cache = { ...connection };
  }

  clear(): void {
    this.store.delete(CONNECTION_SETTING);
    this.session = null;
    this.cache = null;
    this.locked = false;
  }

  info(): { keyStorage: KeyStorage; weakStorageOnly: boolean } {
    // Only weak storage is available, and the user has not taken it (a weak record is that choice).
    const weakOnly = !this.osEncryption() && this.weakPossible();
    if (this.session) return { keyStorage: 'session-only', weakStorageOnly: weakOnly };
    const record = this.stored();
    if (!record) return { keyStorage: 'none', weakStorageOnly: weakOnly };
    if (this.locked && !this.cache) return { keyStorage: 'keyring-locked', weakStorageOnly: false };
    return { keyStorage: record.osEncrypted ? 'os-encrypted' : 'file-0600', weakStorageOnly: false };
  }
}

/** Decrypted cleanly, yet not ours: no keyring state explains it. */
class UnreadableRecord extends Error {}
/** "Decrypted" to garbage: a key other than the one it was made with, as a failed decrypt. */
class UndecryptableRecord extends Error {}

const MAX_KEY_LENGTH = 4096;

function couldBeTypedKey(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is being looked for
  return text.length > 0 && text.length <= MAX_KEY_LENGTH && !/[\s\u0000-\u001f\u007f-\u009f\ufffd]/u.test(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
