/** The live scan over polls: persistence counts up by poll, a gone route leaves, the same poll twice counts once. */
import { describe, expect, it } from 'vitest';
import { effectiveFees } from '../markets/fees';
import { ask, order, snapshotOf } from '../model/test-helpers';
import { LiveScanner, RuleAlertScanner, scanDataOf, type LiveScanRequest } from './live';
import { READY_RULES } from './rules';
import { unknownFeeMarkets } from './scan';

const ASKS = ['csfloat', 'waxpeer'];
const BIDS = ['csfloat', 'waxpeer'];
const rule = { ...READY_RULES.crossToBuyOrder, limits: { ...READY_RULES.crossToBuyOrder.limits, trustedOnly: false } };
const unknown = unknownFeeMarkets([...ASKS, ...BIDS], {}, 730);

function poll(at: number, bidA: number, withB: boolean): LiveScanRequest {
  const snap = snapshotOf(
    [
      { market_hash_name: 'A', prices: [ask('csfloat', 10_000, 3)] },
      ...(withB ? [{ market_hash_name: 'B', prices: [ask('csfloat', 1_000, 1)] }] : []),
    ],
    [
      { market_hash_name: 'A', orders: [order('waxpeer', bidA, 5)] },
      ...(withB ? [{ market_hash_name: 'B', orders: [order('waxpeer', 2_000, 1)] }] : []),
    ],
    ASKS,
    BIDS,
  );
  return {
    data: scanDataOf(snap),
    at,
    rule,
    fees: effectiveFees({}, 730),
    unknownFees: { buy: [...unknown.buy], sell: [...unknown.sell] },
  };
}

describe('live scan', () => {
  it('counts each route by poll, drops a route gone from a poll, and counts a poll given twice once', () => {
    const s = new LiveScanner();
    const one = s.scan(poll(1_000, 12_000, true));
    expect(one.routes.map((r) => [r.name, r.polls, r.since])).toEqual([
      ['A', 1, 1_000],
      ['B', 1, 1_000],
    ]);
    // Waxpeer 12.000 - 5.9 % = 11.292 against CSFloat's 10.000.
    expect(one.routes[0]?.profit).toBe(1_292);
    s.scan(poll(2_000, 12_000, true));
    expect(s.scan(poll(2_000, 12_000, true)).routes.map((r) => r.polls)).toEqual([2, 2]);
    const three = s.scan(poll(3_000, 12_000, false));
    expect(three.routes.map((r) => [r.name, r.polls, r.since])).toEqual([['A', 3, 1_000]]);
    const four = s.scan(poll(4_000, 12_000, true));
    expect(four.routes.map((r) => [r.name, r.polls, r.since])).toEqual([
      ['A', 4, 1_000],
      ['B', 1, 4_000],
    ]);
  });

  it('starts persistence again when the rule changes, and refuses a rule with problems', () => {
    const s = new LiveScanner();
    s.scan(poll(1_000, 12_000, false));
    s.scan(poll(2_000, 12_000, false));
    const changed = { ...poll(3_000, 12_000, false), rule: { ...rule, limits: { ...rule.limits, minProfit: 20 } } };
    expect(s.scan(changed).routes[0]?.polls).toBe(1);
    expect(() => s.scan({ ...poll(4_000, 12_000, false), rule: { ...rule, walletRatio: 0 } })).toThrow(/wallet ratio/);
  });

  it('fires the saved rules that alert, whatever rule the page shows: once at N polls, again only after the route went and came back', () => {
    const s = new RuleAlertScanner();
    const alerting = { ...rule, id: 'mine', name: 'Mine', alert: { polls: 2 } };
    const silent = { ...rule, id: 'quiet' };
    const at = (k: number, withB: boolean) => {
      const p = poll(k * 1_000, 12_000, withB);
      return s.scan({ data: p.data, at: p.at, rules: [alerting, silent], fees: p.fees, unknownFees: p.unknownFees });
    };
    expect(at(1, true)).toEqual([]);
    const fired = at(2, true);
    expect(fired.map((f) => [f.ruleId, f.item, f.polls, f.since, f.profit])).toEqual([
      ['mine', 'A', 2, 1_000, 1_292],
      // Waxpeer 2.000 - 5.9 % = 1.882 against 1.000.
      ['mine', 'B', 2, 1_000, 882],
    ]);
    // The same poll again (another render) fires nothing more.
    expect(at(2, true)).toEqual([]);
    expect(at(3, false)).toEqual([]);
    expect(at(4, true)).toEqual([]);
    expect(at(5, true).map((f) => [f.item, f.polls])).toEqual([['B', 2]]);
  });
});
