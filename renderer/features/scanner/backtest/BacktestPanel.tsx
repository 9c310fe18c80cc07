/**
 * A rule run over the recorded price history (market/scanner/backtest.ts) in its worker: a range within
 * the history kept, progress and Cancel, then the net return per day (chart) and the routes' figures
 * (table), with the settings used and the limits the history cannot apply. The Scanner page renders it
 * for the rule being edited.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../../../shared/money/money';
import { useMoneyFormat, usePref, useSelectedGame } from '../../../lib/preferences';
import { history, useHistoryVersion } from '../../../market/history/client';
import { GRID_PREFS, useFees, useMarketPlan } from '../../../market/prefs';
import type { BacktestRequestData } from '../../../market/scanner/backtest-request';
import type { BacktestMessage, BacktestRequest } from '../../../market/scanner/backtest.worker';
import { ruleProblems, type ScanRule } from '../../../market/scanner/rules';
import { unknownFeeMarkets } from '../../../market/scanner/scan';
import { dailyReturns, durations, nextState, progressText, rangeChoices, settingsUsed, spanText, type RunState } from './backtest-view';

/** Routes listed one by one (the summary counts them all). */
const ROUTE_ROWS = 200;

type Kept = { kind: 'loading' } | { kind: 'ready'; oldest: number | null; at: number } | { kind: 'error'; message: string };

export function BacktestPanel({ rule }: { rule: ScanRule }) {
  const [game] = useSelectedGame();
  const money = useMoneyFormat();
  const [fees] = useFees(game);
  const [overrides] = usePref(GRID_PREFS.fees);
  const plan = useMarketPlan(game);
  const version = useHistoryVersion();
  const [kept, setKept] = useState<Kept>({ kind: 'loading' });
  const [choiceId, setChoiceId] = useState('all');
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const worker = useRef<Worker | null>(null);
  const busy = state.kind === 'running' || state.kind === 'cancelling';

  useEffect(() => {
    let live = true;
    history
      .usage()
      .then((u) => live && setKept({ kind: 'ready', oldest: u.oldest, at: Date.now() }))
      .catch((e: unknown) => live && setKept({ kind: 'error', message: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [version]);

  useEffect(() => () => worker.current?.terminate(), []);

  const choices = useMemo(() => (kept.kind === 'ready' ? rangeChoices(kept.oldest, kept.at) : []), [kept]);
  const choice = choices.find((c) => c.id === choiceId) ?? choices[choices.length - 1] ?? null;
  const problems = ruleProblems(rule);
  const fmt = useCallback((v: number) => formatMoney(v, money), [money]);

  const run = useCallback(() => {
    if (!choice) return;
    const markets = [...new Set([...plan.list.map((m) => m.slug), ...Object.keys(fees)])];
    const unknown = unknownFeeMarkets(markets, overrides, game);
    const req: BacktestRequestData = { game, rule, fees: { ...fees }, unknownBuy: [...unknown.buy], unknownSell: [...unknown.sell], from: choice.from, to: choice.to };
    const w = (worker.current ??= new Worker(new URL('../../../market/scanner/backtest.worker.ts', import.meta.url), { type: 'module', name: 'market-desk-backtest' }));
    const startedAt = Date.now();
    w.onmessage = (e: MessageEvent<BacktestMessage>) => setState((s) => nextState(s, e.data, Date.now()));
    w.onerror = (e) => setState({ kind: 'error', message: `The backtest stopped: ${e.message || 'the worker failed'}.` });
    setState({ kind: 'running', done: 0, total: 0, startedAt });
    w.postMessage({ type: 'start', req } satisfies BacktestRequest);
  }, [choice, plan.list, fees, overrides, game, rule]);

  const cancel = useCallback(() => {
    setState((s) => (s.kind === 'running' ? { ...s, kind: 'cancelling' } : s));
    worker.current?.postMessage({ type: 'cancel' } satisfies BacktestRequest);
  }, []);

  return (
    <section className="backtest" data-testid="backtest-panel" aria-label="Backtest">
      <h3>Backtest on the recorded history</h3>
      {kept.kind === 'loading' && <p>Reading what history is kept…</p>}
      {kept.kind === 'error' && (
        <p role="alert" data-testid="backtest-error">
          Could not read the price history: {kept.message}
        </p>
      )}
      {kept.kind === 'ready' && choices.length === 0 && (
        <p data-testid="backtest-empty">No price history yet: it is recorded at every refresh of the prices. Come back after a few polls.</p>
      )}
      {choices.length > 0 && (
        <div className="backtest__controls">
          <label>
            Range{' '}
            <select className="input select input--small" data-testid="backtest-range" value={choice?.id ?? ''} onChange={(e) => setChoiceId(e.target.value)} disabled={busy}>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>{' '}
          {busy ? (
            <button type="button" className="btn btn--small" data-testid="backtest-cancel" onClick={cancel} disabled={state.kind === 'cancelling'}>
              Cancel
            </button>
          ) : (
            <button type="button" className="btn btn--small" data-testid="backtest-run" onClick={run} disabled={problems.length > 0}>
              Run backtest
            </button>
          )}
        </div>
      )}
      {problems.length > 0 && (
        <p role="alert" data-testid="backtest-rule-problems">
          {problems.join(' ')}
        </p>
      )}
      {busy && (
        <p data-testid="backtest-progress" aria-live="polite">
          {state.kind === 'cancelling' ? 'Cancelling…' : progressText(state.done, state.total)}
        </p>
      )}
      {state.kind === 'cancelled' && <p data-testid="backtest-cancelled">Cancelled: no result.</p>}
      {state.kind === 'error' && (
        <p role="alert" data-testid="backtest-error">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && <BacktestResultView state={state} fmt={fmt} nameOf={plan.nameOf} />}
    </section>
  );
}

function BacktestResultView({ state, fmt, nameOf }: { state: Extract<RunState, { kind: 'done' }>; fmt: (v: number) => string; nameOf: (slug: string) => string }) {
  const r = state.result;
  const days = useMemo(() => dailyReturns(r), [r]);
  const d = useMemo(() => durations(r.routes), [r]);
  const chart = days.map((x) => ({ day: x.day, afterOne: x.afterOne / 1000, afterFive: x.afterFive / 1000 }));
  if (r.items === 0) return <p data-testid="backtest-empty">No price history for this game in the range chosen.</p>;
  const num = (x: number, digits = 0): string => (Number.isFinite(x) ? x.toFixed(digits) : '—');
  return (
    <div className="backtest__result" data-testid="backtest-result">
      <p>
        {r.items.toLocaleString('en-US')} items, {r.polls.toLocaleString('en-US')} polls from {new Date(r.from).toISOString().slice(0, 16).replace('T', ' ')} to{' '}
        {new Date(r.to).toISOString().slice(0, 16).replace('T', ' ')} UTC ({spanText(r.to - r.from)}), in {(state.ms / 1000).toFixed(1)} s.
      </p>
      <div style={{ width: '100%', height: 220 }} data-testid="backtest-chart">
        <ResponsiveContainer>
          <BarChart data={chart}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis />
            <Tooltip formatter={(v) => fmt(Math.round(Number(v) * 1000))} />
            <Legend />
            <Bar dataKey="afterOne" name="Net return, taken after one poll" fill="var(--accent, #3b82f6)" isAnimationActive={false} />
            <Bar dataKey="afterFive" name="Net return, taken after five polls" fill="var(--muted, #94a3b8)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="table" data-testid="backtest-summary">
        <tbody>
          <tr>
            <th scope="row">Routes that appeared</th>
            <td data-testid="backtest-routes-count">{d.routes}</td>
          </tr>
          <tr>
            <th scope="row">Already there at the start (not counted)</th>
            <td>{r.carriedIn}</td>
          </tr>
          <tr>
            <th scope="row">Lasted (polls): median, longest; gone at the next poll</th>
            <td>
              {num(d.medianPolls, 1)}, {num(d.maxPolls)}; {d.onePoll}
            </td>
          </tr>
          <tr>
            <th scope="row">Lasted (minutes): median, longest</th>
            <td>
              {num(d.medianMinutes, 1)}, {num(d.maxMinutes, 1)}
            </td>
          </tr>
          <tr>
            <th scope="row">Still there one poll later: routes, net return total, per day</th>
            <td data-testid="backtest-after-one">
              {r.afterOne.routes}, {fmt(r.afterOne.total)}, {fmt(r.afterOne.perDay)}
            </td>
          </tr>
          <tr>
            <th scope="row">Still there five polls later: routes, net return total, per day</th>
            <td data-testid="backtest-after-five">
              {r.afterFive.routes}, {fmt(r.afterFive.total)}, {fmt(r.afterFive.perDay)}
            </td>
          </tr>
        </tbody>
      </table>
      <table className="table" data-testid="backtest-routes">
        <thead>
          <tr>
            <th>Item</th>
            <th>Buy on</th>
            <th>Sell on</th>
            <th>Appeared (UTC)</th>
            <th>Polls</th>
            <th>Minutes</th>
            <th>Net profit</th>
            <th>Taken after one poll</th>
            <th>After five</th>
          </tr>
        </thead>
        <tbody>
          {r.routes.slice(0, ROUTE_ROWS).map((x) => (
            <tr key={`${x.name}|${x.buyMarket}|${x.sellMarket}|${x.start}`}>
              <td>{x.name}</td>
              <td>{nameOf(x.buyMarket)}</td>
              <td>{nameOf(x.sellMarket)}</td>
              <td>{new Date(x.start).toISOString().slice(0, 16).replace('T', ' ')}</td>
              <td>{x.polls}</td>
              <td>{x.minutes.toFixed(1)}</td>
              <td>{fmt(x.profit)}</td>
              <td>{fmt(x.profitAfter1)}</td>
              <td>{fmt(x.profitAfter5)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.routes.length > ROUTE_ROWS && <p>The first {ROUTE_ROWS} of {r.routes.length.toLocaleString('en-US')} routes are listed; the figures above count them all.</p>}
      <h4>Settings used</h4>
      <ul data-testid="backtest-settings">
        {settingsUsed(r.rule, nameOf, fmt).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {r.notApplied.length > 0 && (
        <>
          <h4>Not applied (the history does not record what they need)</h4>
          <ul data-testid="backtest-not-applied">
            {r.notApplied.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
