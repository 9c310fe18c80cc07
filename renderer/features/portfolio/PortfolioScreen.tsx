/**
 * The Portfolio page (#/portfolio, Ctrl+5), per game (the top bar's game switch): the holdings with what is
 * left of each lot after the sales (FIFO) and its cost, the sales with their realised profit, and the ways
 * in and out: add (also from Prices, the detail panel and the palette), edit, split, delete with Undo;
 * import (CSV, Steam inventory file, pasted list), fetch from Steam; export (holdings CSV, sales CSV, backup)
 * and restore. The state and figures come from usePortfolioScreen; what the holdings are worth comes from
 * valuation/ (usePortfolioValuation): its columns, and what goes above and below the table.
 */
import { useSelectedGame } from '../../lib/preferences';
import { HoldingsCard } from './HoldingsCard';
import { deleteSale } from './model/edits';
import { useNote } from './note-state';
import { PortfolioDialogs } from './PortfolioDialogs';
import { PortfolioHead } from './PortfolioHead';
import { PortfolioNotices } from './PortfolioNotices';
import { portfolioRuntime } from './portfolio-state';
import { SalesList } from './SalesList';
import { usePortfolioScreen } from './usePortfolioScreen';
import './portfolio.css';

export function PortfolioScreen() {
  const [game] = useSelectedGame();
  const model = usePortfolioScreen(game);
  const note = useNote();
  const { view, rows, sales, ledger, money, nameOf, valuation, exp, setOpen, say, fail } = model;

  return (
    <div className="page pf-page" data-testid="portfolio-screen">
      <PortfolioHead
        game={game}
        exporting={exp.exporting}
        noHoldings={rows.length === 0}
        noSales={sales.length === 0}
        onExport={(kind) => void exp.run(kind)}
        onOpen={setOpen}
      />
      <PortfolioNotices view={view} note={note} exportMessage={exp.message} />

      {valuation.above}
      <HoldingsCard game={game} model={model} onOpen={setOpen} />

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

      <PortfolioDialogs game={game} model={model} />
    </div>
  );
}
