/**
 * Electron's safeStorage as it behaves (docs: https://www.electronjs.org/docs/latest/api/safe-storage; source:
 * shell/browser/api/electron_api_safe_storage.cc), for the key vault's tests:
 * - Linux 'basic_text': isEncryptionAvailable() is false, and encrypt/decrypt throw "… not available", until
 *   setUsePlainTextEncryption(true); then a hard-coded password is used ('v10' prefix). A no-op elsewhere.
 * - A keyring backend encrypts with its own key ('v11' on Linux); a ciphertext made with another key, or a
 *   keyring that is locked / denies access, makes decryptString throw.
 * - A buffer without the v10/v11 prefix throws "Ciphertext does not appear to be encrypted."
 * A new instance is a new process: plain-text encryption is off again.
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { SafeStorageLike } from '../key-store';

const BASIC_TEXT_PASSWORD = 'peanuts';

export class FakeSafeStorage implements SafeStorageLike {
  usePlainText = false;
  /** The keyring would not hand out its key: Keychain "Deny", GNOME keyring locked, KWallet closed. */
  locked = false;
  /** The keyring's key: ciphertexts made under another one do not decrypt. */
  keyringKey = 'keyring-key-1';

  /**
   * backend: what getSelectedStorageBackend() says on Linux. keyring: whether a keyring backend is there at
   * all (false: OS encryption unavailable, as on a Linux session whose secret service is missing).
   */
  constructor(
    public backend: 'basic_text' | 'gnome_libsecret' | 'kwallet5' | 'unknown' = 'gnome_libsecret',
    public keyring = true,
  ) {}

  private get basicText(): boolean {
    return this.backend === 'basic_text';
  }

  isEncryptionAvailable(): boolean {
    return this.basicText ? this.usePlainText : this.keyring;
  }

  setUsePlainTextEncryption(usePlainText: boolean): void {
    this.usePlainText = usePlainText;
  }

  getSelectedStorageBackend(): string {
    return this.backend;
  }

  encryptString(plainText: string): Buffer {
    if (!this.isEncryptionAvailable()) {
      throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    }
    if (!this.basicText && this.locked) throw new Error('Error while encrypting the text provided to safeStorage.encryptString.');
    const key = this.basicText ? BASIC_TEXT_PASSWORD : this.keyringKey;
    return Buffer.concat([Buffer.from(this.basicText ? 'v10' : 'v11'), crypt(Buffer.from(`${key}\n${plainText}`), key, true)]);
  }

  decryptString(encrypted: Buffer): string {
    if (!this.isEncryptionAvailable()) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.');
    }
    if (encrypted.length === 0) return '';
    const prefix = encrypted.subarray(0, 3).toString();
    if (prefix !== 'v10' && prefix !== 'v11') {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Ciphertext does not appear to be encrypted.');
    }
    const failed = new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    if (!this.basicText && this.locked) throw failed;
    const key = prefix === 'v10' ? BASIC_TEXT_PASSWORD : this.keyringKey;
    const plain = crypt(encrypted.subarray(3), key, false).toString();
    if (!plain.startsWith(`${key}\n`)) throw failed;
    return plain.slice(key.length + 1);
  }
}

/** AES-CTR under a key derived from the password: another password yields other bytes, never the plain text. */
function crypt(bytes: Buffer, password: string, encrypt: boolean): Buffer {
  const key = createHash('sha256').update(password).digest();
  const iv = Buffer.alloc(16, 7);
  const cipher = encrypt ? createCipheriv('aes-256-ctr', key, iv) : createDecipheriv('aes-256-ctr', key, iv);
  return Buffer.concat([cipher.update(bytes), cipher.final()]);
}
