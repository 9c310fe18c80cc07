import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../../market/history/chunk-codec';
import { GameRecorder, type PollInput } from '../../../market/history/recorder';
import { sample } from '../../../market/history/sampling';
import { step } from './evaluate';
import { historyPrices, needsSeed, seedRead, seedWindow, withSeed, SEED_SLOTS, type HistorySample } from './seed';
import { T0, alertOf as changeAlert } from './test-helpers';
import { ANY_MARKET, DAY, HOUR, MINUTE, freshState, type Alert, type AlertState, type Condition } from './types';

const NONE = -2147483648;
const SRC = 'demo';

const change = (over: Partial<Extract<Condition, { kind: 'change' }>> = {}): Condition => ({
  kind: 'change',
  percent: 10,
  windowMs: HOUR,
  direction: 'either',
  side: 'ask',
  ...over,
});

const alertOf = (over: Partial<Alert> = {}): Alert => changeAlert(change(), over);

/** A sample as the history read gives it: slot end times and, per series, the values (NaN: none). */
function sampleOf(times: number[], series: Record<string, number[]>): HistorySample {
  return { times, series: Object.keys(series), values: Object.values(series) };
}

const LOADED = { askMarkets: ['steam', 'buff163'], bidMarkets: ['steam', 'csfloat'] };

describe('seedRead', () => {
  it('reads the window and one slot before it, so the first slot ends at the window start', () => {
    const r = seedRead(alertOf(), LOADED, T0)!;
    expect(r).toEqual({
      from: T0 - HOUR - HOUR / SEED_SLOTS,
      to: T0,
      slots: SEED_SLOTS + 1,
      markets: ['steam', 'buff163'],
      keys: ['a:steam', 'a:buff163'],
    });
    expect(r.from + (r.to - r.from) / r.slots).toBe(T0 - HOUR);
    expect(seedRead(alertOf({ market: 'csfloat', condition: change({ side: 'bid' }) }), LOADED, T0)?.keys).toEqual([
      'b:csfloat',
    ]);
    expect(seedRead(alertOf({ market: ANY_MARKET, condition: change({ side: 'bid' }) }), LOADED, T0)?.keys).toEqual([
      'b:steam',
      'b:csfloat',
    ]);
    expect(seedRead(alertOf({ condition: { kind: 'ask-below', price: 1000 } }), LOADED, T0)).toBeNull();
  });
});

describe('historyPrices: the alert’s price at each history time, as observe() forms it', () => {
  const times = [T0 - HOUR, T0 - 40 * MINUTE, T0 - 20 * MINUTE, T0];
  const h = sampleOf(times, {
    'a:steam': [10_000, 10_000, NaN, 9_000],
    'a:buff163': [10_500, 9_500, 9_800, NaN],
    'a:csfloat': [1_000, 1_000, 1_000, 1_000], // not a loaded market
  });

  it('one market: its series; no price, no point', () => {
    expect(historyPrices(alertOf({ market: 'steam' }), h, ['steam'], {})).toEqual([
      [T0 - HOUR, 10_000],
      [T0 - 40 * MINUTE, 10_000],
      [T0, 9_000],
    ]);
  });

  it('any market: the lowest ask over the loaded markets only', () => {
    expect(historyPrices(alertOf(), h, ['steam', 'buff163'], {})).toEqual([
      [T0 - HOUR, 10_000],
      [T0 - 40 * MINUTE, 9_500],
      [T0 - 20 * MINUTE, 9_800],
      [T0, 9_000],
    ]);
  });

  it('net: each market net of its own fee before the best is taken', () => {
    // Steam's buyer fee 10 %, Buff's 0: at the start 10,000 + 10 % = 11,000 > 10,500, so Buff is the best.
    const fees = { steam: { buyBps: 1000, sellBps: 1300 }, buff163: { buyBps: 0, sellBps: 250 } };
    expect(historyPrices(alertOf({ net: true }), h, ['steam', 'buff163'], fees)).toEqual([
      [T0 - HOUR, 10_500],
      [T0 - 40 * MINUTE, 9_500],
      [T0 - 20 * MINUTE, 9_800],
      [T0, 9_900],
    ]);
  });

  it('bids: the highest, net of the seller fee', () => {
    const b = sampleOf(times, { 'b:steam': [9_000, 9_000, 9_000, 9_000], 'b:csfloat': [8_000, 9_500, NaN, NaN] });
    const fees = { steam: { buyBps: 0, sellBps: 1000 }, csfloat: { buyBps: 0, sellBps: 200 } };
    expect(
      historyPrices(alertOf({ net: true, condition: change({ side: 'bid' }) }), b, ['steam', 'csfloat'], fees),
    ).toEqual([
      [T0 - HOUR, 8_100],
      [T0 - 40 * MINUTE, 9_310],
      [T0 - 20 * MINUTE, 8_100],
      [T0, 8_100],
    ]);
  });

  it('slot ends that fall between milliseconds are rounded (the state keeps whole ms)', () => {
    expect(
      historyPrices(alertOf({ market: 'steam' }), sampleOf([T0 + 0.4, T0 + 1.6], { 'a:steam': [1, 2] }), ['steam'], {}),
    ).toEqual([
      [T0, 1],
      [T0 + 2, 2],
    ]);
  });
});

describe('seedWindow: the window as the checks would have built it', () => {
  const alert = alertOf();

  it('keeps the changes within the window and the price held at its start; equal prices add nothing', () => {
    const prices: Array<[number, number]> = [
      [T0 - 3 * HOUR, 12_000],
      [T0 - 2 * HOUR, 11_000],
      [T0 - 50 * MINUTE, 11_000],
      [T0 - 30 * MINUTE, 10_000],
      [T0 - 29 * MINUTE, 10_000],
      [T0 - 10 * MINUTE, 9_000],
    ];
    expect(seedWindow(alert, prices, T0)).toEqual([
      [T0 - 2 * HOUR, 11_000],
      [T0 - 30 * MINUTE, 10_000],
      [T0 - 10 * MINUTE, 9_000],
    ]);
  });

  it('leaves out what is after now, and is empty without prices', () => {
    expect(
      seedWindow(
        alert,
        [
          [T0 - MINUTE, 5],
          [T0 + MINUTE, 6],
        ],
        T0,
      ),
    ).toEqual([[T0 - MINUTE, 5]]);
    expect(seedWindow(alert, [], T0)).toEqual([]);
  });

  it('a stale window kept from before adds its points older than the history’s first', () => {
    const prior: Array<[number, number]> = [[T0 - 5 * HOUR, 13_000]];
    expect(seedWindow(alert, [[T0 - 20 * MINUTE, 10_000]], T0, prior)).toEqual([
      [T0 - 5 * HOUR, 13_000],
      [T0 - 20 * MINUTE, 10_000],
    ]);
    // The history covering the window's start: the old point is no longer needed.
    expect(
      seedWindow(
        alert,
        [
          [T0 - HOUR, 12_000],
          [T0 - 20 * MINUTE, 10_000],
        ],
        T0,
        prior,
      ),
    ).toEqual([
      [T0 - HOUR, 12_000],
      [T0 - 20 * MINUTE, 10_000],
    ]);
  });

  it('from recorded polls through the history’s own sampling (the read seedRead asks for)', () => {
    const rec = new GameRecorder(730);
    const poll = (at: number, steam: number, buff: number): PollInput => ({
      game: 730,
      at,
      names: ['AK-47 | Redline (Field-Tested)'],
      askMarkets: ['steam', 'buff163'],
      bidMarkets: [],
      ask: Int32Array.from([steam, buff]),
      bid: new Int32Array(0),
      big: [],
    });
    // As the store keeps them: each chunk's last version.
    const stored = new Map<number, Chunk>();
    for (const p of [
      poll(T0 - 2 * HOUR, 12_000, 11_000), // held at the window's start (the last change before it)
      poll(T0 - 45 * MINUTE, 12_000, 10_000),
      poll(T0 - 30 * MINUTE, 12_000, NONE), // Buff gone: Steam is the best
      poll(T0 - 10 * MINUTE, 8_800, NONE),
    ])
      for (const c of rec.apply(p).dirty) stored.set(c.st, c.toChunk());
    const chunks = [...stored.values()];
    const read = seedRead(alert, { askMarkets: ['steam', 'buff163'], bidMarkets: [] }, T0)!;
    const h = sample(chunks, rec.series, read.from, read.to, read.slots, (k) => read.keys.includes(k));
    expect(seedWindow(alert, historyPrices(alert, h, read.markets, {}), T0)).toEqual([
      [T0 - HOUR, 11_000],
      [T0 - 45 * MINUTE, 10_000],
      [T0 - 30 * MINUTE, 12_000],
      [T0 - 10 * MINUTE, 8_800],
    ]);
  });
});

describe('needsSeed and withSeed', () => {
  const alert = alertOf();
  const state = (window: Array<[number, number]>, source = SRC): AlertState => ({
    ...freshState('a1', source),
    armed: true,
    lastFiredAt: T0 - DAY,
    window,
  });

  it('asks the history for an empty or stale window, or one of another source; never for other kinds', () => {
    expect(needsSeed(alert, state([]), T0, SRC)).toBe(true);
    expect(needsSeed(alert, state([[T0 - 2 * HOUR, 1]]), T0, SRC)).toBe(true);
    expect(
      needsSeed(
        alert,
        state([
          [T0 - 2 * HOUR, 1],
          [T0 - 10 * MINUTE, 2],
        ]),
        T0,
        SRC,
      ),
    ).toBe(false);
    expect(needsSeed(alert, state([[T0 - 10 * MINUTE, 2]], 'live'), T0, SRC)).toBe(true);
    expect(needsSeed(alertOf({ condition: { kind: 'ask-below', price: 1 } }), state([]), T0, SRC)).toBe(false);
  });

  it('keeps the arming of a state of the same source; starts afresh (keeping the last firing) for another', () => {
    const w: Array<[number, number]> = [[T0 - HOUR, 5]];
    expect(withSeed(alert, state([]), w, SRC)).toEqual({ ...state([]), window: w });
    expect(withSeed(alert, state([], 'live'), w, SRC)).toEqual({
      ...freshState('a1', SRC),
      lastFiredAt: T0 - DAY,
      window: w,
    });
  });

  it('a seeded window lets the first check see a change that began before the alert existed', () => {
    // Down 15 % within the hour before; one more minute takes it to 21 %: a 20 % alert fires.
    const a = alertOf({ condition: change({ percent: 20, direction: 'down' }) });
    const seeded = seedWindow(
      a,
      [
        [T0 - 50 * MINUTE, 10_000],
        [T0 - 5 * MINUTE, 8_500],
      ],
      T0,
    );
    const armed = step(
      a,
      withSeed(a, freshState('a1', SRC), seeded, SRC),
      { value: 8_500, price: 8_500, market: 'steam', missing: null },
      T0,
      SRC,
    ).state;
    expect(armed.armed).toBe(true);
    expect(armed.lastValue).toBe(15);
    const r = step(a, armed, { value: 7_900, price: 7_900, market: 'steam', missing: null }, T0 + MINUTE, SRC);
    expect(r.fired).toBe(true);
    expect(r.state.lastValue).toBe(21);
    // Without the history it measures from the first price it saw: 7.06 %, no firing.
    const bare = step(
      a,
      freshState('a1', SRC),
      { value: 8_500, price: 8_500, market: 'steam', missing: null },
      T0,
      SRC,
    ).state;
    expect(step(a, bare, { value: 7_900, price: 7_900, market: 'steam', missing: null }, T0 + MINUTE, SRC).fired).toBe(
      false,
    );
  });
});
