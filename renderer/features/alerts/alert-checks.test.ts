import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotifyRequest, NotifyResult } from '../../../shared/alerts/notify';
import { ask, snapshotOf } from '../../market/model/test-helpers';
import { HistoryStore } from '../../market/history/store';
import { toPoll } from '../../market/history/poll-input';
import { ITEM, T0, alertOf } from './model/test-helpers';
import { HOUR, MINUTE, type Alert } from './model/types';
import { AlertsRuntime, type CheckDeps, type HistoryReader } from './alert-checks';
import { AlertStore } from './store';
import { firingQuoteText } from './model/describe';
import { alertList } from '../../requests/alert-list';

const MONEY = { decimals: 2, symbol: '$' } as const;
let seq = 0;
const runtimes: AlertsRuntime[] = [];
afterEach(() => {
  for (const r of runtimes.splice(0)) r.dispose();
});

function runtime(name = `runtime-test-${++seq}`, history?: HistoryReader): AlertsRuntime {
  const r = new AlertsRuntime({ store: new AlertStore(name), locks: null, channel: null, history });
  runtimes.push(r);
  return r;
}

function snap(buff: number | null, steam = 12_000) {
  return snapshotOf(
    [{ market_hash_name: ITEM, prices: [ask('steam', steam), ...(buff === null ? [] : [ask('buff163', buff)])] }],
    [],
    ['steam', 'buff163'],
    [],
  );
}

const alert = (over: Partial<Alert> = {}): Alert => alertOf({ kind: 'ask-below', price: 10_000 }, over);

function deps(unstable: string[] | null = [], result: NotifyResult = { shown: true }) {
  const sent: NotifyRequest[] = [];
  const d: CheckDeps = {
    unstable: async () => unstable,
    notify: async (r) => {
      sent.push(r);
      return result;
    },
  };
  return { d, sent };
}

const input = (s: ReturnType<typeof snap>, at: number) => ({
  snap: s,
  at,
  source: 'demo',
  fees: {},
  nameOf: (x: string) => (x === 'buff163' ? 'Buff163' : x),
  money: MONEY,
});

describe('AlertsRuntime.check', () => {
  it('records one firing on a crossing and notifies it; flapping adds none; a restart keeps both', async () => {
    const name = `runtime-test-${++seq}`;
    const r = runtime(name);
    await r.start();
    await r.save(alert(), { value: 10_500, price: 10_500, market: 'buff163', missing: null }, 'demo', T0);
    const { d, sent } = deps(['NOT_POPULAR']);
    expect(await r.check(input(snap(10_400), T0 + 60_000), d)).toHaveLength(0);
    const f = await r.check(input(snap(9_800), T0 + 120_000), d);
    expect(f).toHaveLength(1);
    expect(sent).toEqual([
      {
        title: ITEM,
        body: 'Ask below $10.00: $9.80 on Buff163. Across any of my markets. Unstable: Traded infrequently.',
        target: { game: 730, item: ITEM, alertId: 'a1' },
      },
    ]);
    // Flapping within the band (re-arms only at >= $10.10).
    for (const [i, v] of [10_050, 9_900, 10_000, 9_950].entries())
      await r.check(input(snap(v), T0 + (3 + i) * 60_000), d);
    expect(r.get().firings).toHaveLength(1);
    expect(r.get().firings[0]).toMatchObject({
      value: 9_800,
      via: 'buff163',
      unstable: ['NOT_POPULAR'],
      notified: 'shown',
      silenced: false,
    });
    // The same snapshot, or an older load, is not checked twice.
    const again = snap(5_000);
    await r.check(input(again, T0 + 10 * 60_000), d);
    await r.check(input(again, T0 + 11 * 60_000), d);
    await r.check(input(snap(5_000), T0 + 9 * 60_000), d);
    expect(r.get().firings).toHaveLength(1);

    // Restart: a new runtime on the same database.
    const r2 = runtime(name);
    await r2.start();
    expect(r2.get().alerts.map((a) => a.id)).toEqual(['a1']);
    expect(r2.get().firings).toHaveLength(1);
    expect(r2.get().firings[0]?.notified).toBe('shown');
    expect(r2.get().states.get('a1')?.armed).toBe(false);
  });

  it('an alert set to stay silent while unstable records the firing as silenced and does not notify', async () => {
    const r = runtime();
    await r.start();
    await r.save(
      alert({ silentWhenUnstable: true }),
      { value: 10_500, price: 10_500, market: 'buff163', missing: null },
      'demo',
      T0,
    );
    const { d, sent } = deps(['NO_ORDERS', 'BOOST_RISK']);
    await r.check(input(snap(9_000), T0 + 60_000), d);
    expect(sent).toEqual([]);
    expect(r.get().firings[0]).toMatchObject({
      silenced: true,
      notified: 'silenced',
      unstable: ['NO_ORDERS', 'BOOST_RISK'],
    });
    // Stable (or unknown): it notifies.
    await r.save(
      alert({ silentWhenUnstable: true, updatedAt: T0 + 1 }),
      { value: 10_500, price: 10_500, market: 'buff163', missing: null },
      'demo',
      T0 + 2 * 60_000,
    );
    await r.check(input(snap(9_000), T0 + 3 * 60_000), deps(null).d);
    expect(r.get().firings.map((x) => x.notified)).toEqual(['shown', 'silenced']);
  });

  it('a notification that could not be shown says why in the history', async () => {
    const r = runtime();
    await r.start();
    await r.save(alert(), { value: 10_500, price: 10_500, market: 'buff163', missing: null }, 'demo', T0);
    await r.check(
      input(snap(9_000), T0 + 60_000),
      deps([], { shown: false, reason: 'Desktop notifications are not enabled yet (Alerts page).' }).d,
    );
    expect(r.get().firings[0]).toMatchObject({
      notified: 'not-shown',
      note: 'Desktop notifications are not enabled yet (Alerts page).',
    });
  });

  it('disabled alerts and other games are not checked; re-enabled alerts start afresh; delete and undo', async () => {
    const r = runtime();
    await r.start();
    await r.save(alert(), { value: 10_500, price: 10_500, market: 'buff163', missing: null }, 'demo', T0);
    await r.save(alert({ id: 'tf2', game: 440 }), null, 'demo', T0);
    await r.setEnabled('a1', false, T0);
    const { d } = deps();
    await r.check(input(snap(9_000), T0 + 60_000), d);
    expect(r.get().firings).toHaveLength(0);
    expect(r.get().states.get('tf2')?.lastAt).toBeNull();
    await r.setEnabled('a1', true, T0 + 61_000);
    // First look after re-enabling: already below, so it waits for a real crossing.
    await r.check(input(snap(8_000), T0 + 120_000), d);
    expect(r.get().firings).toHaveLength(0);
    const removed = await r.remove('a1');
    expect(r.get().alerts.map((a) => a.id)).toEqual(['tf2']);
    await r.restore(removed!);
    expect(r.get().alerts.map((a) => a.id)).toEqual(['a1', 'tf2']);
    await r.clearHistory();
    expect(r.get().firings).toEqual([]);
  });
});

describe('AlertsRuntime: a change alert’s window from the price history', () => {
  /** A price history holding the item's asks at those times (Buff's moving, Steam's at $12.00), and a reader of it counting its reads. */
  async function historyOf(buffAt: Array<[number, number]>) {
    const store = await HistoryStore.open(`history-test-${++seq}`);
    for (const [at, buff] of buffAt) await store.record(toPoll(snap(buff), at));
    const reads: string[][] = [];
    const reader: HistoryReader = (game, name, from, to, slots, keys) => {
      reads.push(keys);
      return store.readItem(game, name, from, to, slots, (k) => keys.includes(k));
    };
    return { reader, reads };
  }
  const down20 = alert({ condition: { kind: 'change', percent: 20, windowMs: HOUR, direction: 'down', side: 'ask' } });
  const obsAt = (v: number) => ({ value: v, price: v, market: 'buff163', missing: null });

  it('created after a 15 % fall within the hour, the next step down to 21 % fires at the first check', async () => {
    const { reader, reads } = await historyOf([
      [T0 - 50 * MINUTE, 10_000],
      [T0 - 30 * MINUTE, 9_000],
      [T0 - 5 * MINUTE, 8_500],
    ]);
    const r = runtime(undefined, reader);
    await r.start();
    await r.save(down20, obsAt(8_500), 'demo', T0, { loaded: snap(8_500), fees: {} });
    expect(reads).toEqual([['a:steam', 'a:buff163']]);
    expect(r.get().states.get('a1')).toMatchObject({ armed: true, lastValue: 15 });
    const f = await r.check(input(snap(7_900), T0 + MINUTE), deps().d);
    expect(f.map((x) => x.value)).toEqual([21]);
    expect(reads).toHaveLength(1); // seeded when saved: not read again
  });

  it('a history that cannot be read leaves the window to the checks, as before: no firing, no failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const r = runtime(undefined, () => Promise.reject(new Error('no history')));
    await r.start();
    await r.save(down20, obsAt(8_500), 'demo', T0, { loaded: snap(8_500), fees: {} });
    expect(r.get().states.get('a1')).toMatchObject({ armed: true, lastValue: 0, window: [[T0, 8_500]] });
    expect(await r.check(input(snap(7_900), T0 + MINUTE), deps().d)).toEqual([]);
    expect(r.get().states.get('a1')?.lastValue).toBeCloseTo(7.06, 2);
    expect(r.get().problem).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('saved without prices, then restarted: the first check reads the history once', async () => {
    const { reader, reads } = await historyOf([
      [T0 - 50 * MINUTE, 10_000],
      [T0 - 30 * MINUTE, 9_000],
    ]);
    const name = `runtime-test-${++seq}`;
    const r = runtime(name, reader);
    await r.start();
    await r.save(down20, null, 'demo', T0);
    expect(reads).toEqual([]);
    expect(r.get().states.get('a1')?.window).toEqual([]);

    const r2 = runtime(name, reader);
    await r2.start();
    const { d } = deps();
    // 15 % below the hour's high: armed, and the change counts from before the start.
    expect(await r2.check(input(snap(8_500), T0 + MINUTE), d)).toEqual([]);
    expect(r2.get().states.get('a1')).toMatchObject({ armed: true, lastValue: 15 });
    expect(reads).toHaveLength(1);
    expect((await r2.check(input(snap(7_900), T0 + 2 * MINUTE), d)).map((x) => x.value)).toEqual([21]);
    expect(reads).toHaveLength(1);
  });
});

describe('AlertsRuntime.check: noise and trust', () => {
  /** The snapshot with hand-made trust: buff163's ask unchanged since `changedAt`, flagged with `flags`. */
  function trusted(buff: number, changedAt: number, flags = 0) {
    const s = snap(buff);
    const cells = s.n * s.askMarkets.length;
    const k = s.askIndex.get('buff163')!;
    const askChangedAt = new Float64Array(cells).fill(NaN);
    askChangedAt[k] = changedAt;
    const askFlags = new Uint8Array(cells);
    askFlags[k] = flags;
    const trust = {
      game: s.game,
      at: 0,
      polls: 5,
      askChangedAt,
      askFirstSeenAt: new Float64Array(cells).fill(NaN),
      askLastQuotedAt: new Float64Array(cells).fill(NaN),
      bidChangedAt: new Float64Array(0),
      askFlags,
      bidFlags: new Uint8Array(0),
      stalls: [],
    };
    return { ...s, trust };
  }

  it('fires on the second poll in a row, recording which quote fired it and how long it had stood', async () => {
    const r = runtime();
    await r.start();
    await r.save(
      alert({ requireTrusted: true, holdPolls: 2 }),
      { value: 10_500, price: 10_500, market: 'buff163', missing: null },
      'demo',
      T0,
    );
    const { d } = deps();
    // An outlier below the line for two polls: left out, the trusted best (Steam's 12.000) does not cross.
    expect(await r.check(input(trusted(5_000, T0, 2), T0 + MINUTE), d)).toHaveLength(0);
    expect(await r.check(input(trusted(5_000, T0, 2), T0 + 2 * MINUTE), d)).toHaveLength(0);
    // A real move: below the line at two polls in a row; fires at the second.
    expect(await r.check(input(trusted(9_800, T0 + 2 * MINUTE), T0 + 3 * MINUTE), d)).toHaveLength(0);
    const f = await r.check(input(trusted(9_800, T0 + 2 * MINUTE), T0 + 14 * MINUTE), d);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      via: 'buff163',
      price: 9_800,
      quote: { market: 'buff163', price: 9_800, changedAt: T0 + 2 * MINUTE },
    });
    expect(firingQuoteText(f[0]!, (x) => (x === 'buff163' ? 'Buff163' : x), MONEY)).toBe(
      'Buff163 at $9.80, unchanged for 12 min',
    );
  });
});

describe('AlertsRuntime.recordRouteFirings', () => {
  it("keeps a scanner rule's firing in the history as a route firing, notifies it the price alerts' way, and a restart keeps it", async () => {
    const name = `runtime-test-${++seq}`;
    const r = runtime(name);
    await r.start();
    const { d, sent } = deps();
    const found = [
      {
        ruleId: 'rule-1',
        ruleName: 'Mine',
        at: T0 + MINUTE,
        item: ITEM,
        buyMarket: 'csfloat',
        buyPrice: 5_000,
        sellMarket: 'buff163',
        sellPrice: 10_000,
        profit: 4_750,
        roi: 0.95,
        polls: 2,
        since: T0,
      },
    ];
    const kept = await r.recordRouteFirings(
      730,
      found,
      { nameOf: (x) => (x === 'buff163' ? 'Buff163' : x), money: MONEY },
      d,
    );
    expect(kept.map((f) => [f.type, f.alertId, f.route.polls])).toEqual([['route', 'rule-1', 2]]);
    expect(sent).toEqual([
      {
        title: ITEM,
        body: 'Mine: buy on csfloat at $5.00, sell on Buff163 at $10.00, net profit $4.75 (95.0 %), for 2 polls.',
        target: { game: 730, item: ITEM, alertId: 'rule-1' },
      },
    ]);
    expect(r.get().firings.map((f) => [f.type, f.notified])).toEqual([['route', 'shown']]);
    const again = runtime(name);
    await again.start();
    expect(again.get().firings).toEqual(r.get().firings);
  });
});

describe('the alerts list other pages read (requests/alert-list.ts)', () => {
  it('follows the alerts as they are saved and deleted, with what a count or a mark needs', async () => {
    const r = runtime();
    await r.start();
    await r.save(alert(), null, 'demo', T0);
    expect(alertList().map((a) => [a.game, a.item, a.enabled])).toEqual([[730, ITEM, true]]);
    await r.remove('a1');
    expect(alertList()).toEqual([]);
  });
});
