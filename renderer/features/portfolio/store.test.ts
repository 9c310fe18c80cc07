import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { setNotice, storageStatus } from '../../lib/storage/status';
import { clearFaults, closeAbnormally, injectFault } from '../../lib/storage/testing/idb-faults';
import { NewerDatabaseError } from '../../lib/storage/versioned-db';
import type { Holding, Sale } from './model/types';
import { PORTFOLIO_UPGRADES, PortfolioStore, PortfolioWriteError } from './store';

const T0 = Date.UTC(2026, 0, 5, 12);
let seq = 0;
const stores: PortfolioStore[] = [];
function newStore(name = `portfolio-test-${++seq}`, upgrades = PORTFOLIO_UPGRADES): PortfolioStore {
  const s = new PortfolioStore(name, upgrades);
  stores.push(s);
  return s;
}
afterEach(async () => {
  clearFaults();
  for (const s of stores.splice(0)) await s.close();
  setNotice('portfolio-open', null);
  setNotice('portfolio-write', null);
});

function holding(id: string, over: Partial<Holding> = {}): Holding {
  return {
    id,
    game: 730,
    name: 'AK-47 | Redline (Field-Tested)',
    quantity: 2,
    unitCost: 12_500,
    fee: 300,
    acquired: '2026-01-02',
    place: { kind: 'market', slug: 'buff163' },
    lockedUntil: null,
    note: '',
    origin: 'manual',
    created: T0,
    updated: T0,
    ...over,
  };
}
function sale(id: string, over: Partial<Sale> = {}): Sale {
  return {
    id,
    game: 730,
    name: 'AK-47 | Redline (Field-Tested)',
    quantity: 1,
    unitPrice: 15_000,
    fee: 750,
    sold: '2026-01-10',
    place: null,
    note: '',
    created: T0 + 5,
    updated: T0 + 5,
    ...over,
  };
}

describe('PortfolioStore (IndexedDB, fake-indexeddb)', () => {
  it('keeps holdings and sales across sessions, per game, in creation order', async () => {
    const name = `portfolio-test-${++seq}`;
    const first = newStore(name);
    await first.apply({
      putHoldings: [
        holding('h2', { created: T0 + 2 }),
        holding('h1', { created: T0 + 1 }),
        holding('d1', { game: 570, name: 'Arcana' }),
      ],
      putSales: [sale('s1'), sale('d-s', { game: 570, name: 'Arcana' })],
    });
    await first.close();
    const again = newStore(name);
    const cs = await again.load(730);
    expect(cs.holdings.map((h) => h.id)).toEqual(['h1', 'h2']);
    expect(cs.sales.map((s) => s.id)).toEqual(['s1']);
    expect(cs.holdings[0]).toEqual(holding('h1', { created: T0 + 1 }));
    expect((await again.load(570)).holdings.map((h) => h.id)).toEqual(['d1']);
    expect((await again.load()).holdings).toHaveLength(3);
  });

  it('writes a change whole: puts, deletes and a clear in one transaction', async () => {
    const s = newStore();
    await s.apply({ putHoldings: [holding('a'), holding('b')], putSales: [sale('s')] });
    // A split: a edited, c added; b deleted.
    await s.apply({
      putHoldings: [holding('a', { quantity: 1 }), holding('c', { quantity: 1, created: T0 + 9 })],
      deleteHoldings: ['b'],
      deleteSales: ['s'],
    });
    const loaded = await s.load(730);
    expect(loaded.holdings.map((h) => [h.id, h.quantity])).toEqual([
      ['a', 1],
      ['c', 1],
    ]);
    expect(loaded.sales).toEqual([]);
    await s.apply({ clear: true, putHoldings: [holding('z')] });
    expect((await s.load()).holdings.map((h) => h.id)).toEqual(['z']);
  });

  it('refuses to write what does not pass the schema, and leaves out invalid records on read', async () => {
    const s = newStore();
    await expect(s.apply({ putHoldings: [holding('ok'), holding('bad', { quantity: 0 })] })).rejects.toThrow();
    await expect(s.apply({ putSales: [sale('x', { sold: '2026-02-30' })] })).rejects.toThrow();
    expect((await s.load()).holdings).toEqual([]);
    await s.apply({ putHoldings: [holding('ok')] });
    const db = await openDB(s.name);
    await db.put('holdings', { id: 'junk', game: 730, quantity: 'two' });
    await db.put('sales', { id: 'junk-sale', game: 730 });
    db.close();
    const loaded = await s.load(730);
    expect(loaded.holdings.map((h) => h.id)).toEqual(['ok']);
    expect(loaded.sales).toEqual([]);
    expect(loaded.invalid).toBe(2);
  });

  for (const kind of ['quota-at-commit', 'quota-at-request'] as const) {
    it(`a write refused for lack of space (${kind}) keeps nothing of the change, rejects, and says the storage is full`, async () => {
      const s = newStore();
      await s.apply({ putHoldings: [holding('a')] });
      const fault = injectFault(s.name, 'holdings', kind);
      const failed = s.apply({ putHoldings: [holding('a', { quantity: 9 }), holding('b')], deleteSales: [] });
      await expect(failed).rejects.toBeInstanceOf(PortfolioWriteError);
      await expect(failed).rejects.toMatchObject({
        quota: true,
        message: expect.stringMatching(/not saved: the disk.* is full/),
      });
      expect(fault.fired()).toBe(1);
      expect(storageStatus().notices['portfolio-write']).toMatch(/is full/);
      expect((await s.load()).holdings.map((h) => [h.id, h.quantity])).toEqual([['a', 2]]);
      // Room again: the change is kept and the notice goes.
      await s.apply({ putHoldings: [holding('b')] });
      expect(storageStatus().notices['portfolio-write']).toBeUndefined();
      expect((await s.load()).holdings.map((h) => h.id)).toEqual(['a', 'b']);
    });
  }

  it('an aborted write rejects with its own words', async () => {
    const s = newStore();
    injectFault(s.name, 'sales', 'abort');
    await expect(s.apply({ putHoldings: [holding('a')], putSales: [sale('s')] })).rejects.toMatchObject({
      quota: false,
      message: expect.stringMatching(/not saved \(AbortError/),
    });
    expect((await s.load()).holdings).toEqual([]);
    expect(storageStatus().notices['portfolio-write']).toMatch(/AbortError/);
  });

  it('version 2: a version-1 holding is kept, its cost marked as in the service currency (costCurrency null)', async () => {
    const name = `portfolio-v1-cost-${++seq}`;
    const v1 = newStore(name, PORTFOLIO_UPGRADES.slice(0, 1));
    const old = holding('old', { unitCost: 12_345, fee: 500 });
    await v1.apply({ putHoldings: [old] });
    await v1.close();
    const v2 = newStore(name);
    const loaded = await v2.load();
    expect(loaded.invalid).toBe(0);
    expect(loaded.holdings).toEqual([{ ...old, costCurrency: null }]);
    await v2.close();
    // Stored as upgraded, not only read so: the raw record carries the field.
    const raw = await openDB(name);
    expect(await raw.get('holdings', 'old')).toMatchObject({ unitCost: 12_345, fee: 500, costCurrency: null });
    raw.close();
  });

  it('a version-1 database opened by a later version keeps its records; a newer one is refused in words', async () => {
    const name = `portfolio-v1-${++seq}`;
    const v1 = newStore(name);
    await v1.apply({ putHoldings: [holding('kept')] });
    await v1.close();
    const ran: number[] = [];
    const v2 = newStore(name, [...PORTFOLIO_UPGRADES, () => void ran.push(3)]);
    expect((await v2.load()).holdings.map((h) => h.id)).toEqual(['kept']);
    expect(ran).toEqual([3]);
    await v2.close();
    const old = newStore(name);
    await expect(old.load()).rejects.toBeInstanceOf(NewerDatabaseError);
    expect(storageStatus().notices['portfolio-open']).toMatch(
      /Portfolio: saved by a newer version of Market Desk \(storage version 3; this version reads up to 2\)/,
    );
  });
});

describe('PortfolioStore: the version a change expects', () => {
  it('checks it inside the transaction: a record changed since is refused whole, nothing written, no storage notice', async () => {
    const s = newStore();
    await s.apply({ putHoldings: [holding('h1', { quantity: 10 })] });
    const seen = holding('h1', { quantity: 10 });
    await s.apply({ putHoldings: [holding('h1', { quantity: 6 }), holding('h2', { quantity: 4 })] });
    const stale = {
      putHoldings: [holding('h1', { quantity: 10, note: 'b' })],
      expect: { holdings: [{ id: 'h1', was: seen }] },
    };
    await expect(s.apply(stale)).rejects.toThrow(/changed in another window/);
    expect((await s.load()).holdings.map((h) => h.quantity)).toEqual([6, 4]);
    expect(storageStatus().notices['portfolio-write']).toBeUndefined();
    // The same change built on what is there now is written.
    const fresh = {
      putHoldings: [holding('h1', { quantity: 6, note: 'b' })],
      expect: { holdings: [{ id: 'h1', was: holding('h1', { quantity: 6 }) }] },
    };
    await s.apply(fresh);
    expect((await s.load()).holdings.map((h) => [h.quantity, h.note])).toEqual([
      [6, 'b'],
      [4, ''],
    ]);
  });

  it('"must not exist" is refused when the id is taken', async () => {
    const s = newStore();
    await s.apply({ putHoldings: [holding('h1')] });
    await expect(
      s.apply({ putHoldings: [holding('h1', { note: 'x' })], expect: { holdings: [{ id: 'h1', was: null }] } }),
    ).rejects.toThrow(/1 record\)/);
    expect((await s.load()).holdings[0]?.note).toBe('');
  });
});

describe('PortfolioStore after the browser closed its connection', () => {
  it('a change and a load between the close and its close event go through a new connection', async () => {
    const s = newStore();
    await s.apply({ putHoldings: [holding('a')] });
    closeAbnormally(s.name);
    await s.apply({ putHoldings: [holding('b', { created: T0 + 5 })] });
    const loaded = await s.load();
    expect(loaded.holdings.map((h) => h.id).sort()).toEqual(['a', 'b']);
  });
});
