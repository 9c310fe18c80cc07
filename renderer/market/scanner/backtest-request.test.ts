import { describe, expect, it } from 'vitest';
import { effectiveFees } from '../markets/fees';
import { backtestRequestProblem, type BacktestRequestData } from './backtest-request';
import { READY_RULES } from './rules';

const good: BacktestRequestData = {
  game: 730,
  rule: READY_RULES.cashToSteam,
  fees: { ...effectiveFees({}, 730) },
  unknownBuy: [],
  unknownSell: ['dmarket'],
  from: 0,
  to: 1,
};

describe('backtestRequestProblem', () => {
  it('accepts a ready-made rule as the page sends it (a structured clone)', () => {
    expect(backtestRequestProblem(structuredClone(good))).toBeNull();
  });
  it('names what is wrong with a bad request instead of running it', () => {
    expect(backtestRequestProblem(null)).toBe('the request is not an object');
    expect(backtestRequestProblem({ ...good, from: 2 })).toBe('the range is not two times in order');
    expect(backtestRequestProblem({ ...good, rule: { ...good.rule, sell: 'later' } })).toBe(
      'the rule buys or sells in an unknown way',
    );
    expect(
      backtestRequestProblem({ ...good, rule: { ...good.rule, limits: { ...good.rule.limits, minRoi: 'high' } } }),
    ).toBe("the rule's minRoi is not a number");
    expect(backtestRequestProblem({ ...good, rule: { ...good.rule, walletRatio: 0 } })).toBe(
      'The Steam wallet ratio must be above 0 and at most 1.',
    );
  });
});
