/**
 * The alerts when their database fails or is shared: a check that could not be saved notifies nothing
 * (and fires again once it can be saved); two tabs (Web Locks and a BroadcastChannel, as in the web host)
 * check once between them; the database's upgrades, a newer build's database, another tab's upgrade.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotifyRequest } from '../../../shared/alerts/notify';
import { ask, snapshotOf } from '../../market/model/test-helpers';
import { storageStatus } from '../../lib/storage/status';
import { FakeLockManager } from '../../lib/storage/testing/fake-locks';
import { clearFaults, injectFault } from '../../lib/storage/testing/idb-faults';
import { NewerDatabaseError } from '../../lib/storage/versioned-db';
import { ITEM, T0, alertOf } from './model/test-helpers';
import { freshState, type Alert } from './model/types';
import { AlertsRuntime, type CheckDeps } from './alert-checks';
import { ALERTS_UPGRADES, AlertStore } from './store';

const MONEY = { decimals: 2, symbol: '$' } as const;
let seq = 0;
const runtimes: AlertsRuntime[] = [];
afterEach(() => {
  clearFaults();
  for (const r of runtimes.splice(0)) r.dispose();
});

function snap(buff: number) {
  return snapshotOf(
    [{ market_hash_name: ITEM, prices: [ask('steam', 12_000), ask('buff163', buff)] }],
    [],
    ['steam', 'buff163'],
    [],
  );
}
const input = (s: ReturnType<typeof snap>, at: number) => ({
  snap: s,
  at,
  source: 'demo',
  fees: {},
  nameOf: (x: string) => x,
  money: MONEY,
});
const alert = (over: Partial<Alert> = {}): Alert => alertOf({ kind: 'ask-below', price: 10_000 }, over);
const above = { value: 10_500, price: 10_500, market: 'buff163', missing: null };

function deps() {
  const sent: NotifyRequest[] = [];
  const d: CheckDeps = {
    unstable: async () => [],
    notify: async (r) => {
      sent.push(r);
      return { shown: true };
    },
  };
  return { d, sent };
}

function runtime(
  name: string,
  extra: Partial<ConstructorParameters<typeof AlertsRuntime>[0] & object> = {},
): AlertsRuntime {
  const r = new AlertsRuntime({
    store: new AlertStore(name),
    locks: null,
    channel: null,
    history: async () => Promise.reject(new Error('none')),
    ...extra,
  });
  runtimes.push(r);
  return r;
}

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (cond()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a check whose save fails', () => {
  for (const kind of ['quota-at-commit', 'abort'] as const) {
    it(`${kind}: nothing is notified, the page says why, and the alert fires (once) when it can be saved`, async () => {
      const name = `alerts-fail-${++seq}`;
      const r = runtime(name);
      await r.start();
      await r.save(alert(), above, 'demo', T0);
      const { d, sent } = deps();
      const fault = injectFault(name, 'firings', kind);
      expect(await r.check(input(snap(9_000), T0 + 60_000), d)).toEqual([]);
      expect(fault.fired()).toBe(1);
      expect(sent).toEqual([]);
      expect(r.get().firings).toEqual([]);
      expect(r.get().problem).toMatch(
        kind === 'abort'
          ? /last check could not be saved.*AbortError.*not notified/
          : /last check could not be saved \(the disk.* is full\).*not notified/,
      );
      // A restart finds nothing fired (and nothing was notified for it).
      const after = runtime(name);
      await after.start();
      expect(after.get().firings).toEqual([]);
      expect(after.get().states.get('a1')?.armed).toBe(true);
      after.dispose();
      // The next check, with room again: it fires, is saved, then notified, once.
      const f = await r.check(input(snap(9_100), T0 + 120_000), d);
      expect(f).toHaveLength(1);
      expect(sent).toHaveLength(1);
      expect(r.get().problem).toBeNull();
      const again = runtime(name);
      await again.start();
      expect(again.get().firings.map((x) => x.id)).toEqual([f[0]!.id]);
    });
  }
});

describe('two tabs (Web Locks and a BroadcastChannel)', () => {
  it('one tab checks and notifies; the other follows its writes, and takes over when it closes', async () => {
    const name = `alerts-tabs-${++seq}`;
    const channelName = `alerts-channel-${seq}`;
    const locks = new FakeLockManager();
    const a = runtime(name, { locks, channel: new BroadcastChannel(channelName) });
    await a.start();
    const b = runtime(name, { locks, channel: new BroadcastChannel(channelName) });
    await b.start();
    await until(() => a.get().checking, 'tab A to hold the lock');
    expect(b.get().checking).toBe(false);

    await a.save(alert(), above, 'demo', T0);
    await until(() => b.get().alerts.length === 1, 'tab B to see the new alert');
    const da = deps();
    const db = deps();
    // Both tabs get the same prices: only the checking tab records and notifies.
    expect(await b.check(input(snap(9_000), T0 + 60_000), db.d)).toEqual([]);
    expect(await a.check(input(snap(9_000), T0 + 60_000), da.d)).toHaveLength(1);
    expect(da.sent).toHaveLength(1);
    expect(db.sent).toEqual([]);
    await until(() => b.get().firings.length === 1, 'tab B to read the firing');

    // Tab A closes: B takes the lock and checks from then on.
    a.dispose();
    await until(() => b.get().checking, 'tab B to take over');
    await b.check(input(snap(10_500), T0 + 120_000), db.d); // re-arms
    expect(await b.check(input(snap(9_000), T0 + 180_000), db.d)).toHaveLength(1);
    expect(db.sent).toHaveLength(1);
  });
});

/** The version-1 schema exactly as the first release created it. */
async function v1Fixture(name: string): Promise<void> {
  const db = await openDB(name, 1, {
    upgrade(d) {
      d.createObjectStore('alerts', { keyPath: 'id' });
      d.createObjectStore('states', { keyPath: 'id' });
      d.createObjectStore('firings', { keyPath: 'id' }).createIndex('at', 'at');
    },
  });
  await db.put('alerts', alert());
  await db.put('states', freshState('a1', 'demo'));
  db.close();
}

describe('the alerts database across versions', () => {
  it('a version-1 database opened by the next version keeps its alerts', async () => {
    const name = `alerts-v1-${++seq}`;
    await v1Fixture(name);
    const ran: number[] = [];
    const store = new AlertStore(name, undefined, [...ALERTS_UPGRADES, () => void ran.push(3)]);
    const loaded = await store.load();
    expect(ran).toEqual([3]);
    expect(loaded.alerts.map((a) => a.id)).toEqual(['a1']);
    expect(loaded.states.get('a1')?.source).toBe('demo');
    await store.close();
  });

  it('a newer build’s database: the alerts page and Settings say so; an older tab steps aside for the upgrade', async () => {
    const name = `alerts-newer-${++seq}`;
    await v1Fixture(name);
    const r = runtime(name);
    await r.start();
    expect(r.get().alerts).toHaveLength(1);
    // A newer build opens it in another tab: this one's connection is not in its way.
    const newer = new AlertStore(name, undefined, [...ALERTS_UPGRADES, () => undefined]);
    expect((await newer.load()).alerts).toHaveLength(1);
    await newer.close();
    // This (older) tab's next write finds a database it cannot read, and says so.
    await expect(r.save(alert({ id: 'a2' }), null, 'demo', T0)).rejects.toBeInstanceOf(NewerDatabaseError);
    expect(r.get().problem).toMatch(
      /Alerts: saved by a newer version of Market Desk \(storage version 4; this version reads up to 3\)/,
    );
    expect(storageStatus().notices['alerts-open']).toMatch(/newer version of Market Desk/);
  });
});
