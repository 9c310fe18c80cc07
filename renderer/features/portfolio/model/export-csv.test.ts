import { describe, expect, it } from 'vitest';
import { buildLedger, holdingRows } from './ledger';
import { holdingsCsv, salesCsv } from './export-csv';
import type { Holding, Sale } from './types';

const T0 = Date.UTC(2026, 2, 1, 9, 30);
const names = { marketName: (slug: string) => (slug === 'buff163' ? 'BUFF163' : slug) };

function holding(id: string, over: Partial<Holding> = {}): Holding {
  return {
    id,
    game: 730,
    name: 'AK-47 | Redline (Field-Tested)',
    quantity: 3,
    unitCost: 12_500,
    fee: 10,
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
    fee: 1_500,
    sold: '2026-02-01',
    place: null,
    note: '',
    created: T0,
    updated: T0,
    ...over,
  };
}

describe('portfolio CSV', () => {
  it('writes the holdings with exact money, empty for missing, and guarded text', () => {
    const hs = [
      holding('h1'),
      holding('h2', {
        name: '=HYPERLINK("x")',
        quantity: 1,
        unitCost: null,
        fee: null,
        costCurrency: 'CNY',
        acquired: null,
        place: { kind: 'text', text: 'a friend, cash' },
        lockedUntil: Date.UTC(2026, 2, 8, 7, 0),
        note: 'two\nlines',
      }),
    ];
    const ledger = buildLedger(hs, [sale('s1')]);
    const csv = holdingsCsv(
      holdingRows(ledger, hs, (n) => n.startsWith('AK')),
      names,
    );
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFName,Quantity,Unit cost,Fee,Acquired,Market,Locked until,Note,Remaining,Cost basis,In catalog,Origin,Id,Cost currency',
      // 2 left of 3: 25,000 + (10 − floor(10/3)). No cost currency: the service's (empty).
      'AK-47 | Redline (Field-Tested),3,12.500,0.010,2026-01-02,BUFF163,,,2,25.007,yes,manual,h1,',
      '"\'=HYPERLINK(""x"")",1,,,,"a friend, cash",2026-03-08T07:00:00Z,"two\nlines",1,,no,manual,h2,CNY',
      '',
    ]);
  });

  it('writes the sales with their FIFO figures, a loss negative and an oversell flagged', () => {
    const hs = [holding('h1', { quantity: 1, unitCost: 20_000, fee: null })];
    const ss = [
      sale('s1', { unitPrice: 15_000, fee: 1_500 }),
      sale('s2', { quantity: 2, sold: '2026-02-03', fee: null }),
    ];
    const csv = salesCsv(buildLedger(hs, ss), ['s1', 's2', 'gone'], names);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFName,Quantity,Unit price,Fee,Proceeds,Cost basis,Realised,Not held,Sold,Market,Note,Id',
      'AK-47 | Redline (Field-Tested),1,15.000,1.500,13.500,20.000,-6.500,0,2026-02-01,,,s1',
      'AK-47 | Redline (Field-Tested),2,15.000,,30.000,,,2,2026-02-03,,,s2',
      '',
    ]);
  });
});

describe('holdings CSV read back by the CSV import', () => {
  it('gives the same items, quantities, costs, fees, days, locks and notes', async () => {
    const { importCsv } = await import('./import');
    const hs = [
      holding('h1', { note: 'first, "quoted"' }),
      holding('h2', {
        name: 'AWP | Asiimov (Field-Tested)',
        quantity: 1,
        unitCost: null,
        fee: null,
        acquired: null,
        place: null,
        lockedUntil: Date.UTC(2026, 2, 8, 7, 0),
      }),
      holding('h3', { unitCost: 88_500, fee: null, costCurrency: 'CNY', acquired: '2026-11-20' }),
    ];
    const csv = holdingsCsv(
      holdingRows(buildLedger(hs, []), hs, () => true),
      names,
    );
    const preview = importCsv(csv, { game: 730 });
    expect(preview.fatal).toBeNull();
    expect(preview.rows.map((r) => r.error)).toEqual([null, null, null]);
    expect(
      preview.rows.map(
        (r) =>
          r.draft && [
            r.draft.name,
            r.draft.quantity,
            r.draft.unitCost,
            r.draft.fee,
            r.draft.costCurrency ?? null,
            r.draft.acquired,
            r.draft.place,
            r.draft.lockedUntil,
            r.draft.note,
          ],
      ),
    ).toEqual(
      hs.map((h) => [
        h.name,
        h.quantity,
        h.unitCost,
        h.fee,
        h.costCurrency ?? null,
        h.acquired,
        h.place,
        h.lockedUntil,
        h.note,
      ]),
    );
  });
});

describe('holdings CSV export and import, round after round', () => {
  it('keeps text that starts with a formula trigger or an apostrophe exactly, and non-ASCII names', async () => {
    const { importCsv } = await import('./import');
    const notes = ['-5% off', "'Tis mine", "'-5% off", '=1+1', '@friend', '+2 stickers', "''=x"];
    let hs = notes.map((note, i) =>
      holding(`h${i}`, {
        name:
          i === 0
            ? 'StatTrak™ AK-47 | Redline (Field-Tested)'
            : i === 1
              ? '★ Karambit | Fade (Factory New)'
              : 'AK-47 | Redline (Field-Tested)',
        note,
        place: { kind: 'text', text: i === 2 ? '-from a friend' : 'cash' },
      }),
    );
    for (let round = 0; round < 3; round++) {
      const csv = holdingsCsv(
        holdingRows(buildLedger(hs, []), hs, () => true),
        names,
      );
      const preview = importCsv(csv, { game: 730 });
      expect(preview.rows.map((r) => r.error)).toEqual(notes.map(() => null));
      hs = preview.rows.map((r, i) => holding(`h${i}`, { ...r.draft! }));
    }
    expect(hs.map((h) => h.note)).toEqual(notes);
    expect(hs[0]!.name).toBe('StatTrak™ AK-47 | Redline (Field-Tested)');
    expect(hs[1]!.name).toBe('★ Karambit | Fade (Factory New)');
    expect(hs[2]!.place).toEqual({ kind: 'text', text: '-from a friend' });
  });
});
