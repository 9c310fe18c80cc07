/**
 * Finding which market names a service refuses, and how many names it takes in one request. The spec
 * counts names but publishes none, and gives no limit on the size of the `markets` list nor any error shape
 * (shared/catalog/markets.ts, spec section 8), so services differ. One request naming several markets is
 * refused whole when any name is unknown, and some services also refuse a list that is merely long (a
 * size limit), or answer a request with a 400 now and then for no reason of the request's own. So:
 *  - a success settles every name asked: offered (a service never accepts an unknown name by accident);
 *  - a refusal is evidence against a name only when that name was the only unconfirmed one asked, in a
 *    request no longer than one the service has taken; a name is called refused only once two refusals
 *    count against it, one of them with it asked alone. An error that names the market (refused-names.ts)
 *    counts as one refusal of that name, so it is asked alone once more. Nothing is concluded about a name
 *    that was never asked alone;
 *  - an opaque refusal ("Bad Request") of a group is settled by asking both halves (as in binary
 *    splitting; Hwang 1972, "A method for detecting all defective members in a population by group
 *    testing"), never by concluding that the half left over must hold the refused name;
 *  - a refused list whose names all turn out offered says the service has a size limit (or the refusal
 *    was transient): from then on lists are asked in pieces the service has taken, and once every name is
 *    settled, the largest list it takes is found by bisection between the longest list taken and the
 *    shortest list of offered names refused, the bound seen refused twice. When a refusal named nothing
 *    and no list as long as all the offered names was taken, all of them are asked once.
 * A probe is a real request of the operation (each one a whole-catalog request against the user's quota);
 * probe.ts cancels a success after its first bytes, so the answers cost little download. Errors other than
 * "invalid input" (offline, 401, 500) end discovery: they say nothing about names.
 */

export type ProbeOutcome = { ok: true } | { ok: false; named: readonly string[] };
/** Asks the service with exactly these names; a refusal as invalid input is { ok: false }, anything else throws. */
export type Probe = (names: readonly string[], signal?: AbortSignal) => Promise<ProbeOutcome>;

export interface DiscoveryResult {
  offered: string[];
  refused: string[];
  /** Probes sent. */
  requests: number;
  /** The most names the service takes in one request, when it refused a longer list of offered names (twice); null: no limit seen. */
  limit: number | null;
}

export interface DiscoverOptions {
  signal?: AbortSignal;
  /** The refusal that started discovery (no need to ask for the whole list again). */
  first?: ProbeOutcome;
  /** A limit learned before: lists are asked in pieces of this size, and the limit checked with one request. */
  limit?: number | null;
  /** Called after each probe with what is known so far. */
  onProgress?(p: { requests: number; refused: readonly string[] }): void;
}

/** Refusals that must count against a name before it is called refused. */
export const REFUSALS_TO_CONCLUDE = 2;
/** A bound on the bisection for the size limit (it needs about log2(names) steps). */
const MAX_LIMIT_STEPS = 24;

export async function discoverRefused(names: readonly string[], probe: Probe, opts: DiscoverOptions = {}): Promise<DiscoveryResult> {
  const list = [...new Set(names)];
  const good = new Set<string>();
  /** Refusals counted against each name, and the names refused while asked alone. */
  const against = new Map<string, number>();
  const alone = new Set<string>();
  /** Names that a refusal pointed at, to be asked alone until settled. */
  const suspects = new Set<string>();
  /** Every list refused without a name (its size is evidence of a limit once all its names are offered). */
  const refusedLists: Array<readonly string[]> = [];
  let okMax = 0;
  let requests = 0;
  // A limit learned before counts as one refusal of a list one longer.
  const hint = opts.limit != null && opts.limit >= 1 ? opts.limit : null;

  const isRefused = (n: string) => !good.has(n) && alone.has(n) && (against.get(n) ?? 0) >= REFUSALS_TO_CONCLUDE;
  const refusedNow = () => list.filter(isRefused);
  /** Sizes of refused lists of offered names longer than any list taken, shortest first (with the hint's). */
  const sizeRefusals = (): number[] => {
    const sizes = refusedLists.filter((l) => l.length > okMax && l.every((n) => good.has(n))).map((l) => l.length);
    if (hint !== null && hint + 1 > okMax) sizes.push(hint + 1);
    return sizes.sort((a, b) => a - b);
  };
  /** The longest list to ask while settling names: any, until a size limit is suspected. */
  const cap = (): number => (sizeRefusals().length > 0 ? Math.max(1, okMax, hint ?? 0) : Infinity);

  const ask = async (sub: readonly string[]): Promise<ProbeOutcome> => {
    opts.signal?.throwIfAborted();
    const out = await probe(sub, opts.signal);
    requests++;
    if (out.ok) {
      for (const n of sub) {
        good.add(n);
        suspects.delete(n);
      }
      okMax = Math.max(okMax, sub.length);
    } else {
      const open = sub.filter((n) => !good.has(n));
      const named = out.named.filter((n) => open.includes(n));
      for (const n of named) against.set(n, (against.get(n) ?? 0) + 1);
      const only = open.length === 1 ? open[0]! : null;
      if (only !== null && sub.length <= Math.max(1, okMax)) {
        alone.add(only);
        if (!named.includes(only)) against.set(only, (against.get(only) ?? 0) + 1);
      }
      if (named.length === 0) refusedLists.push([...sub]);
    }
    opts.onProgress?.({ requests, refused: refusedNow() });
    return out;
  };
  const named = (sub: readonly string[], out: ProbeOutcome) => (out.ok ? [] : out.named.filter((n) => sub.includes(n) && !good.has(n)));
  const open = (group: readonly string[]) => group.filter((n) => !good.has(n) && !suspects.has(n));

  /** Settles every name of `group`: offered, or a suspect. `refused`: the group was just refused as it is. */
  const settle = async (group: readonly string[], refused: ProbeOutcome | null): Promise<void> => {
    let left = open(group);
    if (left.length === 0) return;
    if (refused === null) {
      const c = cap();
      if (left.length > c) {
        for (let i = 0; i < left.length; i += c) await settle(left.slice(i, i + c), null);
        return;
      }
      refused = await ask(left);
      if (refused.ok) return;
    }
    // A service that names what it refuses is asked again without those names.
    const blamed = named(left, refused);
    if (blamed.length > 0) {
      for (const n of blamed) suspects.add(n);
      left = open(left);
      if (left.length > 0) await settle(left, null);
      return;
    }
    if (left.length === 1) {
      suspects.add(left[0]!);
      return;
    }
    // Both halves are asked: a refusal of the whole may have been its size, or transient.
    const half = Math.ceil(left.length / 2);
    await settle(left.slice(0, half), null);
    await settle(left.slice(half), null);
  };

  if (opts.first && !opts.first.ok) {
    // The refusal that started discovery counts like one of ours.
    const blamed = opts.first.named.filter((n) => list.includes(n));
    for (const n of blamed) against.set(n, (against.get(n) ?? 0) + 1);
    if (blamed.length === 0) refusedLists.push(list);
    await settle(list, opts.first);
  } else {
    await settle(list, null);
  }

  // Each suspect asked alone until it is offered or refused twice (at most REFUSALS_TO_CONCLUDE requests).
  for (const n of list) {
    while (suspects.has(n) && !isRefused(n)) await ask([n]);
  }

  // The size limit: bisection between the longest list taken and the shortest list of offered names refused.
  let limit: number | null = null;
  const offered = list.filter((n) => good.has(n));
  for (let step = 0; step < MAX_LIMIT_STEPS; step++) {
    const sizes = sizeRefusals();
    const hi = sizes[0];
    if (hi === undefined) {
      // Nothing yet says the service takes every offered name at once, and a refusal that named nothing
      // may have been of a list too long as well as of a refused name: all of them asked once, so that a
      // limit is found now, not by the next load.
      if (refusedLists.length > 0 && okMax < offered.length) {
        const out = await ask(offered);
        if (!out.ok) continue;
      }
      break;
    }
    if (hi > offered.length) break;
    if (hi === okMax + 1 && sizes.filter((s) => s === hi).length >= REFUSALS_TO_CONCLUDE) {
      limit = okMax;
      break;
    }
    // A lone refusal may have been transient: that list is asked again before any bisection.
    const size = hi === okMax + 1 || sizes.length === 1 ? hi : Math.floor((okMax + hi) / 2);
    await ask(offered.slice(0, size));
  }
  const refused = refusedNow();
  return { offered: list.filter((n) => !refused.includes(n)), refused, requests, limit };
}
