/**
 * A poll the history could not record is shown to the user (the storage notice that Settings' price
 * history section and the status bar show), never only logged: the client with the real history worker
 * run in this process over fake-indexeddb, IndexedDB failing as browsers make it fail.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearFaults, injectFault } from '../../lib/storage/testing/idb-faults';
import type { PollInput } from './recorder';
import { DB_NAME } from './store';

const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);

/** A Worker whose script (history.worker.ts) runs here: messages go through structured clones, as a real one's do. */
class InProcessWorker {
  private readonly page: Array<(e: { data: unknown }) => void> = [];
  private readonly worker: Array<(e: { data: unknown }) => void> = [];
  private readonly loaded: Promise<unknown>;
  constructor() {
    vi.stubGlobal('self', {
      postMessage: (m: unknown) => setTimeout(() => this.page.forEach((l) => l({ data: structuredClone(m) })), 0),
      addEventListener: (_type: string, l: (e: { data: unknown }) => void) => this.worker.push(l),
    });
    this.loaded = import('./history.worker');
  }
  postMessage(m: unknown): void {
    const copy = structuredClone(m);
    void this.loaded.then(() => this.worker.forEach((l) => l({ data: copy })));
  }
  addEventListener(_type: string, l: (e: { data: unknown }) => void): void {
    this.page.push(l);
  }
}

function poll(at: number, price: number): PollInput {
  return {
    game: 730,
    at,
    names: ['item 0', 'item 1'],
    askMarkets: ['steam'],
    bidMarkets: [],
    ask: Int32Array.from([price, 500]),
    bid: new Int32Array(0),
    big: [],
  };
}

const LIMITS = { retentionDays: 30, capBytes: 1e9 };

beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('Worker', InProcessWorker);
  // No Web Locks here: this tab writes.
  vi.stubGlobal('navigator', {});
});
afterEach(() => {
  clearFaults();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a poll that could not be recorded is shown', () => {
  it('a failed write: the notice says so, and a later saved poll clears it', async () => {
    const { history } = await import('./client');
    // The client's own copy (modules are loaded afresh for each test).
    const { storageStatus } = await import('../../lib/storage/status');
    await history.record(poll(T0, 100), LIMITS);
    injectFault(DB_NAME, 'chunks', 'error-at-request');
    await expect(history.record(poll(T0 + 60_000, 110), LIMITS)).rejects.toThrow(/Could not save price history/);
    expect(storageStatus().notices['history-write']).toMatch(/^Could not save price history: UnknownError/);
    await history.record(poll(T0 + 120_000, 120), LIMITS);
    expect(storageStatus().notices['history-write']).toBeUndefined();
  });

  it('a failure outside the write itself (the database cannot be opened) is shown too', async () => {
    const { history } = await import('./client');
    // The client's own copy (modules are loaded afresh for each test).
    const { storageStatus } = await import('../../lib/storage/status');
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('Internal error opening backing store for indexedDB.open.', 'UnknownError');
    });
    await expect(history.record(poll(T0 + 180_000, 130), LIMITS)).rejects.toThrow(/backing store/);
    expect(storageStatus().notices['history-write']).toMatch(/^Could not save price history: .*backing store/);
  });
});
