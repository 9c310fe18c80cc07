import { describe, expect, it, vi } from 'vitest';
import { askPersistence } from './persist';
import { SingleWriter } from './single-writer';
import { storageStatus } from './status';
import { FakeLockManager } from './testing/fake-locks';

describe('askPersistence (navigator.storage.persist)', () => {
  it('asks only when not yet persisted, and Settings gets the answer', async () => {
    let asked = 0;
    const granted = { persisted: async () => false, persist: async () => (asked++, true) };
    expect(await askPersistence(granted)).toEqual({ state: 'persisted' });
    expect(asked).toBe(1);
    expect(storageStatus().persistence).toEqual({ state: 'persisted' });
    const already = { persisted: async () => true, persist: async () => (asked++, true) };
    expect(await askPersistence(already)).toEqual({ state: 'persisted' });
    expect(asked).toBe(1);
    expect(await askPersistence({ persisted: async () => false, persist: async () => false })).toEqual({
      state: 'not-persisted',
    });
    expect(storageStatus().persistence.state).toBe('not-persisted');
  });

  it('no StorageManager, or one that throws: said, never a rejection', async () => {
    expect(await askPersistence(undefined)).toEqual({ state: 'unsupported' });
    const broken = {
      persisted: async () => Promise.reject(new DOMException('denied', 'SecurityError')),
      persist: async () => true,
    };
    expect(await askPersistence(broken)).toEqual({ state: 'error', detail: 'SecurityError: denied' });
  });
});

describe('SingleWriter (one tab writes, through a Web Lock)', () => {
  it('the first tab writes; the next takes over when it goes; without Web Locks every tab writes', async () => {
    const locks = new FakeLockManager();
    const a = new SingleWriter(locks, 'w');
    const b = new SingleWriter(locks, 'w');
    await Promise.resolve();
    await Promise.resolve();
    expect([a.isWriter, b.isWriter]).toEqual([true, false]);
    let told = 0;
    b.subscribe(() => told++);
    a.dispose();
    for (let i = 0; i < 5 && !b.isWriter; i++) await new Promise((r) => setTimeout(r, 0));
    expect([a.isWriter, b.isWriter]).toEqual([false, true]);
    expect(told).toBe(1);
    b.dispose();
    expect(new SingleWriter(null, 'w').isWriter).toBe(true);
  });

  it('settled: the first write waits for the lock being granted; a tab behind another waits once, then says no', async () => {
    // A fake clock: what is checked is how long each answer waits, not how fast this machine is.
    vi.useFakeTimers();
    try {
      const locks = new FakeLockManager();
      const a = new SingleWriter(locks, 's');
      expect(a.isWriter).toBe(false); // the grant is still on its way
      expect(await a.settled(1000)).toBe(true);
      const b = new SingleWriter(locks, 's');
      let first: boolean | null = null;
      const waiting = b.settled(50).then((v) => (first = v));
      await vi.advanceTimersByTimeAsync(49);
      expect(first).toBeNull(); // waits its whole time for a grant…
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(first).toBe(false);
      // …once: the next answer is at once, with no time passing.
      let second: boolean | null = null;
      void b.settled(5000).then((v) => (second = v));
      await vi.advanceTimersByTimeAsync(0);
      expect(second).toBe(false);
      a.dispose();
      await vi.advanceTimersByTimeAsync(0);
      expect(b.isWriter).toBe(true);
      expect(await b.settled(5000)).toBe(true);
      b.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
