/** The offline copies when their database is of another version or refuses a write: kept data, and words in Settings. */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setNotice, storageStatus } from '../../lib/storage/status';
import { clearFaults, injectFault } from '../../lib/storage/testing/idb-faults';
import { OFFLINE_UPGRADES, OfflineStore, offlineId, type SaveInput } from './store';

let seq = 0;
const stores: OfflineStore[] = [];
afterEach(async () => {
  clearFaults();
  for (const s of stores.splice(0)) await s.close();
  setNotice('offline-open', null);
  setNotice('offline-write', null);
});
const input = (over: Partial<SaveInput> = {}): SaveInput => ({
  kind: 'grid',
  source: 'live|https://a.example',
  game: 730,
  variant: 'steam|',
  format: 1,
  dataAt: 1000,
  ...over,
});

/** The version-1 schema exactly as the first release created it, with one kept copy. */
async function v1Fixture(name: string): Promise<void> {
  const db = await openDB(name, 1, {
    upgrade(d) {
      d.createObjectStore('meta', { keyPath: 'id' }).createIndex('kind', 'kind');
      d.createObjectStore('data', { keyPath: 'id' });
    },
  });
  const id = offlineId('grid', 'live|https://a.example', 730);
  await db.put('meta', { ...input(), id, savedAt: 2000 });
  await db.put('data', { id, payload: { rows: [1, 2, 3] } });
  db.close();
}

describe('OfflineStore across versions and failures', () => {
  it('a version-1 database opened by the next version keeps its copies', async () => {
    const name = `offline-v1-${++seq}`;
    await v1Fixture(name);
    const ran: number[] = [];
    const s = new OfflineStore(name, undefined, [...OFFLINE_UPGRADES, () => void ran.push(2)]);
    stores.push(s);
    const rec = await s.load('grid', 'live|https://a.example', 730, 1);
    expect(ran).toEqual([2]);
    expect(rec?.payload).toEqual({ rows: [1, 2, 3] });
  });

  it('a newer build’s database reads as nothing kept, and Settings is told why', async () => {
    const name = `offline-newer-${++seq}`;
    await v1Fixture(name);
    (await openDB(name, 3, { upgrade: () => undefined })).close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = new OfflineStore(name);
    stores.push(s);
    expect(await s.load('grid', 'live|https://a.example', 730, 1)).toBeNull();
    expect(storageStatus().notices['offline-open']).toMatch(
      /offline copies of your last data: saved by a newer version of Market Desk \(storage version 3; this version reads up to 1\)/,
    );
    warn.mockRestore();
  });

  it('a write refused for lack of space keeps nothing half-written and says the storage is full', async () => {
    const name = `offline-quota-${++seq}`;
    const s = new OfflineStore(name);
    stores.push(s);
    expect(await s.save(input(), { v: 1 })).toBe(true);
    injectFault(name, 'data', 'quota-at-commit');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await s.save(input({ dataAt: 5000 }), { v: 2 })).toBe(false);
    warn.mockRestore();
    expect(storageStatus().notices['offline-write']).toMatch(/is full/);
    const rec = await s.load('grid', 'live|https://a.example', 730, 1);
    expect(rec).toMatchObject({ meta: { dataAt: 1000 }, payload: { v: 1 } });
    // Room again: the notice goes.
    expect(await s.save(input({ dataAt: 6000 }), { v: 3 })).toBe(true);
    expect(storageStatus().notices['offline-write']).toBeUndefined();
  });
});
