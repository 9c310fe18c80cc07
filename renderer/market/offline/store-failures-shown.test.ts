/** The offline copies' failures that were only logged: a read that fails, a copy that cannot be prepared. Both are shown (Settings, status bar). */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { setNotice, storageStatus } from '../../lib/storage/status';
import { clearFaults, injectFault } from '../../lib/storage/testing/idb-faults';
import { OfflineStore, saveWhenIdle, type SaveInput } from './store';

let seq = 0;
const stores: OfflineStore[] = [];
afterEach(async () => {
  clearFaults();
  for (const s of stores.splice(0)) await s.close();
  setNotice('offline-open', null);
  setNotice('offline-write', null);
});
const input: SaveInput = {
  kind: 'grid',
  source: 'live|https://a.example',
  game: 730,
  variant: 'steam|',
  format: 1,
  dataAt: 1000,
};

describe('offline copies: failures shown, not only logged', () => {
  it('a kept copy that cannot be read says so', async () => {
    const s = new OfflineStore(`offline-read-${++seq}`);
    stores.push(s);
    expect(await s.save(input, { rows: [1] })).toBe(true);
    const fault = injectFault(s.name, 'data', 'error-at-request', 1, 'read');
    expect(await s.load('grid', input.source, 730, 1)).toBeNull();
    expect(fault.fired()).toBe(1);
    expect(storageStatus().notices['offline-open']).toMatch(
      /^The offline copy of your last data could not be read: UnknownError/,
    );
  });

  it('a copy that cannot be prepared says so', async () => {
    const s = new OfflineStore(`offline-encode-${++seq}`);
    stores.push(s);
    const ok = await saveWhenIdle(
      input,
      () => {
        throw new RangeError('Invalid array length');
      },
      s,
      (fn) => fn(),
    );
    expect(ok).toBe(false);
    expect(storageStatus().notices['offline-write']).toMatch(
      /^Could not prepare a copy of the last data for offline use: RangeError: Invalid array length/,
    );
  });
});
