import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { step } from './model/evaluate';
import { ANY_MARKET, freshState, type Alert, type Firing, type RouteFiringRecord } from './model/types';
import { closeAbnormally } from '../../lib/storage/testing/idb-faults';
import { ALERTS_UPGRADES, AlertStore } from './store';

const T0 = Date.UTC(2025, 5, 2, 12, 0, 0);
let seq = 0;
const stores: AlertStore[] = [];
function newStore(cap?: number): AlertStore {
  const s = new AlertStore(`alerts-test-${++seq}`, cap);
  stores.push(s);
  return s;
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

function alert(id: string, over: Partial<Alert> = {}): Alert {
  return {
    id,
    game: 730,
    item: 'AK-47 | Redline (Field-Tested)',
    market: ANY_MARKET,
    condition: { kind: 'ask-below', price: 10_000 },
    net: false,
    hysteresis: { unit: 'percent', value: 1 },
    cooldownMs: 15 * 60_000,
    silentWhenUnstable: false,
    requireTrusted: false,
    holdPolls: 1,
    enabled: true,
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

function firing(id: string, at: number, alertId = 'a1'): Firing {
  return {
    type: 'price',
    id,
    alertId,
    at,
    game: 730,
    item: 'AK-47 | Redline (Field-Tested)',
    market: ANY_MARKET,
    via: 'buff163',
    condition: { kind: 'ask-below', price: 10_000 },
    net: false,
    value: 9_900,
    price: 9_900,
    quote: { market: 'buff163', price: 9_900, changedAt: at - 12 * 60_000 },
    unstable: ['NOT_POPULAR'],
    silenced: false,
    notified: 'shown',
    note: null,
  };
}

describe('AlertStore (IndexedDB, fake-indexeddb)', () => {
  it('keeps alerts, their state and the history across sessions', async () => {
    const name = `alerts-test-${++seq}`;
    let store = new AlertStore(name);
    const a = alert('a1');
    const s0 = freshState('a1', 'demo');
    await store.putAlert(a, s0);
    await store.putAlert(alert('a2', { createdAt: T0 + 1, market: 'buff163' }), freshState('a2', 'demo'));
    // A check: the ask crossed, the alert fired and is disarmed.
    const armed = step(a, s0, { value: 10_500, price: 10_500, market: 'buff163', missing: null }, T0, 'demo').state;
    const fired = step(a, armed, { value: 9_900, price: 9_900, market: 'buff163', missing: null }, T0 + 60_000, 'demo');
    expect(fired.fired).toBe(true);
    await store.saveCheck([fired.state], [firing('f1', T0 + 60_000)]);
    await store.close();

    // A restart: everything is still there.
    store = new AlertStore(name);
    stores.push(store);
    const loaded = await store.load();
    expect(loaded.invalid).toBe(0);
    expect(loaded.alerts.map((x) => x.id)).toEqual(['a1', 'a2']);
    expect(loaded.alerts[1]?.market).toBe('buff163');
    expect(loaded.states.get('a1')).toMatchObject({
      armed: false,
      lastFiredAt: T0 + 60_000,
      lastValue: 9_900,
      source: 'demo',
    });
    expect(loaded.firings).toEqual([firing('f1', T0 + 60_000)]);
  });

  it('deleting an alert keeps its firings; the state of a deleted alert is not written back', async () => {
    const store = newStore();
    await store.putAlert(alert('a1'), freshState('a1', null));
    await store.saveCheck([], [firing('f1', T0)]);
    await store.deleteAlert('a1');
    await store.saveCheck([{ ...freshState('a1', null), armed: true }], []);
    const loaded = await store.load();
    expect(loaded.alerts).toEqual([]);
    expect(loaded.states.size).toBe(0);
    expect(loaded.firings.map((f) => f.id)).toEqual(['f1']);
  });

  it('caps the history, dropping the oldest firings; newest first on load; clear empties it', async () => {
    const store = newStore(3);
    await store.saveCheck([], [firing('f1', T0 + 1), firing('f2', T0 + 2)]);
    const dropped = await store.saveCheck([], [firing('f4', T0 + 4), firing('f3', T0 + 3)]);
    expect(dropped).toEqual(['f1']);
    expect((await store.load()).firings.map((f) => f.id)).toEqual(['f4', 'f3', 'f2']);
    await store.putFiring({
      ...firing('f3', T0 + 3),
      notified: 'not-shown',
      note: 'Desktop notifications are not enabled yet.',
    });
    expect((await store.load()).firings[1]).toMatchObject({
      notified: 'not-shown',
      note: 'Desktop notifications are not enabled yet.',
    });
    await store.clearFirings();
    expect((await store.load()).firings).toEqual([]);
  });

  it('refuses to write what does not pass the schema, and leaves out invalid records on read', async () => {
    const store = newStore();
    await expect(
      store.putAlert(alert('a1', { condition: { kind: 'ask-below', price: -5 } }), freshState('a1', null)),
    ).rejects.toThrow();
    await expect(store.putAlert(alert('../x'), freshState('../x', null))).rejects.toThrow();
    await store.putAlert(alert('a1'), freshState('a1', null));
    // Something else wrote garbage into the database (an old version, a bug, a hand edit).
    const db = await openDB(store.name);
    await db.put('alerts', { id: 'bad', game: 'cs2' });
    await db.put('states', { id: 'a1x', armed: 'yes' });
    await db.put('firings', { id: 'f-bad', at: T0 });
    db.close();
    const loaded = await store.load();
    expect(loaded.alerts.map((a) => a.id)).toEqual(['a1']);
    expect(loaded.firings).toEqual([]);
    expect(loaded.invalid).toBe(3);
  });
});

/** A database as `version` wrote it: its upgrade steps up to there, then one record per store as given. */
async function writtenAt(
  name: string,
  version: number,
  records: { alert: object; state: object; firing: object },
): Promise<void> {
  const db = await openDB(name, version, {
    upgrade: (d, oldVersion, _n, tx) => {
      for (let v = oldVersion; v < version; v++) ALERTS_UPGRADES[v]!(d as never, tx as never);
    },
  });
  await db.put('alerts', records.alert);
  await db.put('states', records.state);
  await db.put('firings', records.firing);
  db.close();
}

describe('AlertStore upgrade from version 1 (before trust and holding)', () => {
  it('gives stored alerts the defaults (trusted quote required, held over 2 polls), states 0 held and firings no quote', async () => {
    const name = `alerts-test-${++seq}`;
    // A database as version 1 wrote it: records without the fields of version 2.
    const { requireTrusted: _r, holdPolls: _h, ...oldAlert } = alert('a1');
    const { held: _held, ...oldState } = { ...freshState('a1', 'demo'), armed: true, lastValue: 10_500 };
    const { quote: _q, type: _t, ...oldFiring } = firing('f1', T0);
    await writtenAt(name, 1, { alert: oldAlert, state: oldState, firing: oldFiring });

    const store = new AlertStore(name);
    stores.push(store);
    const loaded = await store.load();
    expect(loaded.invalid).toBe(0);
    expect(loaded.alerts[0]).toMatchObject({ id: 'a1', requireTrusted: true, holdPolls: 2, market: ANY_MARKET });
    expect(loaded.states.get('a1')).toMatchObject({ armed: true, lastValue: 10_500, held: 0 });
    expect(loaded.firings[0]).toMatchObject({ id: 'f1', quote: null, price: 9_900 });
  });
});

describe('AlertStore upgrade from version 2 (before scanner rules fired)', () => {
  it("keeps the alerts, states and firings written at version 2, each firing typed 'price', and keeps a rule's firing beside them", async () => {
    const name = `alerts-test-${++seq}`;
    // A database as version 2 wrote it: firings without a type.
    const { type: _t, ...oldFiring } = firing('f1', T0);
    await writtenAt(name, 2, { alert: alert('a1'), state: freshState('a1', 'demo'), firing: oldFiring });

    const store = new AlertStore(name);
    stores.push(store);
    const loaded = await store.load();
    expect(loaded.invalid).toBe(0);
    expect(loaded.alerts.map((a) => a.id)).toEqual(['a1']);
    expect(loaded.states.get('a1')).toMatchObject({ source: 'demo' });
    expect(loaded.firings).toEqual([{ ...oldFiring, type: 'price' }]);

    const route: RouteFiringRecord = {
      type: 'route',
      id: 'r1',
      alertId: 'rule-1',
      at: T0 + 60_000,
      game: 730,
      item: 'AK-47 | Redline (Field-Tested)',
      route: {
        ruleName: 'Mine',
        buyMarket: 'csfloat',
        buyPrice: 5_000,
        sellMarket: 'steamcommunity',
        sellPrice: 10_000,
        profit: 3_700,
        roi: 0.74,
        polls: 2,
        since: T0,
      },
      silenced: false,
      notified: 'shown',
      note: null,
    };
    await store.saveCheck([], [route]);
    expect((await store.load()).firings.map((f) => [f.id, f.type])).toEqual([
      ['r1', 'route'],
      ['f1', 'price'],
    ]);
  });
});

describe('AlertStore after the browser closed its connection', () => {
  it('a save between the close and its close event goes through a new connection', async () => {
    const store = newStore();
    await store.putAlert(alert('a1'), freshState('a1', null));
    closeAbnormally(store.name);
    // No close event yet: the old connection refuses new transactions ("The database connection is closing").
    await store.putAlert(alert('a2', { createdAt: T0 + 1 }), freshState('a2', null));
    await store.putFiring(firing('f1', T0 + 2, 'a2'));
    const loaded = await store.load();
    expect(loaded.alerts.map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(loaded.firings.map((f) => f.id)).toEqual(['f1']);
  });
});
