/**
 * Observed quote ages kept across restarts: one IndexedDB record per game ('market-desk-trust', store
 * 'games'), quote-age.ts's state in a compact form (about 16 bytes per item x market: 14 MB for a whole
 * CS2 catalog on 28 ask markets), read once, in one request, at a start. Saved after a run's first poll,
 * then at most every SAVE_EVERY_MS (small games: every poll). A failed write keeps the ages in memory and
 * says so (TrustData.storeProblem); an unreadable record is dropped, said once. Why not the price history,
 * and what a restart loses: README.md, "Quote age store (trust-store.ts)".
 */
import type { DBSchema, IDBPDatabase } from 'idb';
import {
  errorText,
  isQuotaError,
  NewerDatabaseError,
  openVersioned,
  transactionError,
  type UpgradeStep,
} from '../../lib/storage/versioned-db';
import { NONE } from '../model/snapshot';
import { emptySide, type AgeState, type SideState } from './quote-age';
import type { MarketStall } from './types';
import { isStall } from './trust';

const TRUST_DB_NAME = 'market-desk-trust';
export const SAVE_EVERY_MS = 60_000;
/** Games of at most this many item x market cells (about 3 MB saved) are saved at every poll. */
export const SAVE_EVERY_POLL_CELLS = 200_000;
const RECORD_VERSION = 1;
/** Times are stored as seconds since 2020-01-01 plus one; 0 = unknown. */
const EPOCH_S = Date.UTC(2020, 0, 1) / 1000;

interface SideRecord {
  polls: number;
  lastAt: number;
  markets: string[];
  colLastPoll: number[];
  rowLastPoll: Int32Array;
  value: Int32Array;
  changedAt: Uint32Array;
  firstSeenAt: Uint32Array;
  lastQuotedAt: Uint32Array;
}

export interface TrustRecord {
  v: number;
  game: number;
  savedAt: number;
  names: string[];
  ask: SideRecord;
  bid: SideRecord;
  stalls: MarketStall[];
}

interface TrustDB extends DBSchema {
  games: { key: number; value: TrustRecord };
}

const TRUST_UPGRADES: readonly UpgradeStep<TrustDB>[] = [(db) => void db.createObjectStore('games')];

function encodeTimes(a: Float64Array, len: number): Uint32Array {
  const out = new Uint32Array(len);
  for (let i = 0; i < Math.min(len, a.length); i++) {
    const t = a[i] as number;
    if (!Number.isNaN(t)) out[i] = Math.max(1, Math.min(0xffffffff, Math.round(t / 1000) - EPOCH_S + 1));
  }
  return out;
}

function decodeTimes(a: Uint32Array, cap: number): Float64Array {
  const out = new Float64Array(cap).fill(NaN);
  for (let i = 0; i < a.length; i++) {
    const s = a[i] as number;
    if (s !== 0) out[i] = (s - 1 + EPOCH_S) * 1000;
  }
  return out;
}

/** The first `len` values of `a`, zeros past its end (a side that has not seen every row yet). */
function rowsOf(a: Int32Array, len: number): Int32Array {
  const out = new Int32Array(len);
  out.set(a.subarray(0, Math.min(len, a.length)));
  return out;
}

function valuesOf(a: Int32Array, len: number): Int32Array {
  const out = new Int32Array(len).fill(NONE);
  out.set(a.subarray(0, Math.min(len, a.length)));
  return out;
}

function sideRecord(s: SideState, rows: number): SideRecord {
  const cells = rows * s.markets.length;
  return {
    polls: s.polls,
    lastAt: s.lastAt,
    markets: [...s.markets],
    colLastPoll: [...s.colLastPoll],
    rowLastPoll: rowsOf(s.rowLastPoll, rows),
    value: valuesOf(s.value, cells),
    changedAt: encodeTimes(s.changedAt, cells),
    firstSeenAt: encodeTimes(s.firstSeenAt, cells),
    lastQuotedAt: encodeTimes(s.lastQuotedAt, cells),
  };
}

export function toRecord(st: AgeState, stalls: readonly MarketStall[], savedAt: number): TrustRecord {
  const rows = st.names.length;
  return {
    v: RECORD_VERSION,
    game: st.game,
    savedAt,
    names: [...st.names],
    ask: sideRecord(st.ask, rows),
    bid: sideRecord(st.bid, rows),
    stalls: [...stalls],
  };
}

function isSideRecord(v: unknown, rows: number): v is SideRecord {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  if (typeof s.polls !== 'number' || !Number.isInteger(s.polls) || s.polls < 0 || typeof s.lastAt !== 'number')
    return false;
  if (!Array.isArray(s.markets) || !s.markets.every((m) => typeof m === 'string')) return false;
  const cols = s.markets.length;
  const a = s.colLastPoll;
  if (!Array.isArray(a) || a.length !== cols || !a.every((x) => Number.isInteger(x))) return false;
  const typed: Array<[unknown, new (...a: never[]) => unknown, number]> = [
    [s.rowLastPoll, Int32Array, rows],
    [s.value, Int32Array, rows * cols],
    [s.changedAt, Uint32Array, rows * cols],
    [s.firstSeenAt, Uint32Array, rows * cols],
    [s.lastQuotedAt, Uint32Array, rows * cols],
  ];
  return typed.every(([a, Ctor, len]) => a instanceof Ctor && (a as ArrayLike<number>).length === len);
}

/** The age state in a record, or null when the value read is not a record of this version for `game`. */
export function fromRecord(v: unknown, game: number): { ages: AgeState; stalls: MarketStall[] } | null {
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  if (
    r.v !== RECORD_VERSION ||
    r.game !== game ||
    !Array.isArray(r.names) ||
    !r.names.every((x) => typeof x === 'string')
  )
    return null;
  const rows = r.names.length;
  if (!isSideRecord(r.ask, rows) || !isSideRecord(r.bid, rows)) return null;
  const side = (s: SideRecord): SideState => ({
    ...emptySide(),
    polls: s.polls,
    lastAt: s.lastAt,
    markets: [...s.markets],
    colLastPoll: [...s.colLastPoll],
    rowLastPoll: s.rowLastPoll,
    cap: rows,
    value: s.value,
    changedAt: decodeTimes(s.changedAt, rows * s.markets.length),
    firstSeenAt: decodeTimes(s.firstSeenAt, rows * s.markets.length),
    lastQuotedAt: decodeTimes(s.lastQuotedAt, rows * s.markets.length),
  });
  const stalls = Array.isArray(r.stalls) ? r.stalls.filter(isStall) : [];
  return { ages: { game, names: r.names as string[], ask: side(r.ask), bid: side(r.bid) }, stalls };
}

/** The sentence shown when ages cannot be kept. */
export function problemText(e: unknown): string {
  if (e instanceof NewerDatabaseError) return `Quote ages are not kept across restarts: ${e.message}`;
  if (isQuotaError(e))
    return 'Quote ages could not be saved: the disk (or the space the browser allows) is full. They are kept until Market Desk closes; free some space (Settings → Storage) to keep them across restarts.';
  return `Quote ages could not be saved (${errorText(e)}). They are kept until Market Desk closes.`;
}

export class TrustStore {
  private db: Promise<IDBPDatabase<TrustDB>> | null = null;

  constructor(
    private readonly name = TRUST_DB_NAME,
    private readonly factory: () => IDBFactory | undefined = () =>
      typeof indexedDB === 'undefined' ? undefined : indexedDB,
  ) {}

  private open(): Promise<IDBPDatabase<TrustDB>> {
    if (!this.factory()) return Promise.reject(new Error('this browser has no IndexedDB'));
    const opening = (this.db ??= openVersioned<TrustDB>(this.name, TRUST_UPGRADES, {
      what: 'Quote ages',
      onClosed: () => {
        if (this.db === opening) this.db = null;
      },
    }));
    opening.catch(() => {
      if (this.db === opening) this.db = null;
    });
    return opening;
  }

  /** The saved record of a game; null when none. Throws when the database cannot be read (the caller says so). */
  async load(game: number): Promise<unknown> {
    const db = await this.open();
    return (await db.get('games', game)) ?? null;
  }

  /** Writes the record (replacing the game's last); throws the transaction's error when it fails. */
  async save(rec: TrustRecord): Promise<void> {
    const db = await this.open();
    const tx = db.transaction('games', 'readwrite');
    try {
      await Promise.all([tx.store.put(rec, rec.game), tx.done]);
    } catch (e) {
      throw transactionError(tx, e);
    }
  }

  async delete(game: number): Promise<void> {
    const db = await this.open();
    await db.delete('games', game);
  }

  async close(): Promise<void> {
    const db = this.db;
    this.db = null;
    (await db?.catch(() => null))?.close();
  }
}
