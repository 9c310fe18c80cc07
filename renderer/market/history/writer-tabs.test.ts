/**
 * Which tab records price history (client.ts: the holder of a Web Lock), with tabs as the browser has them:
 * each tab its own copy of the client module and its own agent in one origin's lock manager
 * (storage/testing/fake-locks.ts). A tab that crashes releases the lock, as the Web Locks spec says.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeLockManager } from '../../lib/storage/testing/fake-locks';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A tab: the client module loaded afresh, with this tab's `navigator.locks`. */
async function openTab(locks: unknown): Promise<typeof import('./client')> {
  vi.resetModules();
  vi.stubGlobal('navigator', { locks });
  const client = await import('./client');
  client.historyWriter();
  return client;
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 20 && !cond(); i++) await new Promise((r) => setTimeout(r, 0));
}

describe('the history writer among tabs', () => {
  it('a tab that crashes hands the writing to the tab that survives', async () => {
    const origin = new FakeLockManager();
    const tabA = origin.agent();
    const tabB = origin.agent();
    const a = await openTab(tabA.locks);
    await until(() => a.historyWriter().isWriter);
    const b = await openTab(tabB.locks);
    await until(() => b.historyWriter().isWriter);
    expect([a.historyWriter().isWriter, b.historyWriter().isWriter]).toEqual([true, false]);
    // Tab A's renderer crashes: it runs no more code (no dispose, no release of its own).
    tabA.terminate();
    await until(() => b.historyWriter().isWriter);
    expect(b.historyWriter().isWriter).toBe(true);
    expect(origin.isHeld('market-desk-history-writer')).toBe(true);
  });

  it('a tab that crashes while waiting does not take the lock later', async () => {
    const origin = new FakeLockManager();
    const [tabA, tabB, tabC] = [origin.agent(), origin.agent(), origin.agent()];
    const a = await openTab(tabA.locks);
    await until(() => a.historyWriter().isWriter);
    const b = await openTab(tabB.locks);
    const c = await openTab(tabC.locks);
    tabB.terminate();
    a.historyWriter().dispose();
    await until(() => c.historyWriter().isWriter);
    expect([b.historyWriter().isWriter, c.historyWriter().isWriter]).toEqual([false, true]);
  });
});
