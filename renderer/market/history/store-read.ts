/**
 * Reading an item's chunks of one stream over a range, back to the baseline the range decodes from; and a
 * game's chunks of one day (a new session goes on from them).
 */
import type { IDBPObjectStore, IDBPTransaction } from 'idb';
import { CHUNK_SPAN, DAY, HOUR, type Chunk } from './chunk-codec';
import { ignore, type HistoryDB } from './store-schema';

type ChunkStore = IDBPObjectStore<HistoryDB, ['chunks'], 'chunks', 'readonly'>;

/** Chunks read before a range at most, back to the baseline before it. */
const MAX_BEFORE = 200;
/**
 * How far before a range one read looks for its baseline (an item's is at its first poll of each day, so
 * a day and a chunk's span back holds one when polls went on): one request with the range instead of a
 * cursor's step per chunk. An older baseline is walked back to.
 */
const BASELINE_LOOKBACK = DAY + CHUNK_SPAN;

/**
 * An item's chunks of one stream covering [from, to]: back to the last baseline before `from` (at most
 * MAX_BEFORE chunks before it), then the range.
 */
export async function chunksIn(
  store: ChunkStore,
  game: number,
  name: string,
  from: number,
  to: number,
): Promise<Chunk[]> {
  const back = IDBKeyRange.bound([game, name, -Infinity], [game, name, from - BASELINE_LOOKBACK], false, true);
  // Both asked at once: a request made while others' answers arrive costs far more than one made up front.
  const nearP = store.getAll(IDBKeyRange.bound([game, name, from - BASELINE_LOOKBACK], [game, name, to]));
  const olderP = store.getKey(back);
  // Not always awaited: a failure then (an aborted transaction) is the range's to tell.
  olderP.catch(ignore);
  const near = await nearP;
  let i = 0;
  while (i < near.length && (near[i] as Chunk).st < from) i++;
  let j = i;
  while (j > 0 && i - j < MAX_BEFORE) {
    j--;
    if ((near[j] as Chunk).b) return near.slice(j);
  }
  if (i - j >= MAX_BEFORE) return near.slice(j);
  // No baseline in the look-back: walk back from it, when there is anything older.
  if ((await olderP) === undefined) return near;
  const older: Chunk[] = [];
  let cursor = await store.openCursor(back, 'prev');
  while (cursor && i + older.length < MAX_BEFORE) {
    older.push(cursor.value);
    if (cursor.value.b) break;
    cursor = await cursor.continue();
  }
  return older.reverse().concat(near);
}

/** A day's chunks are read in windows of start times this long: at most a whole catalog's chunks opened in it. */
const DAY_WINDOW = HOUR;

/** The game's chunks that start on the day of `at` and before `at`: a transaction per window of start times. */
export async function dayChunks(
  open: () => Promise<IDBPTransaction<HistoryDB, ['chunks'], 'readonly'>>,
  game: number,
  at: number,
): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  for (let from = Math.floor(at / DAY) * DAY; from < at; from += DAY_WINDOW) {
    const read = await open();
    const got = await read.store
      .index('st')
      .getAll(IDBKeyRange.bound(from, Math.min(at, from + DAY_WINDOW), false, true));
    await read.done;
    for (const c of got) if (c.g === game) chunks.push(c);
  }
  return chunks;
}
