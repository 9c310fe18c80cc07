/**
 * Opening one of the app's IndexedDB databases (through `idb`) so that it can change shape later: upgrades
 * are a list of steps run from the database's `oldVersion`; a database of a newer build is a
 * NewerDatabaseError in words (https://w3c.github.io/IndexedDB/#opening); another tab holding an old
 * version open gets `versionchange` and we close at once (https://w3c.github.io/IndexedDB/#events), while
 * `blocked` names a tab that does not; a connection the browser closes is opened again on the next call.
 * Details: README.md, "Versioned databases".
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';

export type UpgradeStep<S extends DBSchema> = (
  db: IDBPDatabase<S>,
  tx: IDBPTransaction<S, StoreNames<S>[], 'versionchange'>,
) => void;

export class NewerDatabaseError extends Error {
  override readonly name = 'NewerDatabaseError';
  constructor(
    readonly database: string,
    readonly found: number | null,
    readonly known: number,
    what: string,
  ) {
    super(
      `${what}: saved by a newer version of Market Desk (storage version ${found ?? 'unknown'}; this version reads up to ${known}). ` +
        'Nothing was deleted: update Market Desk, or use the newer version, to see it again.',
    );
  }
}

export interface OpenHooks {
  /** What the database holds, for messages: "Price history", "Alerts"… */
  what: string;
  /** Our upgrade waits for other tabs to close the database (null: not any more). */
  onBlocked?(message: string | null): void;
  /** Our connection was closed for another tab's upgrade, or by the browser: drop it, open again later. */
  onClosed?(): void;
}

function isVersionError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'VersionError';
}

/** The version a database is at now (opening without a version never upgrades it), or null. */
async function currentVersion(name: string): Promise<number | null> {
  try {
    const db = await openDB(name);
    const v = db.version;
    db.close();
    return v;
  } catch {
    return null;
  }
}

export async function openVersioned<S extends DBSchema>(
  name: string,
  steps: readonly UpgradeStep<S>[],
  hooks: OpenHooks,
): Promise<IDBPDatabase<S>> {
  const version = steps.length;
  let blocked = false;
  try {
    const db = await openDB<S>(name, version, {
      upgrade(d, oldVersion, _newVersion, tx) {
        for (let v = oldVersion; v < version; v++) (steps[v] as UpgradeStep<S>)(d, tx);
      },
      blocked: () => {
        blocked = true;
        hooks.onBlocked?.(
          `${hooks.what} is being upgraded and waits for another Market Desk tab or window, which still has it open: close or reload the other tabs.`,
        );
      },
      blocking: (_old, _new, event) => {
        // Step aside at once, so the newer tab's upgrade is not stalled by this one.
        (event.target as IDBDatabase).close();
        hooks.onClosed?.();
      },
      terminated: () => hooks.onClosed?.(),
    });
    if (blocked) hooks.onBlocked?.(null);
    return db;
  } catch (e) {
    if (blocked) hooks.onBlocked?.(null);
    if (isVersionError(e)) throw new NewerDatabaseError(name, await currentVersion(name), version, hooks.what);
    throw e;
  }
}

/** The error a failed transaction ended with: the transaction's own (QuotaExceededError…), else what was thrown. */
export function transactionError(tx: { error: DOMException | null }, thrown: unknown): unknown {
  try {
    return tx.error ?? thrown;
  } catch {
    // Reading `error` of a transaction that has not finished throws InvalidStateError in some engines.
    return thrown;
  }
}

/**
 * A request's answer in a read-write transaction, or the transaction's failure: in Chromium a write refused
 * for lack of space leaves the requests from it on unanswered (neither success nor error) and aborts the
 * transaction at commit, so awaiting the request alone would wait forever (Dexie.js #776, #840).
 */
export function answer<T>(tx: { done: Promise<void>; error: DOMException | null }, request: Promise<T>): Promise<T> {
  return Promise.race([
    request,
    tx.done.then(
      () => request,
      (e: unknown) => {
        throw transactionError(tx, e);
      },
    ),
  ]);
}

/** A write refused for lack of space: QuotaExceededError (https://w3c.github.io/IndexedDB/#transaction-commit). */
export function isQuotaError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'QuotaExceededError';
}

export function errorText(e: unknown): string {
  if (e instanceof Error || e instanceof DOMException) return e.message ? `${e.name}: ${e.message}` : e.name;
  return String(e);
}
