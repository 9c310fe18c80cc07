import { describe, expect, it } from 'vitest';
import { ask, order, snapshotOf } from '../../../market/model/test-helpers';
import { changeOf, initialState, isSilenced, rearmLevel, step, updateWindow, type Observation } from './evaluate';
import { conditionText, rearmText } from './describe';
import { observe } from './observe';
import { T0, alertOf } from './test-helpers';
import { AlertStateSchema, HOUR, MINUTE, freshState, type Alert, type AlertState } from './types';

const SRC = 'live|https://api.example.com';

const at = (v: number | null): Observation => ({
  value: v,
  price: v,
  market: v === null ? null : 'buff163',
  missing: v === null ? 'price' : null,
});

/** Runs a price sequence (one check a minute from T0) and returns the indexes that fired. */
function run(
  alert: Alert,
  values: Array<number | null>,
  start: AlertState = freshState(alert.id, SRC),
  stepMs = MINUTE,
): { fired: number[]; state: AlertState } {
  let state = start;
  const fired: number[] = [];
  values.forEach((v, i) => {
    const r = step(alert, state, at(v), T0 + i * stepMs, SRC);
    state = AlertStateSchema.parse(r.state);
    if (r.fired) fired.push(i);
  });
  return { fired, state };
}

describe('step: crossings, hysteresis, cool-down', () => {
  const below10 = alertOf({ kind: 'ask-below', price: 10_000 });

  it('fires once when the ask crosses below the line', () => {
    const { fired, state } = run(below10, [10_500, 10_200, 9_900, 9_800, 9_700]);
    expect(fired).toEqual([2]);
    expect(state.armed).toBe(false);
    expect(state.lastFiredAt).toBe(T0 + 2 * MINUTE);
    expect(state.lastValue).toBe(9_700);
  });

  it('flapping around the line within the hysteresis band does not fire again', () => {
    // Band: 1 % of $10.00 = $0.10, so it re-arms only at >= $10.10.
    expect(rearmLevel(below10)).toBe(10_100);
    const { fired } = run(below10, [10_500, 9_990, 10_000, 9_995, 10_050, 9_980, 10_099, 9_900]);
    expect(fired).toEqual([1]);
  });

  it('re-arms after moving back past the line by the band, then fires on the next crossing', () => {
    const { fired } = run(below10, [10_500, 9_900, 10_100, 9_999, 10_200, 10_300, 9_000]);
    expect(fired).toEqual([1, 3, 6]);
  });

  it('a value on the line is not past it', () => {
    expect(run(below10, [10_500, 10_000, 10_000]).fired).toEqual([]);
    const above = alertOf({ kind: 'bid-above', price: 5_000 });
    expect(run(above, [4_000, 5_000, 5_001]).fired).toEqual([2]);
  });

  it('does not fire when the value is already past the line when first seen; waits for a real crossing', () => {
    const { fired } = run(below10, [9_000, 9_100, 9_900, 10_200, 9_950]);
    expect(fired).toEqual([4]);
  });

  it('a missing price keeps the arming as it was (no fire from a gap, none lost either)', () => {
    const { fired, state } = run(below10, [10_500, null, null, 9_900, null, 10_500, null, 9_800]);
    expect(fired).toEqual([3, 7]);
    expect(state.lastValue).toBe(9_800);
  });

  it('cool-down: a new crossing within it waits, and fires once it is over if still past the line', () => {
    const cooled = alertOf({ kind: 'ask-below', price: 10_000 }, { cooldownMs: 15 * MINUTE });
    // One check a minute: fires at 1, re-arms at 2, crosses again at 3 (cooling), still below until 16.
    const values = [10_500, 9_900, 10_200, ...Array.from({ length: 14 }, () => 9_950)];
    const { fired } = run(cooled, values);
    expect(fired).toEqual([1, 16]);
    // Back above before the cool-down ends: nothing more.
    const { fired: f2 } = run(cooled, [
      10_500,
      9_900,
      10_200,
      9_950,
      10_200,
      10_300,
      ...Array.from({ length: 20 }, () => 10_300),
    ]);
    expect(f2).toEqual([1]);
  });

  it('hysteresis as an amount, and for bids and spreads (above the line)', () => {
    const bid = alertOf({ kind: 'bid-above', price: 8_000 }, { hysteresis: { unit: 'amount', value: 500 } });
    expect(rearmLevel(bid)).toBe(7_500);
    expect(run(bid, [7_000, 8_100, 7_900, 8_200, 7_500, 8_001]).fired).toEqual([1, 5]);
    const spread = alertOf(
      { kind: 'spread-above', unit: 'money', value: 0 },
      { hysteresis: { unit: 'amount', value: 100 } },
    );
    expect(run(spread, [-300, 50, -50, 10, -100, 1]).fired).toEqual([1, 5]);
    expect(rearmText(spread, { decimals: 2, symbol: '$' })).toBe('the spread is back at or below -$0.10');
  });

  it('another data source starts afresh, without firing on the jump', () => {
    let state = run(below10, [10_500]).state;
    const r = step(below10, state, at(5_000), T0 + MINUTE, 'demo');
    expect(r.fired).toBe(false);
    expect(r.state.source).toBe('demo');
    expect(r.state.armed).toBe(false); // already past the line on the new source
    state = r.state;
    expect(step(below10, state, at(4_000), T0 + 2 * MINUTE, 'demo').fired).toBe(false);
  });

  it('initialState arms from what the user saw when saving', () => {
    expect(initialState(below10, at(10_500), T0, SRC).armed).toBe(true);
    expect(initialState(below10, at(9_500), T0, SRC).armed).toBe(false);
    expect(initialState(below10, null, T0, SRC).armed).toBeNull();
  });
});

describe('unstable items', () => {
  it('isSilenced only for alerts that ask for it, and only with known reasons', () => {
    const quiet = alertOf({ kind: 'ask-below', price: 10_000 }, { silentWhenUnstable: true });
    const loud = alertOf({ kind: 'ask-below', price: 10_000 });
    expect(isSilenced(quiet, ['NOT_POPULAR'])).toBe(true);
    expect(isSilenced(quiet, [])).toBe(false);
    expect(isSilenced(quiet, null)).toBe(false);
    expect(isSilenced(loud, ['NOT_POPULAR', 'NO_ORDERS'])).toBe(false);
  });
});

describe('change within a window', () => {
  it('keeps change points in the window plus the one holding at its start', () => {
    let w = updateWindow([], T0, 100, HOUR);
    w = updateWindow(w, T0 + 10 * MINUTE, 100, HOUR);
    expect(w).toEqual([[T0, 100]]);
    w = updateWindow(w, T0 + 20 * MINUTE, 120, HOUR);
    w = updateWindow(w, T0 + 70 * MINUTE, 110, HOUR);
    // T0's point still holds at the window start (T0 + 10 min).
    expect(w).toEqual([
      [T0, 100],
      [T0 + 20 * MINUTE, 120],
      [T0 + 70 * MINUTE, 110],
    ]);
    w = updateWindow(w, T0 + 90 * MINUTE, 110, HOUR);
    expect(w).toEqual([
      [T0 + 20 * MINUTE, 120],
      [T0 + 70 * MINUTE, 110],
    ]);
    expect(changeOf(w, 110, 'down')).toBeCloseTo((10 / 120) * 100, 10);
    expect(changeOf(w, 110, 'up')).toBe(0);
    expect(changeOf([[T0, 100]], 90, 'either')).toBeCloseTo(10, 10);
    // A clock set back starts afresh.
    expect(updateWindow(w, T0, 50, HOUR)).toEqual([[T0, 50]]);
  });

  it('fires when the price rises more than N % within the window, once, and re-arms as the low leaves it', () => {
    const up = alertOf(
      { kind: 'change', percent: 10, windowMs: HOUR, direction: 'up', side: 'ask' },
      { hysteresis: { unit: 'amount', value: 2 } },
    );
    // One check every 10 minutes.
    const prices = [1_000, 1_020, 1_120, 1_130, 1_110, 1_120, 1_125, 1_130, 1_130, 1_250];
    const { fired, state } = run(up, prices, undefined, 10 * MINUTE);
    // 1_120 is +12 % over 1_000: fires at 2. The 1_000 point leaves the window after an hour (check 7:
    // lowest is then 1_110, +1.8 %), so it re-arms, and +12.6 % over 1_110 at 9 fires again.
    expect(fired).toEqual([2, 9]);
    expect(state.lastValue).toBeCloseTo(((1_250 - 1_110) / 1_110) * 100, 10);
    expect(conditionText(up.condition, false, { decimals: 2, symbol: '$' })).toBe('Ask up more than 10% within 1 h');
  });
});

describe('observe: the alert’s value in a snapshot', () => {
  const snap = snapshotOf(
    [
      {
        market_hash_name: 'AK-47 | Redline (Field-Tested)',
        prices: [ask('steam', 12_000), ask('buff163', 10_000), ask('csfloat', 10_400)],
      },
      { market_hash_name: 'Only Steam', prices: [ask('steam', 3_000)] },
    ],
    [{ market_hash_name: 'AK-47 | Redline (Field-Tested)', orders: [order('steam', 9_000), order('buff163', 9_800)] }],
    ['steam', 'buff163', 'csfloat'],
    ['steam', 'buff163'],
  );
  const item = 'AK-47 | Redline (Field-Tested)';
  const fees = { buff163: { buyBps: 250, sellBps: 250 } };

  it('best ask and bid across the markets, or on one; net of fees when asked', () => {
    const a = alertOf({ kind: 'ask-below', price: 1 });
    expect(observe(snap, a, {})).toEqual({
      value: 10_000,
      price: 10_000,
      market: 'buff163',
      missing: null,
      changedAt: null,
    });
    expect(observe(snap, { ...a, market: 'csfloat' }, {})).toMatchObject({ value: 10_400, market: 'csfloat' });
    expect(observe(snap, { ...a, net: true }, fees)).toMatchObject({ value: 10_250, market: 'buff163' });
    const b = alertOf({ kind: 'bid-above', price: 1 });
    expect(observe(snap, b, {})).toMatchObject({ value: 9_800, market: 'buff163' });
    expect(observe(snap, { ...b, net: true }, fees)).toMatchObject({ value: 9_555, market: 'buff163' });
  });

  it('spread as the grid: best bid − best ask, in money or % of the ask; one market uses its own pair', () => {
    const s = alertOf({ kind: 'spread-above', unit: 'money', value: 0 });
    expect(observe(snap, s, {})).toMatchObject({ value: -200, market: 'buff163→buff163' });
    expect(observe(snap, { ...s, market: 'steam' }, {})).toMatchObject({ value: -3_000, market: 'steam' });
    const p = alertOf({ kind: 'spread-above', unit: 'percent', value: 0 });
    expect(observe(snap, p, {}).value).toBeCloseTo(-2, 10);
  });

  it('says why there is no value: item not loaded, market not loaded, no price', () => {
    const a = alertOf({ kind: 'ask-below', price: 1 });
    expect(observe(snap, { ...a, item: 'Nope' }, {}).missing).toBe('item');
    expect(observe(snap, { ...a, market: 'skinport' }, {}).missing).toBe('market');
    // csfloat has asks but no buy orders loaded: a spread there can't be computed.
    expect(
      observe(snap, { ...alertOf({ kind: 'spread-above', unit: 'money', value: 0 }), market: 'csfloat' }, {}).missing,
    ).toBe('market');
    expect(observe(snap, { ...alertOf({ kind: 'bid-above', price: 1 }), item: 'Only Steam' }, {}).missing).toBe(
      'price',
    );
    expect(observe(snap, { ...a, item }, {}).missing).toBeNull();
  });
});
