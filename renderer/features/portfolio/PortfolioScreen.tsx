/**
 * The Portfolio page (#/portfolio, Ctrl+5), per game (the top bar's game switch): the holdings with what is
 * left of each lot after the sales (FIFO) and its cost, the sales with their realised profit, and the ways
 * in and out: add (also from Prices, the detail panel and the palette), edit, split, delete with Undo;
 * import (CSV, Steam inventory file, pasted list), fetch from Steam; export (holdings CSV, sales CSV, backup)
 * and restore. What the holdings are worth comes from valuation/ (usePortfolioValuation): the rows with its
 * figures, the columns that show them (after the ledger's own) and what goes above and below the table.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { formatMoney, MISSING } from '../../../shared/money/money';
import { useMoneyFormat, useSelectedGame } from '../../lib/preferences';
import { useItemNames } from '../../market/item-names';
import { useMarketPlan } from '../../market/prefs';
import { useGridData } from '../../market/useGridData';
import { openHoldingEditor } from '../../requests/holding-editor';
import { holdingColumns } from './holding-columns';
import { HoldingsTable, type RowActions } from './HoldingsTable';
import { ImportDialog } from './ImportDialog';
import type { PortfolioColumn } from './model/columns';
import { deleteHoldings, deleteSale } from './model/edits';
import { placeText } from './model/export-csv';
import { buildLedger, holdingRows, itemKey } from './model/ledger';
import { costsForLedger, salesForLedger } from './model/cost-currency';
import { useCurrency } from '../../market/currency/context';
import { filterRows, sortRows, type SortState } from './model/table-view';
import type { Holding, Sale } from './model/types';
import { dropNote, showNote, useNote } from './note-state';
import { RestoreDialog } from './RestoreDialog';
import { portfolioRuntime, usePortfolio, type UndoNote } from './portfolio-state';
import { SaleDialog } from './SaleDialog';
import { SalesList } from './SalesList';
import { SplitDialog } from './SplitDialog';
import { SteamFetchDialog } from './SteamFetchDialog';
import { UndoNoteBar } from './UndoNoteBar';
import { usePortfolioExport, type ExportKind } from './usePortfolioExport';
import type { ValuedRow } from './valuation/columns';
import { usePortfolioValuation } from './valuation/usePortfolioValuation';
import './portfolio.css';

type Open =
  | { kind: 'split'; holding: Holding }
  | { kind: 'sale'; name: string; sale: Sale | null }
  | { kind: 'import' }
  | { kind: 'steam' }
  | { kind: 'restore' }
  | null;

export function PortfolioScreen() {
  const [game] = useSelectedGame();
  const view = usePortfolio();
  const money = useMoneyFormat();
  const plan = useMarketPlan(game);
  // The game's prices: the catalog's names (the picker, "not in catalog") and what the valuation reads.
  const { snap } = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets });
  const cached = useItemNames(game);
  const names = snap?.names ?? cached;
  const known = useMemo(() => (names ? new Set(names) : null), [names]);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const note = useNote();
  const [now] = useState(() => Date.now());

  const holdings = useMemo(() => view.holdings.filter((h) => h.game === game), [view.holdings, game]);
  const sales = useMemo(() => view.sales.filter((s) => s.game === game), [view.sales, game]);
  // Costs entered in other currencies convert at their purchase date's rate (model/cost-currency.ts); the rows keep the records as entered.
  const currency = useCurrency();
  const ledgerHoldings = useMemo(() => costsForLedger(holdings, currency), [holdings, currency]);
  const ledger = useMemo(
    () => buildLedger(ledgerHoldings, salesForLedger(sales, currency)),
    [ledgerHoldings, sales, currency],
  );
  // Before the catalog is loaded every name counts as known: nothing is marked wrongly.
  const rows = useMemo(() => {
    const entered = new Map(holdings.map((h) => [h.id, h]));
    return holdingRows(ledger, ledgerHoldings, (n) => known === null || known.has(n)).map((r) => ({
      ...r,
      holding: entered.get(r.holding.id) ?? r.holding,
    }));
  }, [ledger, ledgerHoldings, holdings, known]);
  const nameOf = plan.nameOf;
  const realised = sales.length > ledger.realisedMissing ? ledger.realised : null;
  const valuation = usePortfolioValuation(game, rows, realised);
  const valuationColumns = valuation.columns;
  const columns = useMemo<readonly PortfolioColumn<ValuedRow>[]>(
    () => [...holdingColumns({ money, marketName: nameOf, now }), ...valuationColumns],
    [money, nameOf, now, valuationColumns],
  );
  const shown = useMemo(() => {
    const filtered = filterRows(
      valuation.rows,
      query,
      (r) =>
        `${r.holding.name} ${r.holding.note} ${placeText(r.holding.place, { marketName: nameOf })} ${r.holding.acquired ?? ''}`,
    );
    return sort
      ? sortRows(
          filtered,
          columns.find((c) => c.id === sort.column),
          sort.dir,
        )
      : filtered;
  }, [valuation.rows, query, sort, columns, nameOf]);

  const say = useCallback((n: UndoNote) => showNote(n), []);
  const fail = useCallback((e: unknown) => showNote({ text: e instanceof Error ? e.message : String(e) }), []);
  const actions = useMemo<RowActions>(
    () => ({
      edit: (row, from) => openHoldingEditor({ mode: 'edit', holdingId: row.holding.id, returnFocus: from }),
      split: (row) => row.holding.quantity > 1 && setOpen({ kind: 'split', holding: row.holding }),
      sell: (row) => setOpen({ kind: 'sale', name: row.holding.name, sale: null }),
      remove: (row) =>
        void portfolioRuntime()
          .commit(deleteHoldings([row.holding]))
          .then(say, fail),
    }),
    [say, fail],
  );

  // Exports keep the service currency: costs at their purchase date's rate, not the display's ledger figures.
  const serviceLedger = useMemo(() => {
    if (!currency.converting || !currency.current) return null;
    const hs = costsForLedger(holdings, { ...currency, converting: false, current: null });
    const l = buildLedger(hs, sales);
    return { ledger: l, cost: new Map(holdingRows(l, hs, () => true).map((r) => [r.holding.id, r.costBasis])) };
  }, [currency, holdings, sales]);
  const exportRows = useMemo(
    () =>
      serviceLedger ? shown.map((r) => ({ ...r, costBasis: serviceLedger.cost.get(r.holding.id) ?? null })) : shown,
    [shown, serviceLedger],
  );
  const exp = usePortfolioExport({
    game,
    rows: exportRows,
    ledger: serviceLedger?.ledger ?? ledger,
    saleIds: sales.map((s) => s.id),
    all: view,
    marketName: nameOf,
  });
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  const exportAs = (kind: ExportKind) => {
    closeMenu();
    void exp.run(kind);
  };

  let items = 0;
  let cost = 0;
  let costKnown = 0;
  let costMissing = 0;
  for (const r of rows) {
    items += r.remaining;
    if (r.remaining === 0) continue;
    if (r.costBasis === null) costMissing++;
    else {
      cost += r.costBasis;
      costKnown++;
    }
  }
  const item = ledger.items;
  const heldOf = (name: string) => item.get(itemKey(game, name))?.held ?? 0;

  return (
    <div className="page pf-page" data-testid="portfolio-screen">
      <div className="page__head pf-head">
        <h1 className="page__title" tabIndex={-1} data-page-heading>
          Portfolio
        </h1>
        <span className="page__subtitle">{gameName(game)}</span>
        <span className="pf-spacer" />
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={(e) => openHoldingEditor({ mode: 'new', game, returnFocus: e.currentTarget })}
        >
          Add holding
        </button>
        <button type="button" className="btn btn--small" onClick={() => setOpen({ kind: 'import' })}>
          Import…
        </button>
        <button type="button" className="btn btn--small" onClick={() => setOpen({ kind: 'steam' })}>
          Fetch from Steam…
        </button>
        <details className="pf-menu" ref={menu}>
          <summary className="btn btn--small">Export</summary>
          <div className="pf-menu__list" role="group" aria-label="Export">
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={exp.exporting || rows.length === 0}
              onClick={() => exportAs('holdings')}
            >
              Holdings (CSV)
            </button>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={exp.exporting || sales.length === 0}
              onClick={() => exportAs('sales')}
            >
              Sales (CSV)
            </button>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              disabled={exp.exporting}
              onClick={() => exportAs('backup')}
            >
              Backup of the whole portfolio
            </button>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => {
                closeMenu();
                setOpen({ kind: 'restore' });
              }}
            >
              Restore from a backup…
            </button>
          </div>
        </details>
      </div>

      {view.loadError ? (
        <p className="pf-problem" role="alert" data-testid="pf-load-error">
          {view.loadError}{' '}
          <button type="button" className="btn btn--small" onClick={() => void portfolioRuntime().reload()}>
            Try again
          </button>
        </p>
      ) : null}
      {view.problem ? (
        <p className="pf-problem" role="alert" data-testid="pf-write-problem">
          {view.problem}
        </p>
      ) : null}
      {view.invalid > 0 ? (
        <p className="pf-problem is-info">
          {view.invalid} saved {view.invalid === 1 ? 'record' : 'records'} could not be read (from another version?) and{' '}
          {view.invalid === 1 ? 'is' : 'are'} left out.
        </p>
      ) : null}
      {note ? (
        <p className="pf-problem is-info">
          <UndoNoteBar note={note} onDone={() => dropNote(note)} />
        </p>
      ) : null}
      {exp.message ? (
        <p
          className={`pf-problem ${exp.message.tone === 'error' ? '' : 'is-info'}`}
          role={exp.message.tone === 'error' ? 'alert' : 'status'}
        >
          {exp.message.text}
        </p>
      ) : null}

      {valuation.above}
      <section className="card pf-card" aria-labelledby="pf-holdings-h">
        <div className="card__head pf-card-head">
          <h2 id="pf-holdings-h" className="card__title">
            Holdings <span className="pf-count">{holdings.length}</span>
          </h2>
          <dl className="pf-summary">
            <div>
              <dt>Items held</dt>
              <dd data-testid="pf-items-held">{items}</dd>
            </div>
            <div>
              <dt title="What the items held cost, fees included (FIFO after the sales)">Cost basis</dt>
              <dd data-testid="pf-cost-total">
                {costKnown ? formatMoney(cost, money) : MISSING}
                {costMissing ? <span className="pf-muted"> ({costMissing} without a cost)</span> : null}
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
              <button type="button" className="btn btn--small" onClick={() => setOpen({ kind: 'import' })}>
                Import…
              </button>
              <button type="button" className="btn btn--small" onClick={() => setOpen({ kind: 'steam' })}>
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

      {valuation.below}
      <section className="card pf-card" aria-labelledby="pf-sales-h">
        <div className="card__head">
          <h2 id="pf-sales-h" className="card__title">
            Sales <span className="pf-count">{sales.length}</span>
          </h2>
        </div>
        {sales.length === 0 ? (
          <p className="pf-muted" data-testid="pf-sales-empty">
            No sale recorded. Press <strong>Sell</strong> on a holding: the cost comes from the item’s oldest lots first
            (FIFO), and the realised profit is shown here.
          </p>
        ) : (
          <SalesList
            sales={sales}
            ledger={ledger}
            money={money}
            marketName={nameOf}
            onEdit={(s) => setOpen({ kind: 'sale', name: s.name, sale: s })}
            onDelete={(s) => void portfolioRuntime().commit(deleteSale(s)).then(say, fail)}
          />
        )}
      </section>

      {open?.kind === 'split' ? (
        <SplitDialog holding={open.holding} onClose={() => setOpen(null)} onDone={say} />
      ) : null}
      {open?.kind === 'sale' ? (
        <SaleDialog
          game={game}
          name={open.name}
          held={
            heldOf(open.name) + (open.sale ? open.sale.quantity - (ledger.sales.get(open.sale.id)?.shortfall ?? 0) : 0)
          }
          existing={open.sale}
          onClose={() => setOpen(null)}
          onDone={say}
        />
      ) : null}
      {open?.kind === 'import' ? <ImportDialog game={game} onClose={() => setOpen(null)} onDone={say} /> : null}
      {open?.kind === 'steam' ? <SteamFetchDialog game={game} onClose={() => setOpen(null)} onDone={say} /> : null}
      {open?.kind === 'restore' ? <RestoreDialog onClose={() => setOpen(null)} onDone={say} /> : null}
    </div>
  );
}
