/**
 * The last good data of a view, kept in IndexedDB ('market-desk-offline') so that a start with no service
 * reachable shows what the app last had, marked with its age. One record per (kind, data source, game), at
 * most `cap` per kind, the oldest written going first; the source is part of the key, so one service's
 * data is never offered for another, nor demo data as live. Every failure (no IndexedDB, quota) reads as
 * "nothing saved": a convenience, never a reason for a view to fail. Layout: README.md, "Offline store (store.ts)".
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import { setNotice } from '../../lib/storage/status';
import {
  answer,
  errorText,
  isQuotaError,
  NewerDatabaseError,
  openVersioned,
  transactionError,
  type UpgradeStep,
} from '../../lib/storage/versioned-db';
import { whenIdle } from '../../lib/idle';

const OFFLINE_DB = 'market-desk-offline';
/** Records kept per kind. */
const OFFLINE_CAP = 4;

export type OfflineKind = 'grid' | 'recs';

export interface OfflineMeta {
  id: string;
  kind: OfflineKind;
  /** The data source: 'live|<baseUrl>' (or 'demo'). */
  source: string;
  game: number;
  /** The rest of the request's identity (markets, list type), for information. */
  variant: string;
  /** Layout version of the payload; a record of another version is ignored. */
  format: number;
  /** ms since epoch: when the data was loaded (its age). */
  dataAt: number;
  /** ms since epoch: when it was written. */
  savedAt: number;
}

export interface OfflineRecord<T = unknown> {
  meta: OfflineMeta;
  payload: T;
}

interface OfflineSchema extends DBSchema {
  meta: { key: string; value: OfflineMeta; indexes: { kind: string } };
  data: { key: string; value: { id: string; payload: unknown } };
}

/** Upgrade steps, step i taking version i to i + 1 (storage/versioned-db.ts): a later version adds one, never edits one. */
export const OFFLINE_UPGRADES: readonly UpgradeStep<OfflineSchema>[] = [
  (db) => {
    const meta = db.createObjectStore('meta', { keyPath: 'id' });
    meta.createIndex('kind', 'kind');
    db.createObjectStore('data', { keyPath: 'id' });
  },
];

export function offlineId(kind: OfflineKind, source: string, game: number): string {
  return JSON.stringify([kind, source, game]);
}

export type SaveInput = Omit<OfflineMeta, 'id' | 'savedAt'>;

export class OfflineStore {
  private db: Promise<IDBPDatabase<OfflineSchema> | null> | null = null;

  constructor(
    readonly name: string = OFFLINE_DB,
    readonly cap: number = OFFLINE_CAP,
    private readonly upgrades: readonly UpgradeStep<OfflineSchema>[] = OFFLINE_UPGRADES,
  ) {}

  /**
   * The connection, or null when there is none to be had: a view then goes without its kept copy, but a
   * database of a newer build, or an upgrade waiting for another tab, is said in Settings (storage/status).
   */
  private open(): Promise<IDBPDatabase<OfflineSchema> | null> {
    if (this.db) return this.db;
    if (typeof indexedDB === 'undefined') return (this.db = Promise.resolve(null));
    const opening: Promise<IDBPDatabase<OfflineSchema> | null> = openVersioned<OfflineSchema>(
      this.name,
      this.upgrades,
      {
        what: 'The offline copies of your last data',
        onBlocked: (m) => setNotice('offline-open', m),
        // Another tab's upgrade, or the browser, closed it: the next call opens again.
        onClosed: () => {
          if (this.db === opening) this.db = null;
        },
      },
    ).then(
      (db) => {
        setNotice('offline-open', null);
        return db;
      },
      (e: unknown) => {
        console.warn('Offline data unavailable:', e);
        // Not kept: the next call tries again (the newer tab may be gone).
        if (this.db === opening) this.db = null;
        setNotice(
          'offline-open',
          e instanceof NewerDatabaseError
            ? e.message
            : `The offline copies of your last data cannot be opened: ${errorText(e)}.`,
        );
        return null;
      },
    );
    this.db = opening;
    return opening;
  }

  /**
   * Keeps `payload` as the last data of (kind, source, game), unless the record there is newer, then trims
   * the kind to `cap` records. Resolves false when nothing was written.
   */
  async save(input: SaveInput, payload: unknown, now: number = Date.now()): Promise<boolean> {
    const db = await this.open();
    if (!db) return false;
    const id = offlineId(input.kind, input.source, input.game);
    const tx = db.transaction(['meta', 'data'], 'readwrite');
    // Marked as handled now: a failed request rejects `done` before the code below awaits it.
    tx.done.catch(() => undefined);
    try {
      const metas = tx.objectStore('meta');
      const prev = await answer(tx, metas.get(id));
      if (prev && prev.format === input.format && prev.dataAt > input.dataAt) {
        await tx.done;
        return false;
      }
      await answer(tx, metas.put({ ...input, id, savedAt: now }));
      await answer(tx, tx.objectStore('data').put({ id, payload }));
      const all = await answer(tx, metas.index('kind').getAll(input.kind));
      const drop = all.sort((a, b) => b.savedAt - a.savedAt || b.dataAt - a.dataAt).slice(this.cap);
      for (const m of drop) {
        await answer(tx, metas.delete(m.id));
        await answer(tx, tx.objectStore('data').delete(m.id));
      }
      await tx.done;
      setNotice('offline-write', null);
      return true;
    } catch (thrown) {
      await tx.done.catch(() => undefined);
      const e = transactionError(tx, thrown);
      console.warn('Could not keep the last data for offline use:', e);
      setNotice(
        'offline-write',
        isQuotaError(e)
          ? 'Could not keep a copy of the last data for offline use: the disk, or the browser storage Market Desk may use, is full.'
          : `Could not keep a copy of the last data for offline use: ${errorText(e)}.`,
      );
      return false;
    }
  }

  /** The last data of (kind, source, game) in this format, or null. */
  async load<T = unknown>(
    kind: OfflineKind,
    source: string,
    game: number,
    format: number,
  ): Promise<OfflineRecord<T> | null> {
    const db = await this.open();
    if (!db) return null;
    const id = offlineId(kind, source, game);
    try {
      const tx = db.transaction(['meta', 'data'], 'readonly');
      // Marked as handled now: a failed read rejects `done` before it is awaited.
      tx.done.catch(() => undefined);
      const [meta, data] = await Promise.all([tx.objectStore('meta').get(id), tx.objectStore('data').get(id)]);
      await tx.done;
      if (!meta || !data || meta.format !== format) return null;
      return { meta, payload: data.payload as T };
    } catch (e) {
      setNotice('offline-open', `The offline copy of your last data could not be read: ${errorText(e)}.`);
      return null;
    }
  }

  /** What is kept, newest first (no payloads). */
  async list(kind?: OfflineKind): Promise<OfflineMeta[]> {
    const db = await this.open();
    if (!db) return [];
    const all = kind ? await db.getAllFromIndex('meta', 'kind', kind) : await db.getAll('meta');
    return all.sort((a, b) => b.savedAt - a.savedAt);
  }

  async clear(): Promise<void> {
    const db = await this.open();
    if (!db) return;
    const tx = db.transaction(['meta', 'data'], 'readwrite');
    await Promise.all([tx.objectStore('meta').clear(), tx.objectStore('data').clear(), tx.done]);
  }

  async close(): Promise<void> {
    const db = this.db;
    this.db = null;
    (await db)?.close();
  }
}

let shared: OfflineStore | null = null;

/** The app's store (lazily opened on first use). */
export function offlineStore(): OfflineStore {
  shared ??= new OfflineStore();
  return shared;
}

type Idle = (fn: () => void) => void;
const onIdle: Idle = (fn) => {
  whenIdle(fn, 10_000, 1_000);
};

const pending = new Map<string, { input: SaveInput; encode: () => unknown }>();
/** What this session last wrote per record: its load time and request. */
const written = new Map<string, { dataAt: number; variant: string }>();

/**
 * A record is rewritten at most this often for the same request (the data's age says how old it is):
 * cloning a whole catalog into IndexedDB takes the main thread about 0.2 s, too much for every refresh.
 */
export const MIN_REWRITE_MS = 5 * 60_000;

/**
 * Saves in idle time, off the path of the next paint: the payload is built (encode) and cloned into
 * IndexedDB only then. Several saves of one record before that keep only the latest; a load of the same
 * request less than MIN_REWRITE_MS after the one last written is not written.
 */
export function saveWhenIdle(
  input: SaveInput,
  encode: () => unknown,
  store: OfflineStore = offlineStore(),
  idle: Idle = onIdle,
): Promise<boolean> {
  const key = `${store.name}\u0000${offlineId(input.kind, input.source, input.game)}`;
  const last = written.get(key);
  if (
    last &&
    last.variant === input.variant &&
    input.dataAt >= last.dataAt &&
    input.dataAt - last.dataAt < MIN_REWRITE_MS
  )
    return Promise.resolve(false);
  const first = !pending.has(key);
  pending.set(key, { input, encode });
  if (!first) return Promise.resolve(false);
  return new Promise((resolve) => {
    idle(() => {
      const job = pending.get(key);
      pending.delete(key);
      if (!job) return resolve(false);
      let payload: unknown;
      try {
        payload = job.encode();
      } catch (e) {
        setNotice('offline-write', `Could not prepare a copy of the last data for offline use: ${errorText(e)}.`);
        return resolve(false);
      }
      store.save(job.input, payload).then(
        (ok) => {
          if (ok) written.set(key, { dataAt: job.input.dataAt, variant: job.input.variant });
          resolve(ok);
        },
        () => resolve(false),
      );
    });
  });
}
