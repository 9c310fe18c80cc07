/**
 * Alerts in IndexedDB ('market-desk-alerts', through `idb`), so they and their history survive a restart:
 * stores `alerts` (keyPath id), `states` (keyPath alert id) and `firings` (keyPath id, index `at`, at most
 * `cap`: the oldest go first). Everything read back is checked with the zod schemas of model/types.ts; a
 * record that does not pass is left out and counted (`invalid`), never trusted. Unlike the offline cache,
 * failures are not swallowed: an alert that was not saved must be said so, so every method rejects with the
 * IndexedDB error. The schema versions and their upgrades: README (Storage).
 */
import type { DBSchema, IDBPObjectStore, StoreNames } from 'idb';
import { LazyDatabase, parseEach } from '../../lib/storage/lazy-database';
import { answer, transactionError, type UpgradeStep } from '../../lib/storage/versioned-db';
import {
  AlertSchema,
  AlertStateSchema,
  AnyFiringSchema,
  DEFAULT_HOLD_POLLS,
  MAX_FIRINGS,
  type Alert,
  type AlertState,
  type AnyFiring,
} from './model/types';

const ALERTS_DB = 'market-desk-alerts';

interface AlertsSchema extends DBSchema {
  alerts: { key: string; value: Alert };
  states: { key: string; value: AlertState };
  firings: { key: string; value: AnyFiring; indexes: { at: number } };
}

/** Upgrade steps, step i taking version i to i + 1 (storage/versioned-db.ts): a later version adds one, never edits one. */
export const ALERTS_UPGRADES: readonly UpgradeStep<AlertsSchema>[] = [
  (db) => {
    db.createObjectStore('alerts', { keyPath: 'id' });
    db.createObjectStore('states', { keyPath: 'id' });
    db.createObjectStore('firings', { keyPath: 'id' }).createIndex('at', 'at');
  },
  // Version 2: alerts that don't fire on noise. Fields a record already has are kept.
  (_db, tx) => {
    void withDefaults(tx.objectStore('alerts'), { requireTrusted: true, holdPolls: DEFAULT_HOLD_POLLS });
    void withDefaults(tx.objectStore('states'), { held: 0 });
    void withDefaults(tx.objectStore('firings'), { quote: null });
  },
  // Version 3: the history keeps scanner rules' firings too; every firing says its type, the older ones 'price'.
  (_db, tx) => {
    void withDefaults(tx.objectStore('firings'), { type: 'price' });
  },
];

/** Per upgrade transaction, the rewrite under way: steps of several versions run in one transaction and their cursors must not interleave. */
const rewrites = new WeakMap<object, Promise<void>>();

/** Adds `defaults` to every record of a store that lacks them (inside the upgrade's transaction), after the rewrites of earlier steps. */
function withDefaults<N extends StoreNames<AlertsSchema>>(
  store: IDBPObjectStore<AlertsSchema, StoreNames<AlertsSchema>[], N, 'versionchange'>,
  defaults: Record<string, unknown>,
): Promise<void> {
  const next = (rewrites.get(store.transaction) ?? Promise.resolve()).then(() => rewrite(store, defaults));
  rewrites.set(store.transaction, next);
  return next;
}

async function rewrite<N extends StoreNames<AlertsSchema>>(
  store: IDBPObjectStore<AlertsSchema, StoreNames<AlertsSchema>[], N, 'versionchange'>,
  defaults: Record<string, unknown>,
): Promise<void> {
  let cursor = await store.openCursor();
  while (cursor) {
    const v: unknown = cursor.value;
    // Not an object: left as it is (load() leaves it out and counts it).
    if (typeof v === 'object' && v !== null) await cursor.update({ ...defaults, ...v } as AlertsSchema[N]['value']);
    cursor = await cursor.continue();
  }
}

export interface LoadedAlerts {
  alerts: Alert[];
  states: Map<string, AlertState>;
  /** Newest first. */
  firings: AnyFiring[];
  /** Records that did not pass their schema (left out). */
  invalid: number;
}

export class AlertStore {
  private readonly db: LazyDatabase<AlertsSchema>;

  constructor(
    readonly name: string = ALERTS_DB,
    readonly cap: number = MAX_FIRINGS,
    upgrades: readonly UpgradeStep<AlertsSchema>[] = ALERTS_UPGRADES,
  ) {
    this.db = new LazyDatabase(name, upgrades, {
      what: 'Alerts',
      notice: 'alerts-open',
      unavailable: 'This browser has no IndexedDB: alerts cannot be kept.',
    });
  }

  async load(): Promise<LoadedAlerts> {
    const tx = await this.db.transaction((db) => db.transaction(['alerts', 'states', 'firings'], 'readonly'));
    const [rawAlerts, rawStates, rawFirings] = await Promise.all([
      tx.objectStore('alerts').getAll(),
      tx.objectStore('states').getAll(),
      tx.objectStore('firings').index('at').getAll(),
      tx.done,
    ]);
    const alerts = parseEach<Alert>(AlertSchema, rawAlerts);
    const states = parseEach<AlertState>(AlertStateSchema, rawStates);
    const firings = parseEach<AnyFiring>(AnyFiringSchema, rawFirings);
    alerts.ok.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return {
      alerts: alerts.ok,
      states: new Map(states.ok.map((s) => [s.id, s])),
      firings: firings.ok.reverse(),
      invalid: alerts.bad + states.bad + firings.bad,
    };
  }

  /** Saves an alert (new or edited) with its state, in one transaction. */
  async putAlert(alert: Alert, state: AlertState): Promise<void> {
    const a = AlertSchema.parse(alert);
    const s = AlertStateSchema.parse(state);
    const tx = await this.db.transaction((db) => db.transaction(['alerts', 'states'], 'readwrite'));
    await committed(tx, [tx.objectStore('alerts').put(a), tx.objectStore('states').put(s)]);
  }

  /** Deletes an alert and its state; its firings stay in the history. */
  async deleteAlert(id: string): Promise<void> {
    const tx = await this.db.transaction((db) => db.transaction(['alerts', 'states'], 'readwrite'));
    await committed(tx, [tx.objectStore('alerts').delete(id), tx.objectStore('states').delete(id)]);
  }

  /**
   * One check's results in one transaction: the states that changed and the new firings; then the history
   * is trimmed to the cap (oldest first). Resolves with the ids of the firings dropped by the trim.
   */
  async saveCheck(states: readonly AlertState[], firings: readonly AnyFiring[]): Promise<string[]> {
    const ss = states.map((s) => AlertStateSchema.parse(s));
    const fs = firings.map((f) => AnyFiringSchema.parse(f));
    const tx = await this.db.transaction((db) => db.transaction(['alerts', 'states', 'firings'], 'readwrite'));
    // Marked as handled now: a failed request rejects `done` before the code below awaits it.
    tx.done.catch(ignore);
    try {
      const alerts = tx.objectStore('alerts');
      const stateStore = tx.objectStore('states');
      for (const s of ss) {
        // An alert deleted meanwhile (another tab) gets no state back.
        if ((await answer(tx, alerts.getKey(s.id))) !== undefined) stateStore.put(s).catch(ignore);
      }
      const firingStore = tx.objectStore('firings');
      for (const f of fs) firingStore.put(f).catch(ignore);
      const dropped: string[] = [];
      let count = await answer(tx, firingStore.count());
      if (count > this.cap) {
        let cursor = await answer(tx, firingStore.index('at').openCursor());
        while (cursor && count > this.cap) {
          dropped.push(cursor.value.id);
          cursor.delete().catch(ignore);
          count--;
          cursor = await answer(tx, cursor.continue());
        }
      }
      await tx.done;
      return dropped;
    } catch (e) {
      // The transaction's own error (QuotaExceededError…) says more than a request's AbortError.
      await tx.done.catch(ignore);
      throw transactionError(tx, e);
    }
  }

  /** Updates a firing (what became of its notification). */
  async putFiring(firing: AnyFiring): Promise<void> {
    const f = AnyFiringSchema.parse(firing);
    await this.db.transaction((db) => db.put('firings', f));
  }

  async clearFirings(): Promise<void> {
    await this.db.transaction((db) => db.clear('firings'));
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

function ignore(): void {}

/** Waits for a transaction; it fails with the transaction's error (QuotaExceededError…), not a request's AbortError. */
async function committed(
  tx: { done: Promise<void>; error: DOMException | null },
  requests: ReadonlyArray<Promise<unknown>>,
): Promise<void> {
  for (const r of requests) r.catch(ignore);
  try {
    await tx.done;
  } catch (e) {
    throw transactionError(tx, e);
  }
}
