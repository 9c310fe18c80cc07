import { describe, expect, it } from 'vitest';
import { ask, snapshotOf } from '../../../market/model/test-helpers';
import { TRUST_FLAG, type TrustData } from '../../../market/trust/types';
import type { Snapshot } from '../../../market/model/snapshot';
import { step } from './evaluate';
import { firingQuoteText } from './describe';
import { marksOf, observe } from './observe';
import { ITEM, T0, alertOf } from './test-helpers';
import {
  AlertStateSchema,
  DEFAULT_HOLD_POLLS,
  MINUTE,
  freshState,
  type Alert,
  type AlertState,
  type Firing,
} from './types';

const SRC = 'demo';
const MONEY = { decimals: 2, symbol: '$' } as const;
const MARKETS = ['steam', 'buff163', 'skinport'];

/** Hand-made trust for a snapshot: every ask unchanged since `changedAt`, with flags per market. */
function withTrust(s: Snapshot, flags: Record<string, number> = {}, changedAt = NaN, at = T0): Snapshot {
  const cells = s.n * s.askMarkets.length;
  const askFlags = new Uint8Array(cells);
  s.askMarkets.forEach((m, k) => {
    for (let i = 0; i < s.n; i++) askFlags[i * s.askMarkets.length + k] = flags[m] ?? 0;
  });
  const trust: TrustData = {
    game: s.game,
    at,
    polls: 10,
    askChangedAt: new Float64Array(cells).fill(changedAt),
    askFirstSeenAt: new Float64Array(cells).fill(NaN),
    askLastQuotedAt: new Float64Array(cells).fill(at),
    bidChangedAt: new Float64Array(s.n * s.bidMarkets.length).fill(NaN),
    askFlags,
    bidFlags: new Uint8Array(s.n * s.bidMarkets.length),
    stalls: [],
  };
  return { ...s, trust };
}

function snap(buff: number, flags: Record<string, number> = {}, changedAt = NaN): Snapshot {
  return withTrust(
    snapshotOf(
      [{ market_hash_name: ITEM, prices: [ask('steam', 12_000), ask('buff163', buff), ask('skinport', 11_000)] }],
      [],
      MARKETS,
      [],
    ),
    flags,
    changedAt,
  );
}

/** Checks the alert against each snapshot, one a minute; the indexes that fired. */
function run(
  alert: Alert,
  snaps: Snapshot[],
  marks?: (item: number) => number | null,
): { fired: number[]; state: AlertState } {
  let state = freshState(alert.id, SRC);
  const fired: number[] = [];
  snaps.forEach((s, i) => {
    const r = step(alert, state, observe(s, alert, {}, marks), T0 + i * MINUTE, SRC);
    state = AlertStateSchema.parse(r.state);
    if (r.fired) fired.push(i);
  });
  return { fired, state };
}

describe('alerts that do not fire on noise', () => {
  const below10 = (over: Partial<Alert> = {}) =>
    alertOf({ kind: 'ask-below', price: 10_000 }, { holdPolls: DEFAULT_HOLD_POLLS, requireTrusted: true, ...over });

  it('a dip for one poll does not fire when the condition must hold over 2 polls', () => {
    expect(run(below10(), [snap(10_500), snap(9_500), snap(10_500), snap(10_400)]).fired).toEqual([]);
  });

  it('fires at the second poll in a row past the line, once', () => {
    expect(run(below10(), [snap(10_500), snap(9_500), snap(9_400), snap(9_300)]).fired).toEqual([2]);
    // Held over 1 poll: the first poll past the line fires.
    expect(run(below10({ holdPolls: 1 }), [snap(10_500), snap(9_500), snap(9_400)]).fired).toEqual([1]);
  });

  it('an outlier quote does not fire when a trusted quote is required; it does when not', () => {
    const low = { buff163: TRUST_FLAG.outlierLow };
    const seq = [snap(10_500), snap(5_000, low), snap(5_000, low), snap(5_000, low)];
    const trusted = run(below10(), seq);
    expect(trusted.fired).toEqual([]);
    // The best trusted ask is skinport's 11.000: no crossing at all.
    expect(trusted.state.lastValue).toBe(11_000);
    expect(trusted.state.lastMarket).toBe('skinport');
    expect(run(below10({ requireTrusted: false }), seq).fired).toEqual([2]);
  });

  it('a quote of a stalled market does not fire it; on that one market the alert waits, saying why', () => {
    const stalled = { buff163: TRUST_FLAG.stalledMarket };
    const one = below10({ market: 'buff163' });
    const r = run(one, [snap(10_500), snap(9_000, stalled), snap(9_000, stalled)]);
    expect(r.fired).toEqual([]);
    expect(r.state.missing).toBe('untrusted');
    expect(r.state.held).toBe(0);
  });

  it('with the switch that counts stalled markets on, their quotes fire it; outliers still do not', () => {
    const one = below10({ market: 'buff163' });
    const stalled = { buff163: TRUST_FLAG.stalledMarket };
    expect(observe(snap(9_000, stalled), one, {}, undefined, { includeStalled: true })).toMatchObject({
      value: 9_000,
      market: 'buff163',
    });
    expect(
      observe(snap(9_000, { buff163: TRUST_FLAG.outlierLow }), one, {}, undefined, { includeStalled: true }),
    ).toMatchObject({ missing: 'untrusted' });
  });

  it("mark crosses: the item's mark price against a line, above or below", () => {
    const alert = alertOf({ kind: 'mark', price: 10_000, direction: 'below' }, { holdPolls: 2, requireTrusted: true });
    const marks = [10_300, 9_800, 9_700, 9_600];
    let i = 0;
    const seq = marks.map(() => snap(10_500));
    const r = run(alert, seq, () => marks[i++] ?? null);
    expect(r.fired).toEqual([2]);
    expect(r.state.lastMarket).toBeNull();
    // No mark (no trusted quote): nothing observed.
    expect(observe(snap(10_500), alert, {}, () => null).missing).toBe('price');
  });

  it('the observation carries the age of the quote behind it, from the trust data', () => {
    const obs = observe(snap(9_000, {}, T0 - 12 * MINUTE), below10(), {});
    expect(obs).toMatchObject({ value: 9_000, market: 'buff163', changedAt: T0 - 12 * MINUTE });
    expect(observe(snap(9_000), below10(), {}).changedAt).toBeNull();
  });
});

describe('the history says which quote fired it and its age', () => {
  const nameOf = (s: string) => (s === 'buff163' ? 'Buff163' : s);
  const firing = (quote: Firing['quote'], at = T0): Pick<Firing, 'at' | 'quote' | 'condition'> => ({
    at,
    quote,
    condition: { kind: 'ask-below', price: 10_000 },
  });

  it('market, price and how long the quote had stood', () => {
    expect(
      firingQuoteText(firing({ market: 'buff163', price: 9_500, changedAt: T0 - 12 * MINUTE }), nameOf, MONEY),
    ).toBe('Buff163 at $9.50, unchanged for 12 min');
    expect(
      firingQuoteText(firing({ market: 'buff163', price: 9_500, changedAt: T0 - 190 * MINUTE }), nameOf, MONEY),
    ).toBe('Buff163 at $9.50, unchanged for 3 h 10 min');
  });

  it('says "age unknown yet" before enough polls, and names the mark', () => {
    expect(firingQuoteText(firing({ market: 'buff163', price: 9_500, changedAt: null }), nameOf, MONEY)).toBe(
      'Buff163 at $9.50, age unknown yet',
    );
    expect(
      firingQuoteText(
        {
          at: T0,
          quote: { market: null, price: 9_700, changedAt: null },
          condition: { kind: 'mark', price: 10_000, direction: 'below' },
        },
        nameOf,
        MONEY,
      ),
    ).toBe('the mark at $9.70');
    // A firing recorded before quotes were kept says nothing of it.
    expect(firingQuoteText(firing(null), nameOf, MONEY)).toBeNull();
  });
});

describe('the mark an alert watches', () => {
  it("is the snapshot's mark from its trusted quotes, net or not as the alert asks", () => {
    const alert = alertOf({ kind: 'mark', price: 10_000, direction: 'below' });
    // Asks 12.000, 20.000 (flagged high) and 11.000, one offer each: the median of the trusted two is 11.000.
    expect(observe(snap(20_000, { buff163: TRUST_FLAG.outlierHigh }), alert, {}, undefined)).toMatchObject({
      missing: 'price',
    });
    const flagged = snap(20_000, { buff163: TRUST_FLAG.outlierHigh });
    expect(observe(flagged, alert, {}, marksOf(flagged, {}))).toMatchObject({ value: 11_000, market: null });
    const plain = snap(20_000);
    expect(observe(plain, alert, {}, marksOf(plain, {}))).toMatchObject({ value: 12_000 });
    const fees = { skinport: { buyBps: 1000, sellBps: 0 } };
    // Net: skinport's 11.000 costs 12.100 with its buyer fee; the median of 12.000 and 12.100 (lower) is 12.000.
    expect(observe(flagged, { ...alert, net: true }, fees, marksOf(flagged, fees))).toMatchObject({ value: 12_000 });
  });
});
