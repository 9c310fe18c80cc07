/**
 * Failures injected into fake-indexeddb the way browsers raise them, for the stores' tests.
 *
 * - 'quota-at-commit' (Chromium, on a write): the request that does not fit, and every request of the
 *   transaction after it, never settle (neither `success` nor `error` fires), and the transaction is aborted
 *   at commit with a QuotaExceededError: its writes are undone, `tx.error` is a DOMException named
 *   QuotaExceededError and an `abort` event fires at it. Code that awaits such a request waits forever;
 *   only the transaction says what happened. (https://w3c.github.io/IndexedDB/#commit-a-transaction: "if an
 *   error occurs while writing the changes to the database, abort the transaction with an appropriate error,
 *   e.g. QuotaExceededError"; Chrome's requests firing neither event: Dexie.js #776 and #840, idb-keyval #26;
 *   the QuotaExceededError reaching the caller only through the transaction: Dexie.js #514.)
 * - 'quota-at-request' (Firefox, on a write): that request fails with it, its `error` event bubbles to the
 *   transaction and, not prevented, aborts the transaction with the same error; the other requests end
 *   with AbortError.
 * - 'error-at-request' (any request, reads too): the request fails with an UnknownError, the spec's
 *   error for a failure unrelated to the database itself (https://w3c.github.io/IndexedDB/#exceptions; a
 *   browser's files that cannot be read fail the same way, e.g. Chrome's "DataError: Failed to read large
 *   IndexedDB value": Dexie.js #1309, super-productivity #607); not prevented, it aborts the transaction
 *   as above.
 * - 'abort': the transaction is aborted at commit with no error of its own (`tx.error` null), as by
 *   `abort()` or the browser ending it; idb's `done` then rejects with an AbortError DOMException.
 * - 'close': just after the request is made, the browser closes the database (closeAbnormally below).
 *
 * Which requests: 'write' (put, add, a cursor's update), 'delete' (delete, a cursor's delete), 'clear',
 * 'read' (get, getAll, getKey, getAllKeys, count, opening a cursor, on the store or its indexes).
 *
 * And `closeAbnormally(name)`: the browser closes every connection to the database (DevTools' "Clear site
 * data", the disk gone, the backend restarting): the spec's "close a database connection" with the forced
 * flag (https://w3c.github.io/IndexedDB/#closing-connection): its unfinished transactions are aborted with
 * AbortError, `transaction()` throws InvalidStateError ("The database connection is closing", Chromium's
 * words: idb #229, angular-async-local-storage #40), and a `close` event fires at the connection in a later
 * task (until then the page still holds what looks like an open connection).
 *
 * fake-indexeddb exposes no hook for this: the helper wraps its object store's, index's and cursor's
 * methods, and uses the transaction's internal `_abort(name)` (the spec's "abort a transaction" step), its
 * request queue and its factory's list of databases — internals of the installed fake-indexeddb 6.x,
 * checked by the tests that use it (a fault that does not fire fails them).
 */
import {
  forceCloseDatabase,
  IDBCursor as FakeCursor,
  IDBIndex as FakeIndex,
  IDBObjectStore as FakeObjectStore,
} from 'fake-indexeddb';

export type FaultKind = 'quota-at-commit' | 'quota-at-request' | 'error-at-request' | 'abort' | 'close';
export type FaultOp = 'write' | 'delete' | 'clear' | 'read';

interface Armed {
  db: string;
  store: string;
  kind: FaultKind;
  op: FaultOp;
  /** Transactions left to fail. */
  times: number;
  fired: number;
}

interface FakeRequest {
  dispatchEvent(e: Event): boolean;
}

interface FakeTx {
  db: FakeConnection;
  mode: string;
  _state: string;
  _abort(errName: string | null): void;
  _execRequestAsync(obj: { operation: () => unknown; source: unknown; request?: FakeRequest }): FakeRequest;
  dispatchEvent(e: Event): boolean;
}

interface FakeConnection {
  name: string;
  _closePending: boolean;
  transaction(...args: unknown[]): unknown;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

const armed: Armed[] = [];
const hit = new WeakSet<object>();
let installed = false;

/** The requests an object store and an index both make: every one a read. */
const READS: ReadonlyArray<[string, FaultOp]> = [
  'get',
  'getAll',
  'getKey',
  'getAllKeys',
  'count',
  'openCursor',
  'openKeyCursor',
].map((n) => [n, 'read']);

const METHODS: ReadonlyArray<
  [proto: object, names: ReadonlyArray<[string, FaultOp]>, where: (self: never) => { tx: FakeTx; store: string }]
> = [
  [
    FakeObjectStore.prototype,
    [['put', 'write'], ['add', 'write'], ['delete', 'delete'], ['clear', 'clear'], ...READS],
    (s: { name: string; transaction: FakeTx }) => ({ tx: s.transaction, store: s.name }),
  ],
  [
    FakeIndex.prototype,
    READS,
    (s: { objectStore: { name: string; transaction: FakeTx } }) => ({
      tx: s.objectStore.transaction,
      store: s.objectStore.name,
    }),
  ],
  [
    FakeCursor.prototype,
    [
      // Not continue/advance: idb recognises those by identity (a wrapper would end every cursor at its
      // first record); a read fault is met at the cursor's opening.
      ['update', 'write'],
      ['delete', 'delete'],
    ],
    (s: { source: { name: string; transaction?: FakeTx; objectStore?: { name: string; transaction: FakeTx } } }) => {
      const store = s.source.objectStore ?? (s.source as { name: string; transaction: FakeTx });
      return { tx: store.transaction, store: store.name };
    },
  ],
];

function install(): void {
  if (installed) return;
  installed = true;
  for (const [proto, names, where] of METHODS) {
    const p = proto as Record<string, Method>;
    for (const [name, op] of names) {
      const original = p[name] as Method;
      p[name] = function (this: unknown, ...args: unknown[]) {
        const { tx, store } = where(this as never);
        const fault = hit.has(tx)
          ? undefined
          : armed.find((a) => a.times > 0 && a.op === op && a.db === tx.db.name && a.store === store);
        if (fault) arm(tx, fault);
        const request = original.apply(this, args);
        if (fault?.kind === 'close') closeAbnormally(tx.db.name);
        return request;
      };
    }
  }
}

/** Makes `tx` fail as `fault` says, starting with the request about to be made. */
function arm(tx: FakeTx, fault: Armed): void {
  hit.add(tx);
  fault.times--;
  fault.fired++;
  if (fault.kind === 'close') return;
  const exec = tx._execRequestAsync;
  if (fault.kind === 'quota-at-request' || fault.kind === 'error-at-request') {
    const name = fault.kind === 'quota-at-request' ? 'QuotaExceededError' : 'UnknownError';
    const message =
      fault.kind === 'quota-at-request'
        ? 'The current transaction exceeded its quota limitations.'
        : 'An unknown error occurred within Indexed Database.';
    tx._execRequestAsync = function (obj) {
      tx._execRequestAsync = exec;
      return exec.call(tx, {
        ...obj,
        operation: () => {
          throw new DOMException(message, name);
        },
      });
    };
    return;
  }
  if (fault.kind === 'quota-at-commit') {
    // This request and every later one of the transaction: carried out (the transaction goes on to its
    // commit), but their events never reach the page.
    tx._execRequestAsync = function (obj) {
      const request = exec.call(tx, obj);
      request.dispatchEvent = () => true;
      return request;
    };
  }
  // At commit: when the transaction would fire `complete`, it aborts instead.
  const dispatch = tx.dispatchEvent;
  tx.dispatchEvent = function (e: Event) {
    if (e.type !== 'complete') return dispatch.call(tx, e);
    tx.dispatchEvent = dispatch;
    tx._abort(fault.kind === 'quota-at-commit' ? 'QuotaExceededError' : null);
    return true;
  };
}

/**
 * The next `times` transactions that make an `op` request ('write' unless said) on `store` of database
 * `db` fail as `kind` says. Returns how many fired so far (a test checks its fault was met).
 */
export function injectFault(
  db: string,
  store: string,
  kind: FaultKind,
  times = 1,
  op: FaultOp = 'write',
): { fired(): number; clear(): void } {
  if ((kind === 'quota-at-commit' || kind === 'quota-at-request') && op !== 'write')
    throw new Error(`A ${kind} fault is a write's (not ${op}).`);
  install();
  const a: Armed = { db, store, kind, op, times, fired: 0 };
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

const CLOSING = "Failed to execute 'transaction' on 'IDBDatabase': The database connection is closing.";

/**
 * The browser closes every open connection to database `name` (see the top of this file). Resolves to
 * how many it closed.
 */
export function closeAbnormally(name: string): number {
  const factory = indexedDB as unknown as {
    _databases?: Map<string, { connections: FakeConnection[]; transactions: FakeTx[] }>;
  };
  const raw = factory._databases?.get(name);
  if (!raw)
    throw new Error(`closeAbnormally: no fake-indexeddb database named ${name} (is fake-indexeddb/auto loaded?)`);
  const connections = [...raw.connections];
  for (const c of connections) {
    const transaction = c.transaction;
    c.transaction = function (...args: unknown[]) {
      if (c._closePending) throw new DOMException(CLOSING, 'InvalidStateError');
      return transaction.apply(c, args);
    };
    c._closePending = true;
    for (const tx of raw.transactions) if (tx.db === c && tx._state !== 'finished') tx._abort('AbortError');
    setTimeout(() => forceCloseDatabase(c as unknown as Parameters<typeof forceCloseDatabase>[0]), 0);
  }
  return connections.length;
}
