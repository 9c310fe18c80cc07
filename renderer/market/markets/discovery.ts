/**
 * Finding which market names a service refuses. The spec counts names but publishes none, and services
 * differ (shared/catalog/markets.ts). One request naming several markets is refused whole when any name is
 * unknown, so:
 *  - when the refusal names the market (refused-names.ts), that name is dropped and the rest asked again;
 *  - when it does not ("Bad Request"), groups are tested as in Hwang's generalized binary splitting
 *    (Hwang 1972, "A method for detecting all defective members in a population by group testing"): a group
 *    of about (untested / expected refusals) names is asked; one that passes is settled at once, one that is
 *    refused is halved until one refused name stands alone. The expected number of refusals is estimated
 *    from what was found so far (a quarter to start), so a service that refuses most names is soon asked
 *    name by name instead of in groups.
 * A probe is a real request of the operation; probe.ts cancels a success after its first bytes, so the
 * answers cost little download. Errors other than "invalid input" (offline, 401, 500) end discovery: they
 * say nothing about names.
 */

export type ProbeOutcome = { ok: true } | { ok: false; named: readonly string[] };
/** Asks the service with exactly these names; a refusal as invalid input is { ok: false }, anything else throws. */
export type Probe = (names: readonly string[], signal?: AbortSignal) => Promise<ProbeOutcome>;

export interface DiscoveryResult {
  offered: string[];
  refused: string[];
  /** Probes sent. */
  requests: number;
}

export interface DiscoverOptions {
  signal?: AbortSignal;
  /** The refusal that started discovery (no need to ask for the whole list again). */
  first?: ProbeOutcome;
  /** Called after each probe with what is known so far. */
  onProgress?(p: { requests: number; refused: readonly string[] }): void;
}

export async function discoverRefused(names: readonly string[], probe: Probe, opts: DiscoverOptions = {}): Promise<DiscoveryResult> {
  const list = [...new Set(names)];
  const refused = new Set<string>();
  const good = new Set<string>();
  let requests = 0;
  const ask = async (sub: readonly string[]): Promise<ProbeOutcome> => {
    opts.signal?.throwIfAborted();
    const out = await probe(sub, opts.signal);
    requests++;
    if (out.ok) for (const n of sub) good.add(n);
    else for (const n of out.named) if (sub.includes(n)) refused.add(n);
    opts.onProgress?.({ requests, refused: [...refused] });
    return out;
  };
  // Only names of this very request count: a name from elsewhere would not shorten it (and would loop).
  const namedIn = (sub: readonly string[], out: ProbeOutcome) => !out.ok && out.named.some((n) => sub.includes(n));
  const open = () => list.filter((n) => !refused.has(n) && !good.has(n));
  /** Expected refusals among `left` names: the rate seen so far, with a prior of one in four. */
  const expected = (left: number) => Math.max(1, Math.round((left * (refused.size + 1)) / (refused.size + good.size + 4)));

  // `bad`: the open names are known to hold at least one refused name (a refusal named none of them).
  let bad = false;
  if (opts.first && !opts.first.ok) {
    for (const n of opts.first.named) if (list.includes(n)) refused.add(n);
    bad = !namedIn(list, opts.first);
  }
  let asked = bad || Boolean(opts.first && !opts.first.ok);
  for (let left = open(); left.length > 0; left = open()) {
    if (!asked) {
      // The whole list first: most of the time the service takes it.
      asked = true;
      const out = await ask(left);
      if (out.ok) break;
      bad = !namedIn(left, out);
      // A service that names what it refuses is simply asked again without those names.
      asked = bad;
      continue;
    }
    if (left.length === 1 && bad) {
      refused.add(left[0]!);
      break;
    }
    const d = expected(left.length);
    if (left.length <= 2 * d - 2) {
      // Dense: one name at a time; when all but the last pass and a refusal is known, the last is it.
      for (let i = 0; i < left.length; i++) {
        const n = left[i]!;
        if (bad && i === left.length - 1 && left.slice(0, -1).every((x) => good.has(x))) refused.add(n);
        else if (!(await ask([n])).ok) refused.add(n);
      }
      break;
    }
    const alpha = Math.max(0, Math.floor(Math.log2((left.length - d + 1) / d)));
    let group = left.slice(0, bad ? Math.min(2 ** alpha, Math.ceil(left.length / 2)) : 2 ** alpha);
    const out = await ask(group);
    // A group that passes is settled; the rest stays as it was (still holding a refused name when `bad`).
    if (out.ok) continue;
    const whole = group.length === left.length;
    if (namedIn(group, out)) {
      if (whole) bad = false;
      asked = false;
      continue;
    }
    // The group holds a refused name: halve it until one stands alone.
    while (group.length > 1) {
      const half = group.slice(0, Math.ceil(group.length / 2));
      const o = await ask(half);
      if (o.ok) group = group.slice(half.length);
      else if (namedIn(half, o)) {
        group = [];
        asked = false;
        break;
      } else group = half;
    }
    if (group.length === 1) refused.add(group[0]!);
    // What is left of the list is untested now: it may or may not hold another refused name.
    bad = false;
  }
  return { offered: list.filter((n) => !refused.has(n)), refused: list.filter((n) => refused.has(n)), requests };
}
