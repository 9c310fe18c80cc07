/** The Portfolio page's holdings card: the headline figures, the filter, and the table or what stands in for it. */
import { gameName, type GameId } from '../../../shared/catalog/games';
import { formatMoney, MISSING } from '../../../shared/money/money';
import { openHoldingEditor } from '../../requests/holding-editor';
import { HoldingsTable } from './HoldingsTable';
import type { OpenDialog, PortfolioScreenModel } from './usePortfolioScreen';

interface HoldingsCardProps {
  game: GameId;
  model: PortfolioScreenModel;
  onOpen: (open: OpenDialog) => void;
}

export function HoldingsCard({ game, model, onOpen }: HoldingsCardProps) {
  const { view, holdings, money, realised, columns, actions, summary } = model;
  const { query, setQuery, sort, setSort, shown } = model.table;
  return (
    <section className="card pf-card" aria-labelledby="pf-holdings-h">
      <div className="card__head pf-card-head">
        <h2 id="pf-holdings-h" className="card__title">
          Holdings <span className="pf-count">{holdings.length}</span>
        </h2>
        <dl className="pf-summary">
          <div>
            <dt>Items held</dt>
            <dd data-testid="pf-items-held">{summary.items}</dd>
          </div>
          <div>
            <dt title="What the items held cost, fees included (FIFO after the sales)">Cost basis</dt>
            <dd data-testid="pf-cost-total">
              {summary.costKnown ? formatMoney(summary.cost, money) : MISSING}
              {summary.costMissing ? <span className="pf-muted"> ({summary.costMissing} without a cost)</span> : null}
            </dd>
          </div>
          <div>
            <dt>Realised</dt>
            <dd data-testid="pf-realised-headline">{realised !== null ? formatMoney(realised, money) : MISSING}</dd>
          </div>
        </dl>
        <span className="pf-spacer" />
        <input
          type="search"
          className="input pf-filter"
          aria-label="Filter holdings"
          placeholder="Filter: item, place, note…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {!view.ready ? (
        <p className="pf-muted">Reading your portfolio…</p>
      ) : holdings.length === 0 ? (
        <div className="empty-state pf-empty" data-testid="pf-empty">
          <p className="empty-state__title">No {gameName(game)} holdings yet</p>
          <p className="empty-state__text">
            Add what you own with its cost, import a CSV or a Steam inventory file, paste a list, or fetch a public
            Steam inventory. From Prices, press <strong>Add to portfolio</strong> on a row or in an item’s details.
          </p>
          <div className="empty-state__actions">
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={(e) => openHoldingEditor({ mode: 'new', game, returnFocus: e.currentTarget })}
            >
              Add holding
            </button>
            <button type="button" className="btn btn--small" onClick={() => onOpen({ kind: 'import' })}>
              Import…
            </button>
            <button type="button" className="btn btn--small" onClick={() => onOpen({ kind: 'steam' })}>
              Fetch from Steam…
            </button>
          </div>
        </div>
      ) : shown.length === 0 ? (
        <p className="pf-muted" data-testid="pf-no-match">
          No holding matches “{query}”.{' '}
          <button type="button" className="btn btn--small" onClick={() => setQuery('')}>
            Clear the filter
          </button>
        </p>
      ) : (
        <HoldingsTable
          rows={shown}
          columns={columns}
          sort={sort}
          onSort={setSort}
          actions={actions}
          label={`${gameName(game)} holdings`}
        />
      )}
      {holdings.length > 0 ? (
        <p className="field__hint pf-keys">
          Keys on a row: <kbd className="kbd">Enter</kbd> edit, <kbd className="kbd">S</kbd> record a sale,{' '}
          <kbd className="kbd">P</kbd> split, <kbd className="kbd">Delete</kbd> delete (with Undo).
        </p>
      ) : null}
    </section>
  );
}
