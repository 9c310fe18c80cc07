/** The Portfolio page's heading row: add, import, fetch from Steam, and the Export menu (CSV, backup, restore). */
import { useRef } from 'react';
import { gameName, type GameId } from '../../../shared/catalog/games';
import { openHoldingEditor } from '../../requests/holding-editor';
import type { OpenDialog } from './usePortfolioScreen';
import type { ExportKind } from './usePortfolioExport';

interface PortfolioHeadProps {
  game: GameId;
  exporting: boolean;
  noHoldings: boolean;
  noSales: boolean;
  onExport: (kind: ExportKind) => void;
  onOpen: (open: OpenDialog) => void;
}

export function PortfolioHead({ game, exporting, noHoldings, noSales, onExport, onOpen }: PortfolioHeadProps) {
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };
  const exportAs = (kind: ExportKind) => {
    closeMenu();
    onExport(kind);
  };
  return (
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
      <button type="button" className="btn btn--small" onClick={() => onOpen({ kind: 'import' })}>
        Import…
      </button>
      <button type="button" className="btn btn--small" onClick={() => onOpen({ kind: 'steam' })}>
        Fetch from Steam…
      </button>
      <details className="pf-menu" ref={menu}>
        <summary className="btn btn--small">Export</summary>
        <div className="pf-menu__list" role="group" aria-label="Export">
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={exporting || noHoldings}
            onClick={() => exportAs('holdings')}
          >
            Holdings (CSV)
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={exporting || noSales}
            onClick={() => exportAs('sales')}
          >
            Sales (CSV)
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={exporting}
            onClick={() => exportAs('backup')}
          >
            Backup of the whole portfolio
          </button>
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={() => {
              closeMenu();
              onOpen({ kind: 'restore' });
            }}
          >
            Restore from a backup…
          </button>
        </div>
      </details>
    </div>
  );
}
