/**
 * One step of re-encoding format-1 chunks (chunk-codec.ts) to format 2 inside a transaction, going on
 * from where the last step stopped (meta 'migrate').
 */
import type { IDBPTransaction } from 'idb';
import { isLegacy, reencode, type EncodedChunk } from './chunk-codec';
import { ignore, type HistoryDB, type MigrateProgress } from './store-schema';

/** Re-encodes up to `batch` format-1 chunks in `tx`; resolves once the transaction is done. */
export async function migrateIn(
  tx: IDBPTransaction<HistoryDB, ['chunks', 'meta'], 'readwrite'>,
  batch: number,
): Promise<MigrateProgress> {
  const meta = tx.objectStore('meta');
  const state = await meta.get('migrate');
  if (!state) {
    await tx.done;
    return { converted: 0, done: true };
  }
  const u = await meta.get('usage');
  const chunks = tx.objectStore('chunks');
  let cursor = await chunks.openCursor(state.after ? IDBKeyRange.lowerBound(state.after, true) : null);
  const updates: EncodedChunk[] = [];
  let converted = 0;
  let seen = 0;
  let saved = 0;
  let after: [number, string, number] | null = state.after ?? null;
  while (cursor && seen < batch) {
    const c = cursor.value;
    if (isLegacy(c)) {
      const next = reencode(c);
      saved += c.bytes - next.bytes;
      updates.push(next);
      converted++;
    }
    after = [c.g, c.n, c.st];
    seen++;
    cursor = await cursor.continue();
  }
  const done = cursor === null;
  // Written once every read is done (see HistoryStore.write).
  for (const next of updates) chunks.put(next).catch(ignore);
  if (done) meta.delete('migrate').catch(ignore);
  else meta.put({ key: 'migrate', after }).catch(ignore);
  if (saved !== 0 && u) meta.put({ ...u, bytes: Math.max(0, (u.bytes ?? 0) - saved) }).catch(ignore);
  await tx.done;
  return { converted, done };
}
