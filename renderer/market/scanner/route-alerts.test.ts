import { describe, expect, it } from 'vitest';
import { NotifyRequestSchema } from '../../../shared/alerts/notify';
import { emptyRoute } from './evaluate';
import { READY_RULES, type ScanRule } from './rules';
import { routeKey, RouteTracker, type Route } from './scan';
import { RouteAlerts, routeAlertProblem, routeNotification } from './route-alerts';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const MIN = 60_000;
const rule: ScanRule = { ...READY_RULES.crossToBuyOrder, alert: { polls: 3 } };

function route(name: string, profit = 1_292): Route {
  return {
    ...emptyRoute(),
    item: 0,
    name,
    key: routeKey(name, 'csfloat', 'waxpeer'),
    polls: 1,
    since: NaN,
    buyMarket: 'csfloat',
    buyPrice: 10_000,
    sellMarket: 'waxpeer',
    sellPrice: 12_000,
    profit,
  };
}

/** Polls through the scanner's own persistence (RouteTracker) and then the alerts: what fired at each. */
function run(polls: string[][], r: ScanRule = rule): string[][] {
  const tracker = new RouteTracker();
  const alerts = new RouteAlerts();
  return polls.map((names, k) => {
    const routes = names.map((n) => route(n));
    tracker.update(routes, T0 + k * MIN);
    return alerts.update(r, routes, T0 + k * MIN).map((f) => f.item);
  });
}

describe('RouteAlerts', () => {
  it('fires once when a route has persisted N polls', () => {
    expect(run([['AK'], ['AK'], ['AK'], ['AK'], ['AK']])).toEqual([[], [], ['AK'], [], []]);
  });

  it('does not fire for a route that disappears before N polls', () => {
    expect(run([['AK'], ['AK'], [], ['AK'], ['AK']])).toEqual([[], [], [], [], []]);
  });

  it('re-arms once the route has disappeared', () => {
    expect(run([['AK'], ['AK'], ['AK'], [], ['AK'], ['AK'], ['AK']])).toEqual([[], [], ['AK'], [], [], [], ['AK']]);
  });

  it('fires at the first poll with N = 1, and never for a rule without an alert', () => {
    expect(run([['AK', 'M4'], ['AK']], { ...rule, alert: { polls: 1 } })).toEqual([['AK', 'M4'], []]);
    expect(run([['AK'], ['AK'], ['AK']], { ...rule, alert: null })).toEqual([[], [], []]);
  });

  it('records the route: buy and sell market and price, net profit, polls and since', () => {
    const tracker = new RouteTracker();
    const alerts = new RouteAlerts();
    let fired: ReturnType<RouteAlerts['update']> = [];
    for (let k = 0; k < 3; k++) {
      const routes = [route('AK', 1_000 + k)];
      tracker.update(routes, T0 + k * MIN);
      fired = alerts.update(rule, routes, T0 + k * MIN);
    }
    expect(fired).toEqual([
      {
        ruleId: 'cross-to-buy-order',
        ruleName: 'Cross-market to buy order',
        at: T0 + 2 * MIN,
        item: 'AK',
        buyMarket: 'csfloat',
        buyPrice: 10_000,
        sellMarket: 'waxpeer',
        sellPrice: 12_000,
        profit: 1_002,
        roi: NaN,
        polls: 3,
        since: T0,
      },
    ]);
  });
});

describe('routeNotification', () => {
  it('says the route in words a desktop notification takes', () => {
    const f = {
      ruleId: 'cross-to-buy-order',
      ruleName: 'Cross-market to buy order',
      at: T0,
      item: 'AK-47 | Redline (Field-Tested)',
      buyMarket: 'csfloat',
      buyPrice: 10_000,
      sellMarket: 'waxpeer',
      sellPrice: 12_000,
      profit: 1_292,
      roi: 0.1292,
      polls: 3,
      since: T0 - 2 * MIN,
    };
    const n = routeNotification(
      f,
      730,
      (s) => ({ csfloat: 'CSFloat', waxpeer: 'Waxpeer' })[s] ?? s,
      (v) => `$${(v / 1000).toFixed(2)}`,
    );
    expect(n.title).toBe('AK-47 | Redline (Field-Tested)');
    expect(n.body).toBe(
      'Cross-market to buy order: buy on CSFloat at $10.00, sell on Waxpeer at $12.00, net profit $1.29 (12.9 %), for 3 polls.',
    );
    expect(NotifyRequestSchema.safeParse(n).success).toBe(true);
  });
});

describe('routeAlertProblem', () => {
  it('takes no alert or 1 to 100 whole polls', () => {
    expect(routeAlertProblem(null)).toBeNull();
    expect(routeAlertProblem({ polls: 3 })).toBeNull();
    expect(routeAlertProblem({ polls: 0 })).toMatch(/polls/);
    expect(routeAlertProblem({ polls: 2.5 })).toMatch(/polls/);
    expect(routeAlertProblem({ polls: '3' })).toMatch(/polls/);
  });
});
