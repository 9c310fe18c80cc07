/** One slice of a poll's write (HistoryStore.record): its chunks and the counters, in one transaction. */
import type { IDBPTransaction } from 'idb';
import { transactionError } from '../../lib/storage/versioned-db';
import type { GameRecorder } from './recorder';
import type { GameRec } from './store-consolidate';
import { grown } from './store-growth';
import { ignore, type HistoryDB } from './store-schema';

export type DirtyChunks = ReturnType<GameRecorder['apply']>['dirty'];

/** Writes `slice`'s chunks, the usage counter and the growth they add; what `tx` commits counts as stored. */
export async function writeSlice(
  tx: IDBPTransaction<HistoryDB, ['chunks', 'meta'], 'readwrite'>,
  game: number,
  at: number,
  g: GameRec,
  slice: DirtyChunks,
): Promise<{ written: number; added: number }> {
  let written = 0;
  let added = 0;
  let newChunks = 0;
  try {
    // Read before any write: a write refused for lack of space at commit leaves the requests after
    // it without an answer (Chromium), and only `done` says so.
    const meta = tx.objectStore('meta');
    const [u, gr] = await Promise.all([meta.get('usage'), meta.get('growth')]);
    const chunks = tx.objectStore('chunks');
    const sizes: Array<[DirtyChunks[number], number]> = [];
    for (const c of slice) {
      const r = c.toChunk();
      written += r.bytes;
      added += r.bytes - c.stored;
      if (c.stored === 0) newChunks++;
      sizes.push([c, r.bytes]);
      // A failed put fails the transaction (tx.done says why): its own rejection is not the news.
      chunks.put(r).catch(ignore);
    }
    const seriesCount = g.rec.series.length;
    if (seriesCount > g.saved) meta.put({ key: `series:${game}`, list: g.rec.series.slice() }).catch(ignore);
    meta.put({ key: 'usage', bytes: (u?.bytes ?? 0) + added, chunks: (u?.chunks ?? 0) + newChunks }).catch(ignore);
    meta.put({ key: 'growth', growth: grown(gr?.growth, at, added) }).catch(ignore);
    await tx.done;
    // Only what reached the disk counts as stored.
    for (const [c, bytes] of sizes) c.stored = bytes;
    g.saved = Math.max(g.saved, seriesCount);
  } catch (e) {
    await tx.done.catch(ignore);
    throw transactionError(tx, e);
  }
  return { written, added };
}
