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
  it('named errors: one request per refused name plus the one that passes, then each refused name alone', async () => {
    const svc = fakeService(offered28, 'named');
    const r = await discoverRefused(names36, svc);
    expect(r.refused.sort()).toEqual([...refused8].sort());
    expect(r.offered).toEqual(offered28);
    expect(r.requests).toBe(9 + 8);
    expect(svc.calls[8]).toEqual(offered28);
  });
  it('opaque errors: splits the list and finds the same names', async () => {
    const svc = fakeService(offered28, 'opaque');
    const r = await discoverRefused(names36, svc);
    expect(r.refused.sort()).toEqual([...refused8].sort());
    expect(r.offered).toEqual(offered28);
    // Binary splitting asking both halves of a refused group (nothing inferred), every refused name
    // refused twice alone (at least 16 requests for the 8, more when they are spread through the list),
    // and the 28 offered names asked together once (a refused list may also have been too long).
    expect(r.requests).toBe(56);
    // Every probe is a real subset of the list.
    for (const c of svc.calls) expect(c.every((n) => names36.includes(n))).toBe(true);
  });
  it('refused names that stand together (unconfirmed names asked last) cost fewer requests', async () => {
    const r = await discoverRefused(names36, fakeService(names36.slice(0, 28), 'opaque'));
    expect(r.refused).toEqual(names36.slice(28));
    expect(r.requests).toBe(30);
  });
  it('a single refused name among 36 is found by halving', async () => {
    const r = await discoverRefused(
      names36,
      fakeService(
        names36.filter((n) => n !== 'm3'),
        'opaque',
      ),
    );
    expect(r.refused).toEqual(['m3']);
    expect(r.requests).toBe(13);
  });
  it('a list the service takes costs one request', async () => {
    const r = await discoverRefused(offered28, fakeService(offered28, 'opaque'));
    expect(r).toEqual({ offered: offered28, refused: [], requests: 1, limit: null });
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

/**
 * A service as strict as the real ones can be: refuses a request naming any name it does not offer (named
 * or opaque), may refuse lists longer than `limit` whatever their names (a size limit: "Bad Request" in both
 * styles, since no name is at fault), and may refuse some requests once for no reason (`transient`: the
 * 1-based numbers of the requests that get a 400; named style then names the first name asked).
 */
function strictService(
  offered: readonly string[],
  opts: { style: 'named' | 'opaque'; limit?: number; transient?: readonly number[] },
): Probe & { calls: string[][] } {
  const set = new Set(offered);
  const calls: string[][] = [];
  const probe = async (names: readonly string[]): Promise<ProbeOutcome> => {
    calls.push([...names]);
    if (opts.transient?.includes(calls.length)) return { ok: false, named: opts.style === 'named' ? [names[0]!] : [] };
    if (opts.limit !== undefined && names.length > opts.limit) return { ok: false, named: [] };
    const bad = names.find((n) => !set.has(n));
    if (bad === undefined) return { ok: true };
    return { ok: false, named: opts.style === 'named' ? [bad] : [] };
  };
  return Object.assign(probe, { calls });
}

/** The app's order against the reference service: 28 published names first, the 8 candidates last. */
const published28 = names36.slice(0, 28);
const candidates8 = names36.slice(28);

describe('discoverRefused: size limits and transient refusals', () => {
  it('a service that takes at most 10 names and says only "Bad Request": every offered name offered, the limit found', async () => {
    const svc = strictService(names36, { style: 'opaque', limit: 10 });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual([]);
    expect(r.offered).toEqual(names36);
    expect(r.limit).toBe(10);
    expect(r.requests).toBe(svc.calls.length);
    // 36 refused, 18 refused, four lists of 9 taken; then 13 and 11 refused, 10 taken, 11 refused again.
    expect(r.requests).toBe(10);
    expect(svc.calls.map((c) => c.length)).toEqual([36, 18, 9, 9, 9, 9, 13, 11, 10, 11]);
  });
  it('size limit 10, opaque, 8 names refused at the end of the list: exactly those refused, each refusal seen twice alone', async () => {
    const svc = strictService(published28, { style: 'opaque', limit: 10 });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual(candidates8);
    expect(r.offered).toEqual(published28);
    expect(r.limit).toBe(10);
    for (const n of candidates8) expect(svc.calls.filter((c) => c.length === 1 && c[0] === n).length).toBe(2);
    // A new user's first check against such a service (the app asks the 8 unconfirmed names last).
    expect(r.requests).toBe(35);
  });
  it('size limit 10, opaque, refused names spread through the list (no long list of offered names refused while settling): the limit is still found', async () => {
    const svc = strictService(offered28, { style: 'opaque', limit: 10 });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual(refused8);
    expect(r.limit).toBe(10);
    expect(r.requests).toBe(svc.calls.length);
    // The 28 offered names together, refused: then the bisection.
    expect(svc.calls.filter((c) => c.length === 28)).toHaveLength(2);
  });
  it('a single transient "Bad Request" on a list of good names marks nothing refused', async () => {
    const svc = strictService(names36, { style: 'opaque', transient: [1] });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual([]);
    expect(r.offered).toEqual(names36);
    expect(r.limit).toBeNull();
    // The whole list refused once, both halves taken, the whole list asked again and taken.
    expect(svc.calls.map((c) => c.length)).toEqual([36, 18, 18, 36]);
  });
  it('a transient "Bad Request" on the last good name asked alone does not make it refused', async () => {
    // m3 is the one refused name; the splitting then asks good names alone, and one of those answers is a transient 400.
    const offered = names36.filter((n) => n !== 'm3');
    const plain = strictService(offered, { style: 'opaque' });
    await discoverRefused(names36, plain);
    const firstAlone = plain.calls.findIndex((c) => c.length === 1 && c[0] !== 'm3');
    expect(firstAlone).toBeGreaterThan(0);
    const svc = strictService(offered, { style: 'opaque', transient: [firstAlone + 1] });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual(['m3']);
    expect(r.offered).toEqual(offered);
  });
  it('named errors: the named market is asked alone once more before it is called refused', async () => {
    const svc = strictService(offered28, { style: 'named' });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual(refused8);
    expect(r.offered).toEqual(offered28);
    expect(r.limit).toBeNull();
    // One request per refused name plus the one that passes, then each refused name alone.
    expect(r.requests).toBe(9 + 8);
    for (const n of refused8) expect(svc.calls.some((c) => c.length === 1 && c[0] === n)).toBe(true);
  });
  it('named errors: a transient 400 naming a good market does not make it refused', async () => {
    const svc = strictService(names36, { style: 'named', transient: [1] });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual([]);
    expect(r.offered).toEqual(names36);
    expect(r.requests).toBe(3);
  });
  it('named errors and a size limit of 10', async () => {
    const svc = strictService(published28, { style: 'named', limit: 10 });
    const r = await discoverRefused(names36, svc);
    expect(r.refused).toEqual(candidates8);
    expect(r.limit).toBe(10);
    expect(r.requests).toBe(27);
  });
  it('a limit learned before: asked in pieces of that size from the start, and checked with one request', async () => {
    const svc = strictService(names36, { style: 'opaque', limit: 10 });
    const r = await discoverRefused(names36, svc, { limit: 10 });
    expect(r.limit).toBe(10);
    expect(r.refused).toEqual([]);
    expect(svc.calls.every((c) => c.length <= 11)).toBe(true);
    expect(r.requests).toBe(4 + 1);
  });
  it('a limit learned before that the service has since raised is dropped', async () => {
    const svc = strictService(names36, { style: 'opaque' });
    const r = await discoverRefused(names36, svc, { limit: 10 });
    expect(r.limit).toBeNull();
    expect(r.refused).toEqual([]);
  });
});
