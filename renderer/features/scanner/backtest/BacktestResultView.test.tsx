import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BacktestResult } from '../../../market/scanner/backtest';
import { READY_RULES } from '../../../market/scanner/rules';
import { BacktestResultView } from './BacktestResultView';

const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const MIN = 60_000;
const fmt = (v: number): string => (Number.isFinite(v) ? `$${(v / 1000).toFixed(3)}` : '—');
const names: Record<string, string> = { csfloat: 'CSFloat', waxpeer: 'Waxpeer' };

const result: BacktestResult = {
  rule: READY_RULES.crossToBuyOrder,
  game: 730,
  from: T0,
  to: T0 + 6 * MIN,
  items: 3,
  polls: 7,
  routes: [
    {
      name: 'three polls',
      buyMarket: 'csfloat',
      sellMarket: 'waxpeer',
      start: T0 + MIN,
      end: T0 + 4 * MIN,
      polls: 3,
      minutes: 3,
      profit: 1_292,
      profitAfter1: 1_762,
      profitAfter5: NaN,
    },
    {
      name: 'one poll',
      buyMarket: 'csfloat',
      sellMarket: 'waxpeer',
      start: T0 + 2 * MIN,
      end: T0 + 3 * MIN,
      polls: 1,
      minutes: 1,
      profit: 1_292,
      profitAfter1: NaN,
      profitAfter5: NaN,
    },
  ],
  carriedIn: 0,
  afterOne: { routes: 1, total: 1_762, perDay: 1_762 },
  afterFive: { routes: 0, total: 0, perDay: 0 },
  notApplied: ['minimum depth (offer and order counts not recorded)'],
};

const cells = (html: string, testId: string): string => {
  const m = new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html);
  return m?.[1] ?? '';
};

describe('BacktestResultView', () => {
  it('shows the routes, their durations, what was taken one poll on, the settings and what was not applied', () => {
    const html = renderToStaticMarkup(
      <BacktestResultView state={{ kind: 'done', result, ms: 1_500 }} fmt={fmt} nameOf={(s) => names[s] ?? s} />,
    );
    expect(cells(html, 'backtest-routes-count')).toBe('2');
    expect(html).toContain('data-testid="backtest-after-one">1, $1.762, $1.762<');
    expect(html).toContain(
      '<td>three polls</td><td>CSFloat</td><td>Waxpeer</td><td>2026-11-20 12:01</td><td>3</td><td>3.0</td><td>$1.292</td><td>$1.762</td><td>—</td>',
    );
    expect(html).toContain(
      '<td>one poll</td><td>CSFloat</td><td>Waxpeer</td><td>2026-11-20 12:02</td><td>1</td><td>1.0</td><td>$1.292</td><td>—</td><td>—</td>',
    );
    expect(html).toContain('<li>Rule: Cross-market to buy order</li>');
    expect(html).toContain('<li>minimum depth (offer and order counts not recorded)</li>');
  });

  it('says when the range holds no history for the game', () => {
    const html = renderToStaticMarkup(
      <BacktestResultView
        state={{ kind: 'done', result: { ...result, items: 0, routes: [] }, ms: 1 }}
        fmt={fmt}
        nameOf={(s) => s}
      />,
    );
    expect(html).toContain('No price history for this game in the range chosen.');
  });
});
