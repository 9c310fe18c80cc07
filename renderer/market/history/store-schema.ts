/**
 * The price history database's shape: its name, object stores, meta entries, upgrade steps and the
 * results its steps report. store.ts opens and uses it.
 */
import type { DBSchema } from 'idb';
import type { UpgradeStep } from '../../lib/storage/versioned-db';
import type { Chunk } from './chunk-codec';
import type { Growth } from './store-growth';

export const DB_NAME = 'market-desk-history';

export interface HistoryDB extends DBSchema {
  chunks: { key: [number, string, number]; value: Chunk; indexes: { st: number } };
  /**
   * 'usage' ({bytes, chunks}), 'series:<game>' ({list}: the game's series keys, chunks index them), and
   * 'migrate' ({after}: format-1 chunks are being re-encoded; the key of the last one done), 'consolidate'
   * ({day, item}: where consolidation goes on), 'follow:<game>:<source>' ({list}: followed items), 'growth'.
   */
  meta: {
    key: string;
    value: {
      key: string;
      bytes?: number;
      chunks?: number;
      list?: string[];
      after?: [number, string, number] | null;
      day?: number;
      item?: [number, string] | null;
      growth?: Growth;
    };
  };
}

export interface RecordResult {
  points: number;
  changedItems: number;
  /** Bytes written by the transaction (whole rewritten chunks) and net growth of the store. */
  bytesWritten: number;
  bytesAdded: number;
  diffMs: number;
  writeMs: number;
}

/**
 * The database's upgrade steps, step i taking version i to i + 1 (versioned-db.ts): a later version adds a
 * step here and never edits one that shipped.
 */
export const HISTORY_UPGRADES: readonly UpgradeStep<HistoryDB>[] = [
  (d) => {
    const chunks = d.createObjectStore('chunks', { keyPath: ['g', 'n', 'st'] });
    chunks.createIndex('st', 'st');
    d.createObjectStore('meta', { keyPath: 'key' });
  },
  // Version 2: chunks encoded compactly (chunk-codec.ts, format 2). The chunks of version 1 are re-encoded
  // after the open, a batch at a time (HistoryStore.migrateStep), not here: an upgrade transaction holds the
  // database until it ends, and the page would wait on it. Version 1 builds are refused (a newer database)
  // instead of misreading format-2 chunks.
  (_d, tx) => {
    void tx.objectStore('meta').put({ key: 'migrate', after: null });
  },
];

/** Items looked at per consolidation step (one short transaction each). */
export const CONSOLIDATE_BATCH = 100;

export interface ConsolidateProgress {
  /** Items whose day was consolidated by this step. */
  items: number;
  /** Nothing more to consolidate now. */
  done: boolean;
  bytesSaved: number;
}

/**
 * Chunks a poll writes per transaction at least, and at most while the user is at it (`extendSlice` says
 * no), so the worker can pause a long write (a day's first poll) for them; 500 puts take 0.1-0.3 s.
 */
export const WRITE_SLICE = 500;

/**
 * Chunks put between two looks at the user (`extendSlice`) in a slice that goes on; two at most are in
 * flight, so the user who comes back meets no more IndexedDB work than a slice of WRITE_SLICE.
 */
export const WRITE_BATCH = 250;

/**
 * Chunks at most in one transaction while the user is still (`extendSlice`). Each transaction costs Chromium's
 * IndexedDB about 0.15 s more than its puts (a 1 % poll: 9.8-9.9 s in slices of 500, 6.4-6.5 s in one, 7.9 s
 * in slices of 2,000; docs/benchmarks.md); the bound keeps what a reload or a failure loses to a few seconds.
 */
export const MAX_SLICE = 8000;

/** Format-1 chunks re-encoded per migration step (one short transaction each). */
export const MIGRATE_BATCH = 400;

export interface MigrateProgress {
  /** Chunks re-encoded by this step. */
  converted: number;
  /** No format-1 chunks are left. */
  done: boolean;
}

export interface OpenOptions {
  /** Upgrade steps (tests add a later version's). */
  upgrades?: readonly UpgradeStep<HistoryDB>[];
  /** An upgrade waits for another tab to close the database (null: not any more). */
  onBlocked?(message: string | null): void;
  /** Awaited between two slices of a poll's write: the worker holds it while the user works. */
  beforeSlice?(): Promise<void>;
  /**
   * Asked after each batch of WRITE_BATCH chunks past WRITE_SLICE: true goes on in the same transaction, up
   * to MAX_SLICE (the user is still, nothing waits for a pause). Without it a slice is WRITE_SLICE chunks.
   */
  extendSlice?(): boolean;
}

/** A request whose failure its transaction's `done` tells: its own rejection is not the news. */
export function ignore(): void {}
