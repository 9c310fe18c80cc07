/**
 * A feature's IndexedDB database, opened on first use through openVersioned and opened again after
 * another tab's upgrade or the browser closed it. Opening problems are shown to the user through a storage
 * notice (Settings → Storage), never only thrown. Also the one reader of stored records: each is checked
 * with its schema, and a record that does not pass is left out and counted, never trusted.
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { setNotice, type NoticeKey } from './status';
import { NewerDatabaseError, openVersioned, type UpgradeStep } from './versioned-db';

export interface LazyDatabaseOptions {
  /** The feature's name in messages ("Alerts", "Portfolio"). */
  what: string;
  /** Where opening problems are shown. */
  notice: NoticeKey;
  /** The sentence when the browser has no IndexedDB at all. */
  unavailable: string;
  /** The notice for an error other than a newer build's database; null = none (the caller shows it). */
  openFailure?: (e: unknown) => string | null;
}

export class LazyDatabase<S extends DBSchema> {
  private db: Promise<IDBPDatabase<S>> | null = null;

  constructor(
    readonly name: string,
    private readonly upgrades: readonly UpgradeStep<S>[],
    private readonly options: LazyDatabaseOptions,
  ) {}

  open(): Promise<IDBPDatabase<S>> {
    const { what, notice, unavailable, openFailure } = this.options;
    if (typeof indexedDB === 'undefined') return Promise.reject(new Error(unavailable));
    const opening = (this.db ??= openVersioned<S>(this.name, this.upgrades, {
      what,
      onBlocked: (m) => setNotice(notice, m),
      // Another tab's upgrade, or the browser, closed it: the next call opens again.
      onClosed: () => {
        if (this.db === opening) this.db = null;
      },
    }).then(
      (db) => {
        setNotice(notice, null);
        return db;
      },
      (e: unknown) => {
        if (this.db === opening) this.db = null;
        const text = e instanceof NewerDatabaseError ? e.message : (openFailure?.(e) ?? null);
        if (text !== null) setNotice(notice, text);
        throw e;
      },
    ));
    return opening;
  }

  /**
   * Runs `start` (which must do nothing but open a transaction, or one request that opens its own) on the
   * connection, and once more on a new one when the old refuses it as closing. The browser marks a connection
   * closing at once but fires its `close` event a task later: a call in between would fail though the data
   * is fine.
   */
  async transaction<T>(start: (db: IDBPDatabase<S>) => T): Promise<Awaited<T>> {
    const db = await this.open();
    try {
      return await start(db);
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'InvalidStateError')) throw e;
      if (this.db !== null && (await this.db.catch(() => null)) === db) this.db = null;
      return await start(await this.open());
    }
  }

  async close(): Promise<void> {
    const db = this.db;
    this.db = null;
    (await db?.catch(() => null))?.close();
  }
}

/** The values that pass `schema`, and how many did not. */
export function parseEach<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  values: readonly unknown[],
): { ok: T[]; bad: number } {
  const ok: T[] = [];
  let bad = 0;
  for (const v of values) {
    const r = schema.safeParse(v);
    if (r.success) ok.push(r.data);
    else bad++;
  }
  return { ok, bad };
}
