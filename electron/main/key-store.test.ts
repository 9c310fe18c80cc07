import { describe, expect, it } from 'vitest';
import { CONNECTION_SETTING, SafeKeyVault, type SafeStorageLike } from './key-store';

const KEY = 'sk_live_0123456789abcdef';

/** Reversible "encryption" that never contains the plain text (prefix + byte-wise XOR). */
class FakeSafeStorage implements SafeStorageLike {
  constructor(
    public backend: string = 'gnome_libsecret',
    public available = true,
  ) {}
  failDecrypt = false;
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  encryptString(plainText: string): Buffer {
    if (!this.available) throw new Error('Encryption is not available.');
    return Buffer.concat([Buffer.from('v10'), Buffer.from(plainText).map((b) => b ^ 0x5a)]);
  }
  decryptString(encrypted: Buffer): string {
    if (this.failDecrypt) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return Buffer.from(encrypted.subarray(3).map((b) => b ^ 0x5a)).toString();
  }
  getSelectedStorageBackend(): string {
    return this.backend;
  }
}

function vault(platform: NodeJS.Platform, safe = new FakeSafeStorage(), store = new Map<string, unknown>()) {
  return { v: new SafeKeyVault({ safeStorage: safe, store, platform }), safe, store };
}

describe('SafeKeyVault', () => {
  it.each(['darwin', 'win32', 'linux'] as const)('on %s with a keyring: stores only the base64 ciphertext', (platform) => {
    const { v, store } = vault(platform);
    v.write({ baseUrl: 'https://api.example.com', apiKey: KEY }, false);
    const dump = JSON.stringify([...store.entries()]);
    expect(dump).not.toContain(KEY);
    const record = store.get(CONNECTION_SETTING) as { keyCiphertext: string; baseUrl: string; weak: boolean };
    expect(Buffer.from(record.keyCiphertext, 'base64').subarray(0, 3).toString()).toBe('v10');
    expect(record).toEqual({ baseUrl: 'https://api.example.com', keyCiphertext: expect.any(String), weak: false });
    expect(v.info()).toEqual({ keyStorage: 'os-encrypted', weakStorageOnly: false });
  });

  it('reads the key back after a restart (decrypting the ciphertext)', () => {
    const { store, safe } = vault('darwin');
    new SafeKeyVault({ safeStorage: safe, store, platform: 'darwin' }).write({ baseUrl: '', apiKey: KEY }, false);
    const again = new SafeKeyVault({ safeStorage: safe, store, platform: 'darwin' });
    expect(again.read()).toEqual({ baseUrl: '', apiKey: KEY });
  });

  it('Linux basic_text: keeps the key for the session only and says why', () => {
    const { v, store, safe } = vault('linux', new FakeSafeStorage('basic_text'));
    expect(v.info()).toEqual({ keyStorage: 'none', weakStorageOnly: true });
    v.write({ baseUrl: '', apiKey: KEY }, false);
    expect(store.size).toBe(0);
    expect(v.read()?.apiKey).toBe(KEY);
    expect(v.info()).toEqual({ keyStorage: 'session-only', weakStorageOnly: true });
    // Next start: gone.
    expect(new SafeKeyVault({ safeStorage: safe, store, platform: 'linux' }).read()).toBeNull();
  });

  it('Linux basic_text: persists (ciphertext, 0600 settings file) only when the user accepts weaker storage', () => {
    const { v, store, safe } = vault('linux', new FakeSafeStorage('basic_text'));
    v.write({ baseUrl: '', apiKey: KEY }, true);
    expect(JSON.stringify([...store.entries()])).not.toContain(KEY);
    expect(v.info()).toEqual({ keyStorage: 'file-0600', weakStorageOnly: false });
    expect(new SafeKeyVault({ safeStorage: safe, store, platform: 'linux' }).read()?.apiKey).toBe(KEY);
  });

  it('basic_text is only a Linux concern', () => {
    const { v } = vault('darwin', new FakeSafeStorage('basic_text'));
    v.write({ baseUrl: '', apiKey: KEY }, false);
    expect(v.info().keyStorage).toBe('os-encrypted');
  });

  it('no encryption at all: session-only even if the user would accept weak storage (never plain text)', () => {
    const { v, store } = vault('linux', new FakeSafeStorage('unknown', false));
    v.write({ baseUrl: '', apiKey: KEY }, true);
    expect(store.size).toBe(0);
    expect(v.info()).toEqual({ keyStorage: 'session-only', weakStorageOnly: true });
  });

  it('a session-only key replaces (deletes) an older persisted one', () => {
    const safe = new FakeSafeStorage('basic_text');
    const { v, store } = vault('linux', safe);
    v.write({ baseUrl: '', apiKey: 'old' }, true);
    v.write({ baseUrl: '', apiKey: KEY }, false);
    expect(store.has(CONNECTION_SETTING)).toBe(false);
    expect(v.read()?.apiKey).toBe(KEY);
  });

  it('an undecryptable record (keyring changed) is dropped, not crashed on', () => {
    const { v, store, safe } = vault('win32');
    v.write({ baseUrl: '', apiKey: KEY }, false);
    safe.failDecrypt = true;
    const again = new SafeKeyVault({ safeStorage: safe, store, platform: 'win32' });
    expect(again.read()).toBeNull();
    expect(store.has(CONNECTION_SETTING)).toBe(false);
  });

  it('ignores a tampered record that fails validation', () => {
    const store = new Map<string, unknown>([[CONNECTION_SETTING, { baseUrl: 1, keyCiphertext: '' }]]);
    const v = new SafeKeyVault({ safeStorage: new FakeSafeStorage(), store, platform: 'darwin' });
    expect(v.read()).toBeNull();
    expect(v.info().keyStorage).toBe('none');
  });

  it('clear() forgets everything', () => {
    const { v, store } = vault('darwin');
    v.write({ baseUrl: '', apiKey: KEY }, false);
    v.clear();
    expect(store.size).toBe(0);
    expect(v.read()).toBeNull();
    expect(v.info().keyStorage).toBe('none');
  });
});
