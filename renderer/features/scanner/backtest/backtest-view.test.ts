import { describe, expect, it } from 'vitest';
import type { BacktestRoute } from '../../../market/scanner/backtest';
import { READY_RULES } from '../../../market/scanner/rules';
import { dailyReturns, durations, nextState, rangeChoices, settingsUsed, type RunState } from './backtest-view';

const DAY = 86_400_000;
const MIN = 60_000;
const D0 = Date.UTC(2026, 10, 20);

function route(start: number, polls: number, minutes: number, after1: number, after5 = NaN): BacktestRoute {
  return {
    name: `R${start}`,
    buyMarket: 'csfloat',
    sellMarket: 'waxpeer',
    start,
    end: start + minutes * MIN,
    polls,
    minutes,
    profit: 1_000,
    profitAfter1: after1,
    profitAfter5: after5,
  };
}

describe('rangeChoices', () => {
  it('offers nothing before any history is kept', () => {
    expect(rangeChoices(null, D0)).toEqual([]);
  });

  it('offers only the spans the kept history reaches, and all of it', () => {
    const now = D0 + 12 * 3_600_000;
    const got = rangeChoices(now - 2 * DAY, now);
    expect(got.map((c) => [c.id, c.from, c.to])).toEqual([
      ['1d', now - DAY, now],
      ['all', now - 2 * DAY, now],
    ]);
    expect(got[1]?.label).toBe('All kept (2.0 days)');
  });
});

describe('nextState', () => {
  const running: RunState = { kind: 'running', done: 0, total: 0, startedAt: 1_000 };
  it('follows progress and ends on done, cancelled or error', () => {
    expect(nextState(running, { type: 'progress', done: 100, total: 300 }, 2_000)).toEqual({
      kind: 'running',
      done: 100,
      total: 300,
      startedAt: 1_000,
    });
    expect(nextState({ ...running, kind: 'cancelling' }, { type: 'cancelled' }, 2_000)).toEqual({ kind: 'cancelled' });
    expect(nextState(running, { type: 'error', message: 'Could not run the backtest: x.' }, 2_000)).toEqual({
      kind: 'error',
      message: 'Could not run the backtest: x.',
    });
  });
  it('ignores a message after the run ended', () => {
    expect(nextState({ kind: 'cancelled' }, { type: 'progress', done: 1, total: 2 }, 0)).toEqual({ kind: 'cancelled' });
  });
});

describe('dailyReturns', () => {
  it('sums the returns taken after one and five polls by the day each route appeared, every day of the range shown', () => {
    const result = {
      from: D0 + 3_600_000,
      to: D0 + 2 * DAY + 60_000,
      routes: [
        route(D0 + 2 * 3_600_000, 3, 3, 1_762, NaN),
        route(D0 + 5 * 3_600_000, 1, 1, NaN),
        route(D0 + 2 * DAY, 9, 8, 500, 400),
      ],
    };
    expect(dailyReturns(result)).toEqual([
      { day: '2026-11-20', afterOne: 1_762, afterFive: 0, routes: 2 },
      { day: '2026-11-21', afterOne: 0, afterFive: 0, routes: 0 },
      { day: '2026-11-22', afterOne: 500, afterFive: 400, routes: 1 },
    ]);
  });
});

describe('durations', () => {
  it('gives the median and longest, and the routes gone at the next poll', () => {
    expect(durations([route(0, 3, 3, 1), route(1, 1, 1, NaN), route(2, 5, 4, 2)])).toEqual({
      routes: 3,
      medianPolls: 3,
      maxPolls: 5,
      medianMinutes: 3,
      maxMinutes: 4,
      onePoll: 1,
    });
    expect(durations([]).medianPolls).toBeNaN();
  });
});

describe('settingsUsed', () => {
  it('states the rule as it ran', () => {
    const lines = settingsUsed(
      READY_RULES.cashToSteam,
      (s) => (s === 'steamcommunity' ? 'Steam' : s),
      (v) => `$${(v / 1000).toFixed(2)}`,
    );
    expect(lines).toContain('Buy: the lowest ask on any market except Steam');
    expect(lines).toContain('Sell: a listing at the lowest ask − one tick on Steam');
    expect(lines).toContain('Minimum net profit $0.01, minimum net ROI 0.0 %');
  });
});
