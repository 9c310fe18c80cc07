/**
 * The backtest panel's model: the range of history kept (read again when the history changes), the range
 * chosen, and one run in the backtest worker (progress, cancel, result) for the rule being edited.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePref, useSelectedGame } from '../../../lib/preferences';
import { history, useHistoryVersion } from '../../../market/history/client';
import { GRID_PREFS, useFees } from '../../../market/prefs';
import type { BacktestRequestData } from '../../../market/scanner/backtest-request';
import type { BacktestMessage, BacktestRequest } from '../../../market/scanner/backtest.worker';
import type { ScanRule } from '../../../market/scanner/rules';
import { unknownFeeMarkets } from '../../../market/scanner/scan';
import { nextState, rangeChoices, type RunState } from './backtest-view';

type Kept =
  { kind: 'loading' } | { kind: 'ready'; oldest: number | null; at: number } | { kind: 'error'; message: string };

/** What history is kept (its oldest point), read again whenever the history changes. */
function useKeptHistory(): Kept {
  const version = useHistoryVersion();
  const [kept, setKept] = useState<Kept>({ kind: 'loading' });
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
  return kept;
}

export function useBacktestRun(rule: ScanRule, userMarkets: readonly string[]) {
  const [game] = useSelectedGame();
  const [fees] = useFees(game);
  const [overrides] = usePref(GRID_PREFS.fees);
  const kept = useKeptHistory();
  const [choiceId, setChoiceId] = useState('all');
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const worker = useRef<Worker | null>(null);

  useEffect(() => () => worker.current?.terminate(), []);

  const choices = useMemo(() => (kept.kind === 'ready' ? rangeChoices(kept.oldest, kept.at) : []), [kept]);
  const choice = choices.find((c) => c.id === choiceId) ?? choices[choices.length - 1] ?? null;

  const run = useCallback(() => {
    if (!choice) return;
    const markets = [...new Set([...userMarkets, ...Object.keys(fees)])];
    const unknown = unknownFeeMarkets(markets, overrides, game);
    const req: BacktestRequestData = {
      game,
      rule,
      fees: { ...fees },
      unknownBuy: [...unknown.buy],
      unknownSell: [...unknown.sell],
      from: choice.from,
      to: choice.to,
    };
    const w = (worker.current ??= new Worker(new URL('../../../market/scanner/backtest.worker.ts', import.meta.url), {
      type: 'module',
      name: 'market-desk-backtest',
    }));
    const startedAt = Date.now();
    w.onmessage = (e: MessageEvent<BacktestMessage>) => setState((s) => nextState(s, e.data, Date.now()));
    w.onerror = (e) =>
      setState({ kind: 'error', message: `The backtest stopped: ${e.message || 'the worker failed'}.` });
    setState({ kind: 'running', done: 0, total: 0, startedAt });
    w.postMessage({ type: 'start', req } satisfies BacktestRequest);
  }, [choice, userMarkets, fees, overrides, game, rule]);

  const cancel = useCallback(() => {
    setState((s) => (s.kind === 'running' ? { ...s, kind: 'cancelling' } : s));
    worker.current?.postMessage({ type: 'cancel' } satisfies BacktestRequest);
  }, []);

  return { kept, choices, choice, setChoiceId, state, run, cancel };
}
