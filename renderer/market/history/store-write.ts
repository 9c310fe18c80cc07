/** One slice of a poll's write (HistoryStore.record): its chunks and the counters, in one transaction. */
import type { IDBPTransaction } from 'idb';
import { answer, transactionError } from '../../lib/storage/versioned-db';
import type { GameRecorder } from './recorder';
import type { GameRec } from './store-consolidate';
import { grown } from './store-growth';
import { ignore, MAX_SLICE, WRITE_BATCH, WRITE_SLICE, type HistoryDB } from './store-schema';

export type DirtyChunks = ReturnType<GameRecorder['apply']>['dirty'];

/**
 * Writes `dirty`'s chunks from `from` on: WRITE_SLICE of them, then WRITE_BATCH at a time while `goOn` says
 * so (up to MAX_SLICE), then the usage counter and the growth they add; what `tx` commits counts as stored.
 * `end`: the index after the last chunk written. One batch stays in flight while the next is encoded, and
 * only the transaction's own requests are awaited, so it stays active between batches.
 */
export async function writeSlice(
  tx: IDBPTransaction<HistoryDB, ['chunks', 'meta'], 'readwrite'>,
  game: number,
  at: number,
  g: GameRec,
  dirty: DirtyChunks,
  from: number,
  goOn: () => boolean,
): Promise<{ written: number; added: number; end: number }> {
  let written = 0;
  let added = 0;
  let newChunks = 0;
  let end = from;
  try {
    // Read before any write: a write refused for lack of space at commit leaves the requests after
    // it without an answer (Chromium), and only `done` says so.
    const meta = tx.objectStore('meta');
    const [u, gr] = await Promise.all([meta.get('usage'), meta.get('growth')]);
    const chunks = tx.objectStore('chunks');
    const sizes: Array<[DirtyChunks[number], number]> = [];
    let inFlight: Promise<unknown> | undefined;
    for (;;) {
      const stop = Math.min(end + WRITE_BATCH, dirty.length);
      let last: Promise<unknown> | undefined;
      for (; end < stop; end++) {
        const c = dirty[end] as DirtyChunks[number];
        const r = c.toChunk();
        written += r.bytes;
        added += r.bytes - c.stored;
        if (c.stored === 0) newChunks++;
        sizes.push([c, r.bytes]);
        last = chunks.put(r);
        // A failed put fails the transaction (tx.done says why): its own rejection is not the news.
        last.catch(ignore);
      }
      if (end >= dirty.length || end - from >= MAX_SLICE) break;
      // A write refused for space leaves its requests unanswered in Chromium: the transaction's end says so.
      if (inFlight) await answer(tx, inFlight);
      inFlight = last;
      if (end - from >= WRITE_SLICE && !goOn()) break;
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
  return { written, added, end };
}
