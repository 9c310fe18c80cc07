/**
 * The Scanner page: a rule (ready-made or the user's, edited in place) and its live routes, ranked, on
 * each poll of the user's markets (the grid's own load: an open grid's data is reused), with how long
 * each route has lasted; a click or Enter opens the item's detail panel. The backtest of the rule sits in
 * its own area (backtest/BacktestPanel.tsx).
 */
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { ItemDetails, useOpenItem } from '../../item-details/ItemDetails';
import { useMoneyFormat, usePref, useSelectedGame } from '../../lib/preferences';
import { computeDerived } from '../../market/model/price-arithmetic';
import { useFees, useMarketPlan } from '../../market/prefs';
import type { ScanRule } from '../../market/scanner/rules';
import { useGridData } from '../../market/useGridData';
import { RouteExportButton } from './RouteExportButton';
import { RoutesTable } from './RoutesTable';
import { RuleEditor } from './RuleEditor';
import { sortRoutes, type RouteSort } from './route-columns';
import {
  SCANNER_RULES,
  allRules,
  deleteRule,
  isReadyRule,
  saveRule,
  selectedRule,
} from '../../market/scanner/saved-rules';
import { BacktestPanel } from './backtest/BacktestPanel';
import { useLiveRoutes } from './useLiveRoutes';
import './scanner.css';

const newRuleId = () => `rule-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export function ScannerScreen() {
  const [game] = useSelectedGame();
  const plan = useMarketPlan(game);
  const prices = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets });
  const snap = prices.snap && prices.snap.game === game ? prices.snap : null;
  const [fees] = useFees(game);
  const money = useMoneyFormat();
  const [store, setStore] = usePref(SCANNER_RULES);
  const saved = useMemo(() => selectedRule(store), [store]);
  const [draft, setDraft] = useState<ScanRule>(saved);
  useEffect(() => setDraft(saved), [saved]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const [sort, setSort] = useState<RouteSort>({ key: 'profit', dir: 'desc' });
  const [backtestOpen, setBacktestOpen] = useState(false);
  const live = useLiveRoutes(snap, draft, fees);
  const routes = useMemo(() => (live.result ? sortRoutes(live.result.routes, sort) : []), [live.result, sort]);
  const details = useOpenItem('[data-testid="scanner-routes"]');
  const [message, setMessage] = useState<string | null>(null);
  const markets = useMemo(
    () => [...new Set([...plan.askMarkets, ...plan.bidMarkets])],
    [plan.askMarkets, plan.bidMarkets],
  );
  const userMarkets = useMemo(() => plan.list.map((m) => m.slug), [plan.list]);
  const askCols = useMemo(() => (snap ? snap.askMarkets.map((_, k) => k) : []), [snap]);
  const bidCols = useMemo(() => (snap ? snap.bidMarkets.map((_, k) => k) : []), [snap]);
  // The panel's per-row figures: only while an item is open (a pass over the catalog).
  const derived = useMemo(
    () =>
      snap && details.name !== null
        ? (snap.derived?.data ?? computeDerived({ snap, askCols, bidCols, fees, net: false }))
        : null,
    [snap, details.name, askCols, bidCols, fees],
  );

  const onSave = () => {
    setStore(saveRule(store, draft, newRuleId));
    setMessage(`Saved "${draft.name}".`);
  };
  const onDelete = isReadyRule(saved.id) ? null : () => setStore(deleteRule(store, saved.id));
  const onPick = (id: string) => setStore({ ...store, selected: id });

  const result = live.result && live.result.ruleId === draft.id ? live.result : null;
  const loading = !snap && !prices.error;
  let body: ReactElement;
  if (prices.error && !snap) {
    body = (
      <p className="sc-state sc-state--error" role="alert" data-testid="scanner-error">
        Prices could not be loaded: {prices.error.message}{' '}
        <button type="button" onClick={() => void prices.refetch()}>
          Retry
        </button>
      </p>
    );
  } else if (live.error) {
    body = (
      <p className="sc-state sc-state--error" role="alert" data-testid="scanner-error">
        The rule could not be run: {live.error}
      </p>
    );
  } else if (loading || !result) {
    body = (
      <p className="sc-state" role="status" data-testid="scanner-loading">
        {loading ? 'Loading prices…' : 'Finding routes…'}
      </p>
    );
  } else if (routes.length === 0) {
    body = (
      <p className="sc-state" role="status" data-testid="scanner-empty">
        No route passes this rule on this poll ({snap?.n ?? 0} items, {markets.length} markets). Lower a limit or allow
        more markets.
      </p>
    );
  } else {
    body = (
      <RoutesTable
        routes={routes}
        sort={sort}
        onSort={setSort}
        money={money}
        nameOf={plan.nameOf}
        onOpen={details.open}
        busy={live.scanning}
      />
    );
  }

  return (
    <div className="view sc" data-testid="scanner-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Scanner: {gameName(game)}
      </h1>
      <RuleEditor
        rules={allRules(store)}
        draft={draft}
        setDraft={setDraft}
        onPick={onPick}
        onSave={onSave}
        onDelete={onDelete}
        dirty={dirty}
        markets={markets}
        nameOf={plan.nameOf}
        symbol={money.symbol}
      />
      <div className="sc-status" role="status">
        {result ? (
          <span data-testid="scanner-count" data-poll-at={result.at}>
            {result.routes.length} route{result.routes.length === 1 ? '' : 's'} · poll of{' '}
            {new Date(result.at).toLocaleTimeString()} · scanned in {Math.round(result.ms)} ms
          </span>
        ) : null}
        {result && result.notApplied.length ? (
          <span className="sc-status__note"> · not applied: {result.notApplied.join('; ')}</span>
        ) : null}
        {message ? <span className="sc-status__note"> · {message}</span> : null}
        <button type="button" className="sc-refresh" onClick={() => void prices.refetch()} disabled={prices.fetching}>
          Refresh prices
        </button>
        <RouteExportButton
          game={game}
          rule={draft}
          routes={routes}
          pollAt={result?.at ?? null}
          money={money}
          nameOf={plan.nameOf}
          setMessage={setMessage}
        />
      </div>
      <div className="view__body">
        <div className="view__main sc-main">{body}</div>
        <ItemDetails
          item={details}
          snap={snap}
          d={derived}
          askCols={askCols}
          bidCols={bidCols}
          nameOf={plan.nameOf}
          reloadEpoch={0}
          announce={setMessage}
        />
      </div>
      <details
        className="sc-backtest"
        data-testid="scanner-backtest"
        onToggle={(e) => setBacktestOpen(e.currentTarget.open)}
      >
        <summary>Backtest this rule on the recorded history</summary>
        {/* Mounted only while open: its history reads run only for a user who asked. */}
        {backtestOpen ? <BacktestPanel rule={draft} markets={userMarkets} nameOf={plan.nameOf} /> : null}
      </details>
    </div>
  );
}
