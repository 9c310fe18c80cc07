import { describe, expect, it } from 'vitest';
import { discoverRefused, type Probe, type ProbeOutcome } from './discovery';

/** A strict service as a probe: refuses a request naming any name it does not offer, in one of two styles. */
function fakeService(offered: readonly string[], style: 'named' | 'opaque'): Probe & { calls: string[][] } {
  const set = new Set(offered);
  const calls: string[][] = [];
  const probe = async (names: readonly string[]): Promise<ProbeOutcome> => {
    calls.push([...names]);
    const bad = names.find((n) => !set.has(n));
    if (bad === undefined) return { ok: true };
    // The named style names only the first refused name, as the reference service does.
    return { ok: false, named: style === 'named' ? [bad] : [] };
  };
  return Object.assign(probe, { calls });
}

const names36 = Array.from({ length: 36 }, (_, i) => `m${i}`);
const refused8 = ['m1', 'm6', 'm7', 'm15', 'm20', 'm28', 'm33', 'm35'];
const offered28 = names36.filter((n) => !refused8.includes(n));

describe('discoverRefused', () => {
  it('named errors: one request per refused name plus the final one', async () => {
    const svc = fakeService(offered28, 'named');
    const r = await discoverRefused(names36, svc);
    expect(r.refused.sort()).toEqual([...refused8].sort());
    expect(r.offered).toEqual(offered28);
    expect(r.requests).toBe(9);
    expect(svc.calls.at(-1)).toEqual(offered28);
  });
  it('opaque errors: splits the list and finds the same names', async () => {
    const svc = fakeService(offered28, 'opaque');
    const r = await discoverRefused(names36, svc);
    expect(r.refused.sort()).toEqual([...refused8].sort());
    expect(r.offered).toEqual(offered28);
    // Group testing: fewer requests than asking name by name (36 + 1), at least one per refused name.
    expect(r.requests).toBeLessThanOrEqual(30);
    expect(r.requests).toBeGreaterThan(8);
    // Every probe is a real subset of the list.
    for (const c of svc.calls) expect(c.every((n) => names36.includes(n))).toBe(true);
  });
  it('refused names that stand together (unconfirmed names asked last) cost fewer requests', async () => {
    const r = await discoverRefused(names36, fakeService(names36.slice(0, 28), 'opaque'));
    expect(r.refused).toEqual(names36.slice(28));
    expect(r.requests).toBeLessThanOrEqual(26);
  });
  it('a single refused name among 36 is found by halving', async () => {
    const r = await discoverRefused(names36, fakeService(names36.filter((n) => n !== 'm3'), 'opaque'));
    expect(r.refused).toEqual(['m3']);
    expect(r.requests).toBeLessThanOrEqual(12);
  });
  it('a list the service takes costs one request', async () => {
    const r = await discoverRefused(offered28, fakeService(offered28, 'opaque'));
    expect(r).toEqual({ offered: offered28, refused: [], requests: 1 });
  });
  it('starting from the refusal that was already seen saves that request', async () => {
    const svc = fakeService(['a', 'b'], 'opaque');
    const r = await discoverRefused(['a', 'x', 'b'], svc, { first: { ok: false, named: [] } });
    expect(r.refused).toEqual(['x']);
    expect(svc.calls[0]).not.toEqual(['a', 'x', 'b']);
  });
  it('every name refused, either style', async () => {
    for (const style of ['named', 'opaque'] as const) {
      const r = await discoverRefused(['a', 'b', 'c'], fakeService([], style));
      expect(r.refused).toEqual(['a', 'b', 'c']);
      expect(r.offered).toEqual([]);
    }
  });
  it('a name reported that was not asked for does not loop', async () => {
    const probe: Probe = async (names) => (names.includes('x') ? { ok: false, named: ['elsewhere'] } : { ok: true });
    const r = await discoverRefused(['a', 'x'], probe);
    expect(r.refused).toEqual(['x']);
  });
  it('an error that is not a refusal ends discovery with that error', async () => {
    const probe: Probe = async () => {
      throw new Error('offline');
    };
    await expect(discoverRefused(['a'], probe)).rejects.toThrow('offline');
  });
  it('stops when aborted', async () => {
    const ac = new AbortController();
    const probe: Probe = async (names) => {
      ac.abort();
      return names.length > 1 ? { ok: false, named: [] } : { ok: true };
    };
    await expect(discoverRefused(['a', 'b', 'c'], probe, { signal: ac.signal })).rejects.toThrow();
  });
});
