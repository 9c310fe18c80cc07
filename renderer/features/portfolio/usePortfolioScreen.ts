/**
 * The Portfolio page's model: the game's holdings and sales, the FIFO ledger with costs converted to the
 * display currency, the valuation, the filtered and sorted rows, the row actions, the exports (in the
 * service currency) and which dialog is open. PortfolioScreen composes it with the page's parts.
 */
import { useCallback, useMemo, useState } from 'react';
import type { GameId } from '../../../shared/catalog/games';
import { useMoneyFormat } from '../../lib/preferences';
import { useCurrency, type CurrencyView } from '../../market/currency/context';
import { useItemNames } from '../../market/item-names';
import { useMarketPlan } from '../../market/prefs';
import { useGridData } from '../../market/useGridData';
import { openHoldingEditor } from '../../requests/holding-editor';
import { holdingColumns } from './holding-columns';
import type { RowActions } from './HoldingsTable';
import type { PortfolioColumn } from './model/columns';
import { costsForLedger, salesForLedger } from './model/cost-currency';
import { deleteHoldings } from './model/edits';
import { placeText } from './model/export-csv';
import { summarizeHoldings } from './model/holdings-summary';
import { buildLedger, holdingRows, itemKey } from './model/ledger';
import { filterRows, sortRows, type SortState } from './model/table-view';
import type { Holding, Sale } from './model/types';
import { showNote } from './note-state';
import { portfolioRuntime, usePortfolio, type UndoNote } from './portfolio-state';
import { usePortfolioExport } from './usePortfolioExport';
import type { ValuedRow } from './valuation/columns';
import { usePortfolioValuation } from './valuation/usePortfolioValuation';

export type OpenDialog =
  | { kind: 'split'; holding: Holding }
  | { kind: 'sale'; name: string; sale: Sale | null }
  | { kind: 'import' }
  | { kind: 'steam' }
  | { kind: 'restore' }
  | null;

/** The ledger and its rows, with costs entered in other currencies converted at their purchase date's rate. */
function useLedgerRows(holdings: readonly Holding[], sales: readonly Sale[], known: ReadonlySet<string> | null) {
  const currency = useCurrency();
  const ledgerHoldings = useMemo(() => costsForLedger(holdings, currency), [holdings, currency]);
  // Sales likewise convert at their sale date's rate.
  const ledger = useMemo(
    () => buildLedger(ledgerHoldings, salesForLedger(sales, currency)),
    [ledgerHoldings, sales, currency],
  );
  // Before the catalog is loaded every name counts as known: nothing is marked wrongly. The rows keep the records as entered.
  const rows = useMemo(() => {
    const entered = new Map(holdings.map((h) => [h.id, h]));
    return holdingRows(ledger, ledgerHoldings, (n) => known === null || known.has(n)).map((r) => ({
      ...r,
      holding: entered.get(r.holding.id) ?? r.holding,
    }));
  }, [ledger, ledgerHoldings, holdings, known]);
  return { currency, ledger, rows };
}

/** Exports keep the service currency: costs at their purchase date's rate, not the display's ledger figures. */
function useServiceLedger(currency: CurrencyView, holdings: readonly Holding[], sales: readonly Sale[]) {
  return useMemo(() => {
    if (!currency.converting || !currency.current) return null;
    const hs = costsForLedger(holdings, { ...currency, converting: false, current: null });
    const l = buildLedger(hs, sales);
    return { ledger: l, cost: new Map(holdingRows(l, hs, () => true).map((r) => [r.holding.id, r.costBasis])) };
  }, [currency, holdings, sales]);
}

function useShownRows(
  rows: readonly ValuedRow[],
  columns: readonly PortfolioColumn<ValuedRow>[],
  nameOf: (id: string) => string,
) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const shown = useMemo(() => {
    const filtered = filterRows(
      rows,
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
  }, [rows, query, sort, columns, nameOf]);
  return { query, setQuery, sort, setSort, shown };
}

export function usePortfolioScreen(game: GameId) {
  const view = usePortfolio();
  const money = useMoneyFormat();
  const plan = useMarketPlan(game);
  // The game's prices: the catalog's names (the picker, "not in catalog") and what the valuation reads.
  const { snap } = useGridData({ game, askMarkets: plan.askMarkets, bidMarkets: plan.bidMarkets });
  const cached = useItemNames(game);
  const names = snap?.names ?? cached;
  const known = useMemo(() => (names ? new Set(names) : null), [names]);
  const [open, setOpen] = useState<OpenDialog>(null);
  const [now] = useState(() => Date.now());

  const holdings = useMemo(() => view.holdings.filter((h) => h.game === game), [view.holdings, game]);
  const sales = useMemo(() => view.sales.filter((s) => s.game === game), [view.sales, game]);
  const { currency, ledger, rows } = useLedgerRows(holdings, sales, known);
  const nameOf = plan.nameOf;
  const realised = sales.length > ledger.realisedMissing ? ledger.realised : null;
  const valuation = usePortfolioValuation(game, rows, realised);
  const valuationColumns = valuation.columns;
  const columns = useMemo<readonly PortfolioColumn<ValuedRow>[]>(
    () => [...holdingColumns({ money, marketName: nameOf, now }), ...valuationColumns],
    [money, nameOf, now, valuationColumns],
  );
  const table = useShownRows(valuation.rows, columns, nameOf);

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

  const serviceLedger = useServiceLedger(currency, holdings, sales);
  const shown = table.shown;
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

  const summary = summarizeHoldings(rows);
  const heldOf = (name: string) => ledger.items.get(itemKey(game, name))?.held ?? 0;

  return {
    view,
    money,
    nameOf,
    holdings,
    sales,
    ledger,
    rows,
    realised,
    valuation,
    columns,
    table,
    actions,
    exp,
    summary,
    heldOf,
    open,
    setOpen,
    say,
    fail,
  };
}

export type PortfolioScreenModel = ReturnType<typeof usePortfolioScreen>;
