import { describe, expect, it } from 'vitest';
import {
  backupText,
  DEFAULT_RESTORE_MODE,
  describeRestore,
  makeBackup,
  MAX_BACKUP_BYTES,
  planRestore,
  readBackup,
  readBackupFile,
} from './backup';
import type { Holding, Sale } from './types';

const T0 = Date.UTC(2026, 2, 1, 9, 30);
function holding(id: string, over: Partial<Holding> = {}): Holding {
  return {
    id,
    game: 730,
    name: '★ Karambit | Fade (Factory New)',
    quantity: 1,
    unitCost: 1_234_567,
    fee: 12_345,
    acquired: '2026-02-28',
    place: { kind: 'text', text: 'a friend, "cash"' },
    lockedUntil: T0 + 7 * 86_400_000,
    note: 'line one\nline two, with ünïcödé',
    origin: 'steam',
    created: T0,
    updated: T0 + 1,
    ...over,
  };
}
function sale(id: string, over: Partial<Sale> = {}): Sale {
  return {
    id,
    game: 570,
    name: 'Arcana',
    quantity: 3,
    unitPrice: 999_999_999,
    fee: null,
    sold: '2026-03-01',
    place: { kind: 'market', slug: 'steam' },
    note: '',
    created: T0,
    updated: T0,
    ...over,
  };
}

describe('backup file', () => {
  it('is version 2, which carries a holding’s cost currency: a cost in CNY with its purchase date round-trips', () => {
    const holdings = [holding('h1', { unitCost: 70_000, fee: 1_000, costCurrency: 'CNY', acquired: '2026-11-20' })];
    const text = backupText(makeBackup(holdings, [], T0));
    expect(JSON.parse(text)).toMatchObject({ version: 2, holdings: [{ costCurrency: 'CNY', acquired: '2026-11-20' }] });
    const read = readBackup(text);
    expect(read.ok && read.backup.holdings[0]).toEqual(holdings[0]);
  });

  it('a file written at version 1 (costs in the service currency, no cost currency) still restores', () => {
    const h = holding('h1');
    const v1 = JSON.stringify({ format: 'market-desk-portfolio', version: 1, exported: T0, holdings: [h], sales: [] });
    const read = readBackup(v1);
    expect(read).toEqual({
      ok: true,
      backup: { format: 'market-desk-portfolio', version: 2, exported: T0, holdings: [h], sales: [] },
    });
    // Builds that had cost currencies before the version said so wrote them at version 1: they are kept.
    const early = JSON.stringify({
      format: 'market-desk-portfolio',
      version: 1,
      exported: T0,
      holdings: [{ ...h, costCurrency: 'CNY' }],
      sales: [],
    });
    const back = readBackup(early);
    expect(back.ok && back.backup.holdings[0]?.costCurrency).toBe('CNY');
  });

  it('reads back to identical records', () => {
    const holdings = [
      holding('h1'),
      holding('h2', { unitCost: null, fee: null, acquired: null, place: null, lockedUntil: null, origin: 'manual' }),
    ];
    const sales = [sale('s1')];
    const text = backupText(makeBackup(holdings, sales, T0));
    const read = readBackup(text);
    expect(read).toEqual({
      ok: true,
      backup: { format: 'market-desk-portfolio', version: 2, exported: T0, holdings, sales },
    });
    // And the same text again: nothing is changed on the way.
    if (read.ok) expect(backupText(read.backup)).toBe(text);
    // A byte order mark (a file saved by an editor) is not a problem.
    expect(readBackup(`\uFEFF${text}`).ok).toBe(true);
  });

  it('refuses a bad file as a whole, naming the bad record', () => {
    const good = JSON.parse(backupText(makeBackup([holding('h1'), holding('h2')], [sale('s1')], T0))) as Record<
      string,
      unknown[]
    >;
    const badQty = structuredClone(good);
    (badQty.holdings![1] as Record<string, unknown>).quantity = 0;
    expect(readBackup(JSON.stringify(badQty))).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^This backup cannot be restored, nothing was changed: holding 2 \(id h2, “★ Karambit \| Fade \(Factory New\)”\): quantity: .*\.$/,
      ),
    });
    const badSale = structuredClone(good);
    (badSale.sales![0] as Record<string, unknown>).sold = '2026-02-30';
    expect(readBackup(JSON.stringify(badSale))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/sale 1 \(id s1, “Arcana”\): sold: not a calendar day/),
    });
    const twice = structuredClone(good);
    (twice.holdings![1] as Record<string, unknown>).id = 'h1';
    expect(readBackup(JSON.stringify(twice))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/holding 2 \(id h1,.*\): the id is used twice/),
    });
  });

  it('says what a file is when it is not a backup it can read', () => {
    expect(readBackup('name,quantity\nx,1')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^This is not a Market Desk portfolio backup: it is not JSON/),
    });
    expect(readBackup('[]')).toMatchObject({ ok: false, error: expect.stringMatching(/no backup object/) });
    expect(readBackup('{"format":"other"}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"format" is not "market-desk-portfolio"/),
    });
    expect(readBackup('{"format":"market-desk-portfolio","version":7,"holdings":[],"sales":[]}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/newer version of Market Desk \(backup version 7/),
    });
    expect(readBackup('{"format":"market-desk-portfolio","version":1,"exported":1}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no list of holdings/),
    });
  });

  it('plans a restore: what is added, replaced, unchanged, and removed or kept', () => {
    const current = { holdings: [holding('same'), holding('changed'), holding('mine')], sales: [sale('s-mine')] };
    const backup = makeBackup(
      [holding('same'), holding('changed', { quantity: 5 }), holding('new')],
      [sale('s-new')],
      T0,
    );
    const replace = planRestore(current, backup, 'replace');
    expect(replace.holdings).toEqual({ added: 1, replaced: 1, same: 1, notInBackup: 1 });
    expect(replace.sales).toEqual({ added: 1, replaced: 0, same: 0, notInBackup: 1 });
    expect(describeRestore(replace)).toBe(
      "Replace the whole portfolio (every game) with the backup: holdings: 1 holding added, 1 replaced by the backup's version, 1 not in the backup removed, 1 unchanged; sales: 1 sale added, 0 replaced by the backup's version, 1 not in the backup removed.",
    );
    // The same record with its keys in another order (as stored after an import) is unchanged, not replaced.
    const { id, ...rest } = holding('same');
    const reordered = { ...rest, id } as ReturnType<typeof holding>;
    expect(planRestore({ holdings: [reordered], sales: [] }, backup, 'replace').holdings).toEqual({
      added: 2,
      replaced: 0,
      same: 1,
      notInBackup: 0,
    });
    expect(describeRestore(planRestore(current, backup, 'add'))).toBe(
      "Add the backup to the portfolio: holdings: 1 holding added, 1 replaced by the backup's version, 1 not in the backup kept, 1 unchanged; sales: 1 sale added, 0 replaced by the backup's version, 1 not in the backup kept.",
    );
  });

  it('a replace says how many unreadable records it deletes; an add says they are kept', () => {
    // Two records on disk fail their checks: the page does not show them, and a replace's clear deletes them.
    const current = { holdings: [holding('mine')], sales: [], invalid: 2 };
    const backup = makeBackup([holding('new')], [], T0);
    const replace = planRestore(current, backup, 'replace');
    expect(replace.unreadable).toBe(2);
    expect(describeRestore(replace)).toMatch(
      / 2 unreadable records \(stored, but they fail their checks and are not shown\) are deleted too\.$/,
    );
    expect(describeRestore(planRestore(current, backup, 'add'))).toMatch(
      / 2 unreadable records are kept as they are\.$/,
    );
    expect(describeRestore(planRestore({ ...current, invalid: 0 }, backup, 'replace'))).not.toMatch(/unreadable/);
  });

  it('the default is to add, never to replace', () => {
    expect(DEFAULT_RESTORE_MODE).toBe('add');
  });

  it('a file over the size cap is refused by its size, before it is read', async () => {
    let reads = 0;
    const big = { name: 'huge.json', size: MAX_BACKUP_BYTES + 1, text: () => (reads++, Promise.resolve('')) };
    const r = await readBackupFile(big);
    expect(r).toEqual({
      ok: false,
      error: expect.stringMatching(/^huge\.json is 100\.0 MB: larger than any Market Desk backup \(at most 100 MB\)/),
    });
    expect(reads).toBe(0);
    // At the cap it is read (and here refused for what it holds, not for its size).
    const text = backupText(makeBackup([holding('a')], [], T0));
    const ok = await readBackupFile({ name: 'ok.json', size: text.length, text: () => Promise.resolve(text) });
    expect(ok.ok).toBe(true);
    const atCap = await readBackupFile({
      name: 'cap.json',
      size: MAX_BACKUP_BYTES,
      text: () => (reads++, Promise.resolve('{}')),
    });
    expect(reads).toBe(1);
    expect(atCap.ok).toBe(false);
  });
});
