/**
 * Finding which market names a service refuses, and how many names it takes in one request: the spec
 * publishes no names, no list limit and no error shape (shared/catalog/markets.ts, spec section 8), and a
 * request naming one unknown market is refused whole. A success settles every name asked; refusals count
 * against a name only when it was asked alone; an opaque refusal of a group is settled by asking both halves
 * (Hwang 1972, group testing); a size limit is found by bisection. Probes are real requests, cancelled
 * after their first bytes (probe.ts). The rules in full: README.md, "Discovery (discovery.ts)".
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

export async function discoverRefused(
  names: readonly string[],
  probe: Probe,
  opts: DiscoverOptions = {},
): Promise<DiscoveryResult> {
  return new Discovery(names, probe, opts).run();
}

/** One discovery: what each probe has said so far about names and list sizes. */
class Discovery {
  private readonly list: string[];
  private readonly good = new Set<string>();
  /** Refusals counted against each name, and the names refused while asked alone. */
  private readonly against = new Map<string, number>();
  private readonly alone = new Set<string>();
  /** Names that a refusal pointed at, to be asked alone until settled. */
  private readonly suspects = new Set<string>();
  /** Every list refused without a name (its size is evidence of a limit once all its names are offered). */
  private readonly refusedLists: Array<readonly string[]> = [];
  private okMax = 0;
  private requests = 0;
  /** A limit learned before counts as one refusal of a list one longer. */
  private readonly hint: number | null;

  constructor(
    names: readonly string[],
    private readonly probe: Probe,
    private readonly opts: DiscoverOptions,
  ) {
    this.list = [...new Set(names)];
    this.hint = opts.limit != null && opts.limit >= 1 ? opts.limit : null;
  }

  async run(): Promise<DiscoveryResult> {
    const { first } = this.opts;
    if (first && !first.ok) {
      // The refusal that started discovery counts like one of ours.
      const blamed = first.named.filter((n) => this.list.includes(n));
      for (const n of blamed) this.blame(n);
      if (blamed.length === 0) this.refusedLists.push(this.list);
      await this.settle(this.list, first);
    } else {
      await this.settle(this.list, null);
    }
    // Each suspect asked alone until it is offered or refused twice (at most REFUSALS_TO_CONCLUDE requests).
    for (const n of this.list) {
      while (this.suspects.has(n) && !this.isRefused(n)) await this.ask([n]);
    }
    const limit = await this.findLimit();
    const refused = this.refusedNow();
    return { offered: this.list.filter((n) => !refused.includes(n)), refused, requests: this.requests, limit };
  }

  private blame(n: string): void {
    this.against.set(n, (this.against.get(n) ?? 0) + 1);
  }

  private isRefused(n: string): boolean {
    return !this.good.has(n) && this.alone.has(n) && (this.against.get(n) ?? 0) >= REFUSALS_TO_CONCLUDE;
  }

  private refusedNow(): string[] {
    return this.list.filter((n) => this.isRefused(n));
  }

  /** Sizes of refused lists of offered names longer than any list taken, shortest first (with the hint's). */
  private sizeRefusals(): number[] {
    const sizes = this.refusedLists
      .filter((l) => l.length > this.okMax && l.every((n) => this.good.has(n)))
      .map((l) => l.length);
    if (this.hint !== null && this.hint + 1 > this.okMax) sizes.push(this.hint + 1);
    return sizes.sort((a, b) => a - b);
  }

  /** The longest list to ask while settling names: any, until a size limit is suspected. */
  private cap(): number {
    return this.sizeRefusals().length > 0 ? Math.max(1, this.okMax, this.hint ?? 0) : Infinity;
  }

  private async ask(sub: readonly string[]): Promise<ProbeOutcome> {
    this.opts.signal?.throwIfAborted();
    const out = await this.probe(sub, this.opts.signal);
    this.requests++;
    if (out.ok) {
      for (const n of sub) {
        this.good.add(n);
        this.suspects.delete(n);
      }
      this.okMax = Math.max(this.okMax, sub.length);
    } else {
      this.countRefusal(sub, out.named);
    }
    this.opts.onProgress?.({ requests: this.requests, refused: this.refusedNow() });
    return out;
  }

  /** What one refusal says: against the names it named, and against a name asked alone in a list the service takes. */
  private countRefusal(sub: readonly string[], namedByService: readonly string[]): void {
    const open = sub.filter((n) => !this.good.has(n));
    const named = namedByService.filter((n) => open.includes(n));
    for (const n of named) this.blame(n);
    const only = open.length === 1 ? open[0]! : null;
    if (only !== null && sub.length <= Math.max(1, this.okMax)) {
      this.alone.add(only);
      if (!named.includes(only)) this.blame(only);
    }
    if (named.length === 0) this.refusedLists.push([...sub]);
  }

  private named(sub: readonly string[], out: ProbeOutcome): string[] {
    return out.ok ? [] : out.named.filter((n) => sub.includes(n) && !this.good.has(n));
  }

  private open(group: readonly string[]): string[] {
    return group.filter((n) => !this.good.has(n) && !this.suspects.has(n));
  }

  /** Settles every name of `group`: offered, or a suspect. `refused`: the group was just refused as it is. */
  private async settle(group: readonly string[], refused: ProbeOutcome | null): Promise<void> {
    let left = this.open(group);
    if (left.length === 0) return;
    if (refused === null) {
      const c = this.cap();
      if (left.length > c) {
        for (let i = 0; i < left.length; i += c) await this.settle(left.slice(i, i + c), null);
        return;
      }
      refused = await this.ask(left);
      if (refused.ok) return;
    }
    // A service that names what it refuses is asked again without those names.
    const blamed = this.named(left, refused);
    if (blamed.length > 0) {
      for (const n of blamed) this.suspects.add(n);
      left = this.open(left);
      if (left.length > 0) await this.settle(left, null);
      return;
    }
    if (left.length === 1) {
      this.suspects.add(left[0]!);
      return;
    }
    // Both halves are asked: a refusal of the whole may have been its size, or transient.
    const half = Math.ceil(left.length / 2);
    await this.settle(left.slice(0, half), null);
    await this.settle(left.slice(half), null);
  }

  /** The size limit: bisection between the longest list taken and the shortest list of offered names refused. */
  private async findLimit(): Promise<number | null> {
    const offered = this.list.filter((n) => this.good.has(n));
    for (let step = 0; step < MAX_LIMIT_STEPS; step++) {
      const sizes = this.sizeRefusals();
      const hi = sizes[0];
      if (hi === undefined) {
        // Nothing yet says the service takes every offered name at once, and a refusal that named nothing
        // may have been of a list too long as well as of a refused name: all of them asked once, so that a
        // limit is found now, not by the next load.
        if (this.refusedLists.length > 0 && this.okMax < offered.length) {
          const out = await this.ask(offered);
          if (!out.ok) continue;
        }
        return null;
      }
      if (hi > offered.length) return null;
      if (hi === this.okMax + 1 && sizes.filter((s) => s === hi).length >= REFUSALS_TO_CONCLUDE) return this.okMax;
      // A lone refusal may have been transient: that list is asked again before any bisection.
      const size = hi === this.okMax + 1 || sizes.length === 1 ? hi : Math.floor((this.okMax + hi) / 2);
      await this.ask(offered.slice(0, size));
    }
    return null;
  }
}
