/**
 * Electron's safeStorage as it behaves (docs: https://www.electronjs.org/docs/latest/api/safe-storage; source:
 * shell/browser/api/electron_api_safe_storage.cc; Chromium components/os_crypt/sync/os_crypt_linux.cc), for
 * the key vault's tests:
 * - Before the app's 'ready': isEncryptionAvailable() is false and getSelectedStorageBackend() is 'unknown'
 *   (the docs: "unknown - When the function is called before app has emitted the ready event"); encrypt and
 *   decrypt throw "… not available". `new FakeSafeStorage(…, { ready: false })`, then `emitReady()`.
 * - Linux 'basic_text': isEncryptionAvailable() is false, and encrypt/decrypt throw "… not available", until
 *   setUsePlainTextEncryption(true); then the hard-coded password "peanuts" is used ('v10' prefix).
 * - A keyring backend encrypts with its own password ('v11'); a keyring that is locked / denies access makes
 *   encrypt and decrypt throw.
 * - The cipher is Chromium's on Linux: AES-128-CBC, PKCS#7 padding, key = PBKDF2-HMAC-SHA1(password,
 *   "saltysalt", 1 iteration), IV of 16 spaces. So a ciphertext made under ANOTHER password usually fails the
 *   padding check (decryptString throws), but about 1 time in 256 the padding happens to be valid and
 *   decryptString returns garbage (bytes read as UTF-8, bad sequences as U+FFFD), as the real one does.
 * - A buffer without the v10/v11 prefix throws "Ciphertext does not appear to be encrypted."
 * A new instance is a new process: plain-text encryption is off again.
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync } from 'node:crypto';
import type { SafeStorageLike } from '../key-store';

const BASIC_TEXT_PASSWORD = 'peanuts';
const NOT_AVAILABLE =
  'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.';

export type FakeBackend = 'basic_text' | 'gnome_libsecret' | 'kwallet5';

export class FakeSafeStorage implements SafeStorageLike {
  usePlainText = false;
  /** The keyring would not hand out its key: Keychain "Deny", GNOME keyring locked, KWallet closed. */
  locked = false;
  /** The keyring's password: ciphertexts made under another one do not decrypt (or decrypt to garbage). */
  keyringKey = 'keyring-key-1';
  /** The app has emitted 'ready': only then is the backend known. */
  ready: boolean;

  /**
   * backend: what getSelectedStorageBackend() says on Linux once ready. keyring: whether the keyring backend
   * works at all (false: OS encryption unavailable, as on a Linux session whose secret service is missing).
   */
  constructor(
    public backend: FakeBackend = 'gnome_libsecret',
    public keyring = true,
    options: { ready?: boolean } = {},
  ) {
    this.ready = options.ready ?? true;
  }

  emitReady(): void {
    this.ready = true;
  }

  private get basicText(): boolean {
    return this.backend === 'basic_text';
  }

  isEncryptionAvailable(): boolean {
    if (!this.ready) return false;
    return this.basicText ? this.usePlainText : this.keyring;
  }

  setUsePlainTextEncryption(usePlainText: boolean): void {
    this.usePlainText = usePlainText;
  }

  getSelectedStorageBackend(): string {
    return this.ready ? this.backend : 'unknown';
  }

  encryptString(plainText: string): Buffer {
    if (!this.isEncryptionAvailable()) {
      throw new Error(
        'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
      );
    }
    if (!this.basicText && this.locked)
      throw new Error('Error while encrypting the text provided to safeStorage.encryptString.');
    const password = this.basicText ? BASIC_TEXT_PASSWORD : this.keyringKey;
    return Buffer.concat([
      Buffer.from(this.basicText ? 'v10' : 'v11'),
      cbc(Buffer.from(plainText, 'utf8'), password, true),
    ]);
  }

  decryptString(encrypted: Buffer): string {
    if (!this.isEncryptionAvailable()) throw new Error(NOT_AVAILABLE);
    if (encrypted.length === 0) return '';
    const prefix = encrypted.subarray(0, 3).toString();
    if (prefix !== 'v10' && prefix !== 'v11') {
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Ciphertext does not appear to be encrypted.',
      );
    }
    const failed = new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    if (!this.basicText && this.locked) throw failed;
    const password = prefix === 'v10' ? BASIC_TEXT_PASSWORD : this.keyringKey;
    try {
      return cbc(encrypted.subarray(3), password, false).toString('utf8');
    } catch {
      // OpenSSL's "bad decrypt": the PKCS#7 padding did not check out.
      throw failed;
    }
  }
}

/** Chromium's OSCrypt cipher on Linux (os_crypt_linux.cc): AES-128-CBC under PBKDF2-HMAC-SHA1 of the password. */
function cbc(bytes: Buffer, password: string, encrypt: boolean): Buffer {
  const key = pbkdf2Sync(password, 'saltysalt', 1, 16, 'sha1');
  const iv = Buffer.alloc(16, ' ');
  const cipher = encrypt ? createCipheriv('aes-128-cbc', key, iv) : createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(bytes), cipher.final()]);
}
