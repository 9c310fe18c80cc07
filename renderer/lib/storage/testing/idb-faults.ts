/**
 * Failures injected into fake-indexeddb the way browsers raise them, for the stores' tests.
 *
 * - 'QuotaExceededError' at commit (Chromium): every request of the transaction succeeded, then the commit
 *   fails; the transaction is aborted with that error: its writes are undone, `tx.error` is a DOMException
 *   named QuotaExceededError and an `abort` event fires at it (https://w3c.github.io/IndexedDB/#commit-a-transaction:
 *   "if an error occurs while writing the changes to the database, abort the transaction with an
 *   appropriate error, e.g. QuotaExceededError"; Dexie.js #514 shows the same in a full disk).
 * - 'QuotaExceededError' at a request (Firefox): that put fails with it, its `error` event bubbles to the
 *   transaction and, not prevented, aborts the transaction with the same error; the other requests end
 *   with AbortError.
 * - 'AbortError': the transaction is aborted with no error of its own (`tx.error` null), as by `abort()`
 *   or the browser ending it; idb's `done` then rejects with an AbortError DOMException.
 *
 * fake-indexeddb exposes no hook for this: the helper wraps its object store's `put` and uses the
 * transaction's internal `_abort(name)` (the spec's "abort a transaction" step) — internals of the installed
 * fake-indexeddb 6.x, checked by the tests that use it (a fault that does not fire fails them).
 */
import { IDBObjectStore as FakeObjectStore } from 'fake-indexeddb';

export type FaultKind = 'quota-at-commit' | 'quota-at-request' | 'abort';

interface Armed {
  db: string;
  store: string;
  kind: FaultKind;
  /** Transactions left to fail. */
  times: number;
  fired: number;
}

interface FakeTx {
  db: { name: string };
  mode: string;
  _abort(errName: string | null): void;
  _execRequestAsync(obj: { operation: () => unknown; source: unknown }): unknown;
  dispatchEvent(e: Event): boolean;
}

const armed: Armed[] = [];
const hit = new WeakSet<object>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const proto = FakeObjectStore.prototype as unknown as { put(this: { name: string; transaction: FakeTx }, value: unknown, key?: unknown): unknown };
  const put = proto.put;
  proto.put = function (this: { name: string; transaction: FakeTx }, ...args: [unknown, unknown?]) {
    const tx = this.transaction;
    const fault = hit.has(tx) ? undefined : armed.find((a) => a.times > 0 && a.db === tx.db.name && a.store === this.name);
    if (!fault) return put.apply(this, args);
    hit.add(tx);
    fault.times--;
    fault.fired++;
    if (fault.kind === 'quota-at-request') {
      const exec = tx._execRequestAsync;
      tx._execRequestAsync = function (obj) {
        tx._execRequestAsync = exec;
        return exec.call(tx, {
          ...obj,
          operation: () => {
            throw new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');
          },
        });
      };
      return put.apply(this, args);
    }
    // At commit: when the transaction would fire `complete`, it aborts instead.
    const dispatch = tx.dispatchEvent;
    tx.dispatchEvent = function (e: Event) {
      if (e.type !== 'complete') return dispatch.call(tx, e);
      tx.dispatchEvent = dispatch;
      tx._abort(fault.kind === 'quota-at-commit' ? 'QuotaExceededError' : null);
      return true;
    };
    return put.apply(this, args);
  };
}

/**
 * The next `times` read-write transactions that put into `store` of database `db` fail as `kind` says.
 * Returns how many fired so far (a test checks its fault was met).
 */
export function injectFault(db: string, store: string, kind: FaultKind, times = 1): { fired(): number; clear(): void } {
  install();
  const a: Armed = { db, store, kind, times, fired: 0 };
  armed.push(a);
  return {
    fired: () => a.fired,
    clear: () => {
      a.times = 0;
    },
  };
}

export function clearFaults(): void {
  for (const a of armed.splice(0)) a.times = 0;
}
