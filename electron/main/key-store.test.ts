import { describe, expect, it } from 'vitest';
import { KeyStorageError } from '../../backend/connection';
import { CONNECTION_SETTING, SafeKeyVault } from './key-store';
import { FakeSafeStorage } from './testing/fake-safe-storage';

const KEY = 'sk_live_0123456789abcdef';
const URL_ = 'https://api.example.com';

function vault(platform: NodeJS.Platform, safe = new FakeSafeStorage(), store = new Map<string, unknown>()) {
  return { v: new SafeKeyVault({ safeStorage: safe, store, platform }), safe, store };
}

/** The next start of the app: a new vault, and a new safeStorage (plain-text encryption off again) on the same keyring. */
function restart(platform: NodeJS.Platform, safe: FakeSafeStorage, store: Map<string, unknown>) {
  const next = new FakeSafeStorage(safe.backend, safe.keyring);
  next.keyringKey = safe.keyringKey;
  next.locked = safe.locked;
  return { v: new SafeKeyVault({ safeStorage: next, store, platform }), safe: next };
}

describe('SafeKeyVault', () => {
  it.each(['darwin', 'win32', 'linux'] as const)(
    'on %s with a keyring: one ciphertext holds the key AND its Base URL',
    (platform) => {
      const { v, store } = vault(platform);
      v.write({ baseUrl: URL_, apiKey: KEY }, false);
      const dump = JSON.stringify([...store.entries()]);
      expect(dump).not.toContain(KEY);
      expect(dump).not.toContain('api.example.com');
      const record = store.get(CONNECTION_SETTING) as { v: number; sealed: string; osEncrypted: boolean };
      expect(record).toEqual({ v: 2, sealed: expect.any(String), osEncrypted: true });
      expect(Buffer.from(record.sealed, 'base64').subarray(0, 3).toString()).toBe('v11');
      expect(v.info()).toEqual({ keyStorage: 'os-encrypted', weakStorageOnly: false });
    },
  );

  it('reads the key and its Base URL back after a restart (decrypting the ciphertext)', () => {
    const { v, store, safe } = vault('darwin');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    expect(restart('darwin', safe, store).v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
  });

  it('editing the settings file cannot point the key at another host', () => {
    const { v, store, safe } = vault('linux');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    const record = store.get(CONNECTION_SETTING) as Record<string, unknown>;
    // A plain-text field next to the ciphertext is not read.
    store.set(CONNECTION_SETTING, { ...record, baseUrl: 'http://evil.example' });
    expect(restart('linux', safe, store).v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
    // Dressed up as an old-format record, the sealed ciphertext is refused: it would send {baseUrl, key} to evil.
    store.set(CONNECTION_SETTING, { baseUrl: 'http://evil.example', keyCiphertext: record.sealed, weak: false });
    const again = restart('linux', safe, store).v;
    expect(again.read()).toBeNull();
    expect(again.info().keyStorage).toBe('none');
  });

  it('Linux basic_text: keeps the key for the session only and says why', () => {
    const { v, store, safe } = vault('linux', new FakeSafeStorage('basic_text'));
    expect(v.info()).toEqual({ keyStorage: 'none', weakStorageOnly: true });
    v.write({ baseUrl: '', apiKey: KEY }, false);
    expect(store.size).toBe(0);
    expect(safe.usePlainText).toBe(false);
    expect(v.read()?.apiKey).toBe(KEY);
    expect(v.info()).toEqual({ keyStorage: 'session-only', weakStorageOnly: true });
    // Next start: gone.
    expect(restart('linux', safe, store).v.read()).toBeNull();
  });

  it('Linux basic_text, "Store it anyway": switches on plain-text encryption, stores, and reads it back next start', () => {
    // Electron reports no encryption on basic_text until setUsePlainTextEncryption(true) (FakeSafeStorage does too).
    const { v, store, safe } = vault('linux', new FakeSafeStorage('basic_text'));
    expect(safe.isEncryptionAvailable()).toBe(false);
    v.write({ baseUrl: URL_, apiKey: KEY }, true);
    expect(safe.usePlainText).toBe(true);
    expect(JSON.stringify([...store.entries()])).not.toContain(KEY);
    expect(store.get(CONNECTION_SETTING)).toMatchObject({ v: 2, osEncrypted: false });
    expect(v.info()).toEqual({ keyStorage: 'file-0600', weakStorageOnly: false });
    const next = restart('linux', safe, store);
    expect(next.safe.usePlainText).toBe(false);
    expect(next.v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
    expect(next.v.info()).toEqual({ keyStorage: 'file-0600', weakStorageOnly: false });
  });

  it('basic_text is only a Linux concern (macOS and Windows have no such backend)', () => {
    const linux = new FakeSafeStorage('basic_text');
    // What macOS's safeStorage is: no getSelectedStorageBackend, Keychain encryption available.
    const mac = {
      isEncryptionAvailable: () => true,
      encryptString: (s: string) => new FakeSafeStorage().encryptString(s),
      decryptString: (b: Buffer) => new FakeSafeStorage().decryptString(b),
    };
    const { v } = vault('darwin', linux);
    expect(v.info().weakStorageOnly).toBe(false);
    const onMac = new SafeKeyVault({ safeStorage: mac, store: new Map(), platform: 'darwin' });
    onMac.write({ baseUrl: '', apiKey: KEY }, false);
    expect(onMac.info()).toEqual({ keyStorage: 'os-encrypted', weakStorageOnly: false });
  });

  it('no encryption at all (a keyring backend whose service is missing): session-only, and weak storage is not offered', () => {
    const { v, store } = vault('linux', new FakeSafeStorage('gnome_libsecret', false));
    v.write({ baseUrl: '', apiKey: KEY }, true);
    expect(store.size).toBe(0);
    expect(v.info()).toEqual({ keyStorage: 'session-only', weakStorageOnly: false });
  });

  it('a session-only key replaces (deletes) an older persisted one', () => {
    const { v, store } = vault('linux', new FakeSafeStorage('basic_text'));
    v.write({ baseUrl: '', apiKey: 'old' }, true);
    v.write({ baseUrl: '', apiKey: KEY }, false);
    expect(store.has(CONNECTION_SETTING)).toBe(false);
    expect(v.read()?.apiKey).toBe(KEY);
  });

  it.each([
    ['locked (Keychain "Deny", GNOME keyring locked)', (s: FakeSafeStorage) => void (s.locked = true)],
    ['made with another key', (s: FakeSafeStorage) => void (s.keyringKey = 'keyring-key-2')],
    ['missing this session', (s: FakeSafeStorage) => void (s.keyring = false)],
  ])('a record the keyring will not decrypt (%s) is KEPT and reported as keyring-locked', (_name, breakIt) => {
    const { v, store, safe } = vault('win32');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    const before = structuredClone(store.get(CONNECTION_SETTING));
    breakIt(safe);
    const next = restart('win32', safe, store);
    expect(() => next.safe.decryptString(Buffer.from((before as { sealed: string }).sealed, 'base64'))).toThrow(
      /decrypt/,
    );
    expect(next.v.read()).toBeNull();
    expect(store.get(CONNECTION_SETTING)).toEqual(before);
    expect(next.v.info()).toEqual({ keyStorage: 'keyring-locked', weakStorageOnly: false });
  });

  /** A keyring password under which `sealed` decrypts without an error, to garbage (AES-CBC's valid-padding case). */
  function garbageKey(safe: FakeSafeStorage, sealed: string): string {
    const probe = new FakeSafeStorage(safe.backend, safe.keyring);
    // Bounded: about 1 password in 256 gives valid padding; the inputs are fixed, so so is the answer.
    for (let i = 0; i < 5_000; i += 1) {
      probe.keyringKey = `another-keyring-${i}`;
      try {
        probe.decryptString(Buffer.from(sealed, 'base64'));
        return probe.keyringKey;
      } catch {
        // the usual case: bad padding
      }
    }
    throw new Error('no garbage-decrypting key found');
  }

  it('the fake decrypts under a wrong key as AES-CBC does: mostly an error, about 1 time in 256 garbage', () => {
    const safe = new FakeSafeStorage();
    const sealed = safe.encryptString('{"v":2,"baseUrl":"","key":"k"}');
    let garbage = 0;
    for (let i = 0; i < 2_560; i += 1) {
      const other = new FakeSafeStorage();
      other.keyringKey = `wrong-${i}`;
      try {
        expect(other.decryptString(sealed)).not.toContain('"key":"k"');
        garbage += 1;
      } catch (error) {
        expect((error as Error).message).toBe(
          'Error while decrypting the ciphertext provided to safeStorage.decryptString.',
        );
      }
    }
    expect(garbage).toBeGreaterThan(0);
    expect(garbage).toBeLessThan(60);
  });

  it('a record that decrypts to garbage under another keyring key is KEPT and reported keyring-locked, never deleted', () => {
    const { v, store, safe } = vault('linux');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    const before = structuredClone(store.get(CONNECTION_SETTING)) as { sealed: string };
    safe.keyringKey = garbageKey(safe, before.sealed);
    const next = restart('linux', safe, store);
    expect(next.v.read()).toBeNull();
    expect(store.get(CONNECTION_SETTING)).toEqual(before);
    expect(next.v.info()).toEqual({ keyStorage: 'keyring-locked', weakStorageOnly: false });
    // The right keyring back: the key is there.
    next.safe.keyringKey = 'keyring-key-1';
    expect(next.v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
  });

  it('an old-format record that decrypts to garbage is not taken for a key, nor migrated over the real ciphertext', () => {
    const safe = new FakeSafeStorage();
    const record = { baseUrl: URL_, keyCiphertext: safe.encryptString(KEY).toString('base64'), weak: false };
    const store = new Map<string, unknown>([[CONNECTION_SETTING, record]]);
    const wrong = new FakeSafeStorage();
    wrong.keyringKey = garbageKey(safe, record.keyCiphertext);
    const v = new SafeKeyVault({ safeStorage: wrong, store, platform: 'linux' });
    expect(v.read()).toBeNull();
    expect(store.get(CONNECTION_SETTING)).toEqual(record);
    expect(v.info().keyStorage).toBe('keyring-locked');
  });

  it('the unreadable branch: a record that decrypts cleanly but is not ours is deleted, and nothing is sent', () => {
    const safe = new FakeSafeStorage();
    // Encrypted with this keyring (so no keyring state explains it), but not a sealed connection.
    const store = new Map<string, unknown>([
      [
        CONNECTION_SETTING,
        { v: 2, sealed: safe.encryptString('{"v":2,"baseUrl":7}').toString('base64'), osEncrypted: true },
      ],
    ]);
    const v = new SafeKeyVault({ safeStorage: safe, store, platform: 'darwin' });
    expect(v.read()).toBeNull();
    expect(store.has(CONNECTION_SETTING)).toBe(false);
    expect(v.info().keyStorage).toBe('none');
  });

  it('before the app is ready (backend unknown, no encryption): the stored key is kept, not replaced, and read once ready', () => {
    const { v, store, safe } = vault('linux');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    const before = structuredClone(store.get(CONNECTION_SETTING));
    const early = new FakeSafeStorage(safe.backend, safe.keyring, { ready: false });
    expect(early.getSelectedStorageBackend()).toBe('unknown');
    const next = new SafeKeyVault({ safeStorage: early, store, platform: 'linux' });
    expect(next.read()).toBeNull();
    expect(() => next.write({ baseUrl: URL_, apiKey: 'new-key' }, false)).toThrow(KeyStorageError);
    expect(store.get(CONNECTION_SETTING)).toEqual(before);
    early.emitReady();
    expect(next.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
    expect(next.info()).toEqual({ keyStorage: 'os-encrypted', weakStorageOnly: false });
  });

  it('after unlocking, the next read gets the key (Retry)', () => {
    const { v, store, safe } = vault('linux');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    safe.locked = true;
    const next = restart('linux', safe, store);
    expect(next.v.read()).toBeNull();
    next.safe.locked = false;
    expect(next.v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
    expect(next.v.info().keyStorage).toBe('os-encrypted');
  });

  it('a keyring record on a session that has fallen back to basic_text is locked, not read with the fixed password', () => {
    const { v, store, safe } = vault('linux');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    const basic = new FakeSafeStorage('basic_text');
    basic.keyringKey = safe.keyringKey;
    const next = new SafeKeyVault({ safeStorage: basic, store, platform: 'linux' });
    expect(next.read()).toBeNull();
    expect(basic.usePlainText).toBe(false);
    expect(next.info().keyStorage).toBe('keyring-locked');
    expect(store.has(CONNECTION_SETTING)).toBe(true);
  });

  it('storing while the keyring is locked fails with what to do, and leaves the stored record alone', () => {
    const { v, store, safe } = vault('darwin');
    v.write({ baseUrl: URL_, apiKey: KEY }, false);
    const before = structuredClone(store.get(CONNECTION_SETTING));
    safe.locked = true;
    expect(() => v.write({ baseUrl: URL_, apiKey: 'new-key' }, false)).toThrow(KeyStorageError);
    expect(() => v.write({ baseUrl: URL_, apiKey: 'new-key' }, false)).toThrow(
      'The keyring is locked: unlock it and retry.',
    );
    expect(store.get(CONNECTION_SETTING)).toEqual(before);
  });

  describe('the first format (plain-text baseUrl + encrypted key)', () => {
    function legacy(safe: FakeSafeStorage, weak = false) {
      return { baseUrl: URL_, keyCiphertext: safe.encryptString(KEY).toString('base64'), weak };
    }

    it('is migrated on its first read: the Base URL moves into the ciphertext', () => {
      const safe = new FakeSafeStorage();
      const store = new Map<string, unknown>([[CONNECTION_SETTING, legacy(safe)]]);
      const v = new SafeKeyVault({ safeStorage: safe, store, platform: 'linux' });
      expect(v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
      expect(store.get(CONNECTION_SETTING)).toEqual({ v: 2, sealed: expect.any(String), osEncrypted: true });
      expect(JSON.stringify([...store.entries()])).not.toContain('api.example.com');
      expect(restart('linux', safe, store).v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
    });

    it('a basic_text one (weak: true) migrates too, still marked as not OS-encrypted', () => {
      const old = new FakeSafeStorage('basic_text');
      old.usePlainText = true;
      const store = new Map<string, unknown>([[CONNECTION_SETTING, legacy(old, true)]]);
      const { v } = restart('linux', old, store);
      expect(v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
      expect(store.get(CONNECTION_SETTING)).toMatchObject({ v: 2, osEncrypted: false });
      expect(v.info().keyStorage).toBe('file-0600');
    });

    it('is kept as it is while the keyring is locked', () => {
      const safe = new FakeSafeStorage();
      const record = legacy(safe);
      const store = new Map<string, unknown>([[CONNECTION_SETTING, record]]);
      safe.locked = true;
      const v = new SafeKeyVault({ safeStorage: safe, store, platform: 'darwin' });
      expect(v.read()).toBeNull();
      expect(store.get(CONNECTION_SETTING)).toEqual(record);
      expect(v.info().keyStorage).toBe('keyring-locked');
      safe.locked = false;
      expect(v.read()).toEqual({ baseUrl: URL_, apiKey: KEY });
    });
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
