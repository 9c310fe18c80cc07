/**
 * LazyDatabase when the browser closes its connection (storage/testing/idb-faults.ts closeAbnormally):
 * the `close` event drops the connection, and the next open() gives a new one that works.
 */
import 'fake-indexeddb/auto';
import type { DBSchema } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyDatabase } from './lazy-database';
import { storageStatus } from './status';
import { closeAbnormally } from './testing/idb-faults';

interface NotesDB extends DBSchema {
  notes: { key: string; value: { id: string; text: string } };
}

let seq = 0;
const opened: Array<LazyDatabase<NotesDB>> = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

function notes(): LazyDatabase<NotesDB> {
  const d = new LazyDatabase<NotesDB>(
    `lazy-${++seq}`,
    [(db) => void db.createObjectStore('notes', { keyPath: 'id' })],
    {
      what: 'Notes',
      notice: 'alerts-open',
      unavailable: 'No IndexedDB.',
    },
  );
  opened.push(d);
  return d;
}

describe('LazyDatabase and an abnormal close', () => {
  it('after the close event, the next open() is a new connection; the data is still there', async () => {
    const d = notes();
    const first = await d.open();
    await first.put('notes', { id: 'a', text: 'kept' });
    let closed = 0;
    first.addEventListener('close', () => closed++);
    expect(closeAbnormally(d.name)).toBe(1);
    // Until the close event: what looks like an open connection refuses new transactions.
    expect(() => first.transaction('notes')).toThrow(/The database connection is closing/);
    await new Promise((r) => setTimeout(r, 10));
    expect(closed).toBe(1);
    const second = await d.open();
    expect(second).not.toBe(first);
    expect(await second.get('notes', 'a')).toEqual({ id: 'a', text: 'kept' });
    expect(storageStatus().notices['alerts-open']).toBeUndefined();
  });

  it('a transaction under way when it closes fails with AbortError, and the next open() works', async () => {
    const d = notes();
    const db = await d.open();
    const tx = db.transaction('notes', 'readwrite');
    void tx.store.put({ id: 'b', text: 'lost' }).catch(() => undefined);
    closeAbnormally(d.name);
    await expect(tx.done).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 10));
    const again = await d.open();
    expect(again).not.toBe(db);
    expect(await again.get('notes', 'b')).toBeUndefined();
    await again.put('notes', { id: 'b', text: 'saved' });
    expect(await again.get('notes', 'b')).toEqual({ id: 'b', text: 'saved' });
  });
});
