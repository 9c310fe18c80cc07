/**
 * The portfolio in IndexedDB ('market-desk-portfolio', through `idb`), so holdings and sales survive a restart:
 * `holdings` one record per lot, `sales` one per sale (keyPath id, index `game` in both). Reads are checked
 * with the zod schemas of model/types.ts; a record that does not pass is left out and counted (`invalid`).
 * Every change (an edit, a split, an import, an undo, a restore) is one transaction, kept whole or not at all
 * (https://w3c.github.io/IndexedDB/#transaction-concept); a failed write rejects with the transaction's own
 * error and sets the 'portfolio-write' notice (Settings → Storage and the page), a full disk in its own words.
 */
import type { DBSchema, IDBPObjectStore } from 'idb';
import { setNotice } from '../../lib/storage/status';
import { LazyDatabase, parseEach } from '../../lib/storage/lazy-database';
import { errorText, isQuotaError, transactionError, type UpgradeStep } from '../../lib/storage/versioned-db';
import { HoldingSchema, SaleSchema, type Holding, type Sale } from './model/types';

export const PORTFOLIO_DB = 'market-desk-portfolio';

interface PortfolioDbSchema extends DBSchema {
  holdings: { key: string; value: Holding; indexes: { game: number } };
  sales: { key: string; value: Sale; indexes: { game: number } };
}

/** Step i takes version i to i + 1 (storage/versioned-db.ts): a later version adds a step, never edits one. */
export const PORTFOLIO_UPGRADES: readonly UpgradeStep<PortfolioDbSchema>[] = [
  (db) => {
    db.createObjectStore('holdings', { keyPath: 'id' }).createIndex('game', 'game');
    db.createObjectStore('sales', { keyPath: 'id' }).createIndex('game', 'game');
  },
  // 2: a holding's cost names its currency; every earlier cost was in the service's currency (null).
  (_db, tx) => {
    const store = tx.objectStore('holdings');
    void (async () => {
      for (let c = await store.openCursor(); c; c = await c.continue()) {
        if (c.value.costCurrency === undefined) await c.update({ ...c.value, costCurrency: null });
      }
    })();
  },
];

export interface LoadedPortfolio {
  holdings: Holding[];
  sales: Sale[];
  /** Records that did not pass their schema (left out, still in the database). */
  invalid: number;
}

/** One record as the writer last read it: `was` null means it must not exist. */
export interface ExpectedRecord<T> {
  id: string;
  was: T | null;
}

/**
 * The version a change expects: the records it touches as the writer read them (or, for a change that
 * empties the stores, every readable record). Checked inside the write's own transaction, so another tab's
 * write between the read and this one is seen, and then nothing is written.
 */
interface PortfolioExpect {
  holdings?: readonly ExpectedRecord<Holding>[];
  sales?: readonly ExpectedRecord<Sale>[];
  all?: { holdings: readonly Holding[]; sales: readonly Sale[] };
}

/** One change, written in one transaction: records put (added or replaced) and ids deleted. */
export interface PortfolioChange {
  putHoldings?: readonly Holding[];
  deleteHoldings?: readonly string[];
  putSales?: readonly Sale[];
  deleteSales?: readonly string[];
  /** Empty both stores first (a restore that replaces everything). */
  clear?: boolean;
  /** What must be on disk for the change to be written; absent: written whatever is there. */
  expect?: PortfolioExpect;
}

/** A write that failed; `message` says what happened and what to do. */
export class PortfolioWriteError extends Error {
  override readonly name = 'PortfolioWriteError';
  constructor(
    message: string,
    readonly quota: boolean,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

/** A change refused because the records are no longer what the writer read (another tab changed them); nothing was written. */
export class PortfolioConflictError extends Error {
  override readonly name = 'PortfolioConflictError';
  constructor(readonly stale: number) {
    super(
      `Not saved: the portfolio was changed in another window meanwhile (${stale === 1 ? '1 record' : `${stale} records`}). What is shown now is what is saved; make your change again if you still want it.`,
    );
  }
}

/** The same record: both read through the schema (which orders and strips keys) and compared whole. */
type Schema<T> = { safeParse(v: unknown): { success: true; data: T } | { success: false } };

function sameRecord<T>(schema: Schema<T>, stored: unknown, was: T | null): boolean {
  if (was === null) return stored === undefined;
  const a = schema.safeParse(stored);
  const b = schema.safeParse(was);
  return a.success && b.success && JSON.stringify(a.data) === JSON.stringify(b.data);
}

export function writeFailureText(e: unknown): string {
  return isQuotaError(e)
    ? 'The portfolio change was not saved: the disk, or the browser storage Market Desk may use, is full. Free some space and try again.'
    : `The portfolio change was not saved (${errorText(e)}). Try again; if it keeps failing, export a backup.`;
}

function ignore(): void {}

export class PortfolioStore {
  private readonly db: LazyDatabase<PortfolioDbSchema>;

  constructor(
    readonly name: string = PORTFOLIO_DB,
    upgrades: readonly UpgradeStep<PortfolioDbSchema>[] = PORTFOLIO_UPGRADES,
  ) {
    this.db = new LazyDatabase(name, upgrades, {
      what: 'Portfolio',
      notice: 'portfolio-open',
      unavailable: 'This browser has no IndexedDB: the portfolio cannot be kept.',
      openFailure: (e) => `The portfolio could not be opened (${errorText(e)}).`,
    });
  }

  /** One game's records (all games when `game` is null), in creation order. */
  async load(game: number | null = null): Promise<LoadedPortfolio> {
    const tx = await this.db.transaction((db) => db.transaction(['holdings', 'sales'], 'readonly'));
    const [rawHoldings, rawSales] = await Promise.all([
      game === null ? tx.objectStore('holdings').getAll() : tx.objectStore('holdings').index('game').getAll(game),
      game === null ? tx.objectStore('sales').getAll() : tx.objectStore('sales').index('game').getAll(game),
      tx.done,
    ]);
    const holdings = parseEach<Holding>(HoldingSchema, rawHoldings);
    const sales = parseEach<Sale>(SaleSchema, rawSales);
    const order = (a: { created: number; id: string }, b: { created: number; id: string }) =>
      a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    holdings.ok.sort(order);
    sales.ok.sort(order);
    return { holdings: holdings.ok, sales: sales.ok, invalid: holdings.bad + sales.bad };
  }

  /**
   * Writes a change in one transaction. Records are checked first (a bad one throws before anything is
   * written); a failed write rejects with PortfolioWriteError and sets the 'portfolio-write' notice, which
   * the next successful write clears.
   */
  async apply(change: PortfolioChange): Promise<void> {
    const holdings = (change.putHoldings ?? []).map((h) => HoldingSchema.parse(h));
    const sales = (change.putSales ?? []).map((s) => SaleSchema.parse(s));
    const tx = await this.db.transaction((db) => db.transaction(['holdings', 'sales'], 'readwrite'));
    // Marked as handled now: a failed request rejects `done` before it is awaited below.
    tx.done.catch(ignore);
    try {
      const hs = tx.objectStore('holdings');
      const ss = tx.objectStore('sales');
      if (change.expect) {
        const stale = await staleCount(hs, ss, change.expect);
        if (stale > 0) {
          tx.abort();
          throw new PortfolioConflictError(stale);
        }
      }
      const requests: Promise<unknown>[] = [];
      if (change.clear) requests.push(hs.clear(), ss.clear());
      for (const id of change.deleteHoldings ?? []) requests.push(hs.delete(id));
      for (const id of change.deleteSales ?? []) requests.push(ss.delete(id));
      for (const h of holdings) requests.push(hs.put(h));
      for (const s of sales) requests.push(ss.put(s));
      for (const r of requests) r.catch(ignore);
      await tx.done;
    } catch (thrown) {
      await tx.done.catch(ignore);
      // Not a storage failure: nothing is wrong with the disk, the data moved on.
      if (thrown instanceof PortfolioConflictError) throw thrown;
      const e = transactionError(tx, thrown);
      const text = writeFailureText(e);
      setNotice('portfolio-write', text);
      throw new PortfolioWriteError(text, isQuotaError(e), e);
    }
    setNotice('portfolio-write', null);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

type Rw<N extends 'holdings' | 'sales'> = IDBPObjectStore<PortfolioDbSchema, ('holdings' | 'sales')[], N, 'readwrite'>;

/** How many expected records are not on disk as expected (read in the write's transaction). */
async function staleCount(hs: Rw<'holdings'>, ss: Rw<'sales'>, expect: PortfolioExpect): Promise<number> {
  let stale = 0;
  const one = async <T>(store: Rw<'holdings'> | Rw<'sales'>, schema: Schema<T>, list: readonly ExpectedRecord<T>[]) => {
    const got = await Promise.all(list.map((r) => store.get(r.id)));
    list.forEach((r, i) => {
      if (!sameRecord(schema, got[i], r.was)) stale++;
    });
  };
  // Records that fail their schema are in no one's view: a whole-store check leaves them out on both sides.
  const whole = <T extends { id: string }>(schema: Schema<T>, stored: readonly unknown[], was: readonly T[]) => {
    const ok = parseEach<T>(schema, stored).ok;
    const byId = new Map(ok.map((r) => [r.id, r]));
    let n = Math.max(0, ok.length - was.length);
    for (const r of was) if (!sameRecord(schema, byId.get(r.id), r)) n++;
    return n;
  };
  await one(hs, HoldingSchema, expect.holdings ?? []);
  await one(ss, SaleSchema, expect.sales ?? []);
  if (expect.all) {
    const [h, s] = await Promise.all([hs.getAll(), ss.getAll()]);
    stale += whole(HoldingSchema, h, expect.all.holdings) + whole<Sale>(SaleSchema, s, expect.all.sales);
  }
  return stale;
}

let shared: PortfolioStore | null = null;

/** The app's one store (tests make their own). */
export function portfolioStore(): PortfolioStore {
  return (shared ??= new PortfolioStore());
}
