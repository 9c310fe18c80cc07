/**
 * The Scanner page: a rule (ready-made or the user's, edited in place) and its live routes, ranked, on
 * each poll of the user's markets (the grid's own load: an open grid's data is reused), with how long
 * each route has lasted; a click or Enter opens the item's detail panel. The backtest of the rule sits in
 * its own area (backtest/BacktestPanel.tsx).
 */
import { useState } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { ItemDetails } from '../../item-details/ItemDetails';
import { useSelectedGame } from '../../lib/preferences';
import { allRules } from '../../market/scanner/saved-rules';
import { RuleEditor } from './RuleEditor';
import { ScannerRoutesArea } from './ScannerRoutesArea';
import { ScannerStatus } from './ScannerStatus';
import { BacktestPanel } from './backtest/BacktestPanel';
import { useScannerView } from './useScannerView';
import './scanner.css';

export function ScannerScreen() {
  const [game] = useSelectedGame();
  const view = useScannerView(game);
  const { plan, draft, details } = view;
  const [backtestOpen, setBacktestOpen] = useState(false);
  return (
    <div className="view sc" data-testid="scanner-screen">
      <h1 className="visually-hidden" tabIndex={-1} data-page-heading>
        Scanner: {gameName(game)}
      </h1>
      <RuleEditor
        rules={allRules(view.store)}
        draft={draft}
        setDraft={view.setDraft}
        onPick={view.onPick}
        onSave={view.onSave}
        onDelete={view.onDelete}
        dirty={view.dirty}
        markets={view.markets}
        nameOf={plan.nameOf}
        symbol={view.money.symbol}
      />
      <ScannerStatus view={view} game={game} />
      <div className="view__body">
        <div className="view__main sc-main">
          <ScannerRoutesArea view={view} />
        </div>
        <ItemDetails
          item={details}
          snap={view.snap}
          d={view.derived}
          askCols={view.askCols}
          bidCols={view.bidCols}
          nameOf={plan.nameOf}
          reloadEpoch={0}
          announce={view.setMessage}
        />
      </div>
      <details
        className="sc-backtest"
        data-testid="scanner-backtest"
        onToggle={(e) => setBacktestOpen(e.currentTarget.open)}
      >
        <summary>Backtest this rule on the recorded history</summary>
        {/* Mounted only while open: its history reads run only for a user who asked. */}
        {backtestOpen ? <BacktestPanel rule={draft} markets={view.userMarkets} nameOf={plan.nameOf} /> : null}
      </details>
    </div>
  );
}
