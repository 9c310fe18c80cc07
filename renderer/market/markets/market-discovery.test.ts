import { describe, expect, it } from 'vitest';
import { createPreferenceStore, memoryStorage } from '../../lib/preferences';
import type { Probe } from './discovery';
import { MarketDiscovery, RECHECK_AFTER_MS } from './market-discovery';
import type { ProbedOperation } from './probe';

function setup(
  offered: Record<ProbedOperation, string[]>,
  style: 'named' | 'opaque' = 'opaque',
  limit = Infinity,
  transient: readonly number[] = [],
) {
  const storage = memoryStorage();
  let now = 1_700_000_000_000;
  const calls: Array<{ op: ProbedOperation; names: string[] }> = [];
  const deps = {
    store: createPreferenceStore(storage),
    now: () => now,
    probe:
      (op: ProbedOperation, _game: number, stats: { requests: number; bytes: number }): Probe =>
      async (names) => {
        stats.requests++;
        calls.push({ op, names: [...names] });
        if (transient.includes(calls.length)) return { ok: false, named: [] };
        if (names.length > limit) return { ok: false, named: [] };
        const bad = names.find((n) => !offered[op].includes(n));
        return bad === undefined ? { ok: true } : { ok: false, named: style === 'named' ? [bad] : [] };
      },
  };
  return { d: new MarketDiscovery(deps), deps, storage, calls, tick: (ms: number) => (now += ms) };
}

const served = {
  minPrices: ['steamcommunity', 'buff163', 'csgotm'],
  maxOrders: ['steamcommunity'],
  recommendations: [],
  marketOrderAnalytics: ['buff163', 'csgotm'],
};

describe('MarketDiscovery', () => {
  it('remembers what a service refused, per source and game, across a restart', async () => {
    const { d, deps, storage } = setup(served);
    await d.onRefusal('live|https://a', 730, 'minPrices', ['steamcommunity', 'youpin', 'buff163', 'steam', 'csgotm']);
    expect([...d.refused('live|https://a', 730, 'minPrices')].sort()).toEqual(['steam', 'youpin']);
    expect(d.nameState('live|https://a', 730, 'minPrices', 'buff163')).toBe('offered');
    expect(d.nameState('live|https://a', 730, 'minPrices', 'other')).toBe('unchecked');
    // Another service, another game: nothing known.
    expect(d.refused('live|https://b', 730, 'minPrices').size).toBe(0);
    expect(d.refused('live|https://a', 570, 'minPrices').size).toBe(0);
    // A new instance over the same storage (the app restarted).
    const again = new MarketDiscovery({ ...deps, store: createPreferenceStore(storage) });
    expect([...again.refused('live|https://a', 730, 'minPrices')].sort()).toEqual(['steam', 'youpin']);
  });

  it('runs once for the same refusal, and joins a run already going', async () => {
    const { d, calls } = setup(served, 'named');
    const names = ['steamcommunity', 'steam'];
    const [a, b] = await Promise.all([
      d.onRefusal('demo', 730, 'minPrices', names),
      d.onRefusal('demo', 730, 'minPrices', names),
    ]);
    expect(a?.refused).toEqual(['steam']);
    expect(b).toBeNull();
    const n = calls.length;
    expect(await d.onRefusal('demo', 730, 'minPrices', names)).toBeNull();
    expect(calls.length).toBe(n);
    expect(d.settled('demo', 730)).toBe(true);
  });

  it('checks again a day after the last check (fake clock), and a name offered again is taken back', async () => {
    const offered = { ...served, minPrices: ['steamcommunity'] };
    const { d, tick, calls } = setup(offered);
    await d.run('demo', 730, 'minPrices', ['steamcommunity', 'buff163']);
    expect(d.refused('demo', 730, 'minPrices').has('buff163')).toBe(true);
    expect(d.due('demo', 730, 'minPrices')).toBe(false);
    tick(RECHECK_AFTER_MS - 1);
    expect(d.due('demo', 730, 'minPrices')).toBe(false);
    tick(1);
    expect(d.due('demo', 730, 'minPrices')).toBe(true);
    offered.minPrices.push('buff163');
    const before = calls.length;
    await d.run('demo', 730, 'minPrices', ['steamcommunity', 'buff163']);
    expect(calls.length - before).toBe(1);
    expect(d.refused('demo', 730, 'minPrices').size).toBe(0);
    expect(d.due('demo', 730, 'minPrices')).toBe(false);
  });

  it('asks single-name operations name by name', async () => {
    const { d, calls } = setup(served);
    const r = await d.run('demo', 730, 'marketOrderAnalytics', ['buff163', 'csgotm', 'youpin']);
    expect(r?.refused).toEqual(['youpin']);
    expect(calls.every((c) => c.names.length === 1)).toBe(true);
  });

  it('asks published names first, unconfirmed candidates last', async () => {
    const { d, calls } = setup(served);
    await d.run('demo', 730, 'minPrices', ['youpin', 'steamcommunity', 'igxe', 'buff163']);
    expect(calls[0]?.names).toEqual(['steamcommunity', 'buff163', 'youpin', 'igxe']);
  });

  it('a success records names as offered without a write when nothing is new', () => {
    const { d, storage } = setup(served);
    d.recordOffered('demo', 730, 'maxOrders', ['steamcommunity']);
    expect(d.nameState('demo', 730, 'maxOrders', 'steamcommunity')).toBe('offered');
    const raw = storage.getItem('market-desk.pref.markets.discovery');
    d.recordOffered('demo', 730, 'maxOrders', ['steamcommunity']);
    expect(storage.getItem('market-desk.pref.markets.discovery')).toBe(raw);
  });

  it('a failure that is not a refusal keeps what was known and says why', async () => {
    const { d, deps } = setup(served);
    await d.run('demo', 730, 'minPrices', ['steamcommunity', 'steam']);
    const failing = new MarketDiscovery({
      ...deps,
      probe: () => async () => {
        throw new Error('offline');
      },
    });
    expect(await failing.run('demo', 730, 'minPrices', ['steamcommunity', 'steam'])).toBeNull();
    expect((failing.lastError?.error as Error).message).toBe('offline');
    expect([...failing.refused('demo', 730, 'minPrices')]).toEqual(['steam']);
  });

  it('remembers the most names a service takes per request, and uses it in the next check', async () => {
    const names = Array.from({ length: 24 }, (_, i) => `m${i}`);
    const { d, deps, storage, calls } = setup({ ...served, minPrices: names }, 'opaque', 5);
    const r = await d.run('demo', 730, 'minPrices', names);
    expect(r?.limit).toBe(5);
    expect(r?.refused).toEqual([]);
    expect(d.limit('demo', 730, 'minPrices')).toBe(5);
    expect(d.limit('demo', 730, 'maxOrders')).toBeNull();
    const again = new MarketDiscovery({ ...deps, store: createPreferenceStore(storage) });
    expect(again.limit('demo', 730, 'minPrices')).toBe(5);
    const before = calls.length;
    await again.run('demo', 730, 'minPrices', names);
    // Five lists of at most 5, and one of 6 refused: the limit still holds.
    expect(calls.slice(before).map((c) => c.names.length)).toEqual([5, 5, 5, 5, 4, 6]);
    expect(again.limit('demo', 730, 'minPrices')).toBe(5);
  });

  it('a transient refusal of a single-name operation does not make the name refused', async () => {
    const { d, calls } = setup(served, 'opaque', Infinity, [1]);
    const r = await d.run('demo', 730, 'marketOrderAnalytics', ['buff163', 'csgotm', 'youpin']);
    expect(r?.refused).toEqual(['youpin']);
    expect(calls.map((c) => c.names[0])).toEqual(['buff163', 'buff163', 'csgotm', 'youpin', 'youpin']);
  });

  it('says while it looks into a refusal (loads wait for it), not while it only checks again', async () => {
    const { d } = setup(served);
    const checking = d.run('demo', 730, 'minPrices', ['steamcommunity', 'youpin']);
    expect(d.investigating('demo', 730)).toBe(false);
    await checking;
    const looking = d.onRefusal('demo', 730, 'maxOrders', ['steamcommunity', 'youpin']);
    expect(d.investigating('demo', 730)).toBe(true);
    expect(d.investigating('demo', 570)).toBe(false);
    await looking;
    expect(d.investigating('demo', 730)).toBe(false);
  });
});
