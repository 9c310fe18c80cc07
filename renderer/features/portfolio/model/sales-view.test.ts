import { describe, expect, it } from 'vitest';
import { buildLedger } from './ledger';
import { realisedOf, salesNewestFirst } from './sales-view';
import type { Holding, Sale } from './types';

const lot = (id: string, name: string, unitCost: number | null): Holding => ({
  id,
  game: 730,
  name,
  quantity: 1,
  unitCost,
  fee: null,
  acquired: '2026-01-01',
  place: null,
  lockedUntil: null,
  note: '',
  origin: 'manual',
  created: 1,
  updated: 1,
});
const sale = (id: string, name: string, sold: string, created: number): Sale => ({
  id,
  game: 730,
  name,
  quantity: 1,
  unitPrice: 15_000,
  fee: 1_000,
  sold,
  place: null,
  note: '',
  created,
  updated: created,
});

describe('sales view', () => {
  it('orders by sale day, newest first, and within a day the one recorded last first', () => {
    const a = sale('a', 'A', '2026-03-01', 10);
    const b = sale('b', 'B', '2026-03-02', 5);
    const c = sale('c', 'C', '2026-03-01', 20);
    expect(salesNewestFirst([a, b, c]).map((s) => s.id)).toEqual(['b', 'c', 'a']);
  });

  it('sums the known realised profit and counts the sales without a known cost', () => {
    const sales = [sale('s1', 'Known', '2026-03-01', 10), sale('s2', 'Unknown', '2026-03-01', 11)];
    const ledger = buildLedger([lot('h1', 'Known', 10_000), lot('h2', 'Unknown', null)], sales);
    expect(realisedOf(sales, ledger)).toEqual({ realised: 4_000, missing: 1 });
    expect(realisedOf([], ledger)).toEqual({ realised: 0, missing: 0 });
  });
});
