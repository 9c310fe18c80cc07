/**
 * The valuation on the Portfolio page (PortfolioScreen calls it): every row with its figures, the valuation
 * columns (shown after the ledger's), the headline with the "Net of fees" switch and the valuations export
 * above the holdings, the value-over-time chart and the held items' history export below them. The rest of
 * the page knows nothing of prices.
 */
import { useCallback, useMemo } from 'react';
import { HistoryExport } from '../../../ui/history/HistoryExport';
import { useMoneyFormat } from '../../../lib/preferences';
import type { GameId } from '../../../../shared/catalog/games';
import type { HoldingRow } from '../model/types';
import { valuationColumns, type ValuedRow } from './columns';
import type { HoldingValue } from './measures';
import { useValuation, type PartStatus } from './useValuation';
import { useValuationsExport } from './useValuationsExport';
import { NetOfFeesSwitch, ValuationSummary } from './ValuationSummary';
import { ValueOverTimeChart } from './ValueOverTimeChart';

function partNote(what: string, p: PartStatus): string | null {
  if (p.state === 'loading') return `Loading ${what}…`;
  if (p.state === 'error' && p.error)
    return `${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded: ${p.error.message}`;
  return null;
}

/** `realised`: the ledger's realised profit of the game's sales; null when unknown (a sale of a lot without a cost). */
export function usePortfolioValuation(game: GameId, rows: readonly HoldingRow[], realised: number | null) {
  const money = useMoneyFormat();
  const v = useValuation(game, rows);
  const byId = useMemo(() => {
    const m = new Map<string, HoldingValue>();
    if (v.valuation && v.valuedRows)
      v.valuedRows.forEach((r, i) => m.set(r.holding.id, v.valuation?.values[i] as HoldingValue));
    return m;
  }, [v.valuation, v.valuedRows]);
  const valued = useMemo<ValuedRow[]>(
    () => rows.map((r) => ({ ...r, value: byId.get(r.holding.id) ?? null })),
    [rows, byId],
  );
  const columns = useMemo(() => valuationColumns({ money, net: v.net, nameOf: v.nameOf }), [money, v.net, v.nameOf]);
  const exp = useValuationsExport({ game, rows: valued, net: v.net, nameOf: v.nameOf });
  const pending =
    v.failure ??
    (v.prices.state === 'loading'
      ? 'Loading prices…'
      : v.prices.state === 'error' && v.prices.error
        ? `Prices could not be loaded: ${v.prices.error.message}`
        : null);
  const notes = [partNote('suggested prices', v.recommendations), partNote('Steam analytics', v.steam)].filter(
    (n): n is string => n !== null,
  );
  const above =
    rows.length === 0 ? null : (
      <div className="pf-valuation">
        <div className="pf-valuation__bar">
          <NetOfFeesSwitch net={v.net} onChange={v.setNet} />
          {v.valuing ? (
            <span className="pf-muted" role="status">
              Valuing…
            </span>
          ) : null}
          {notes.map((n) => (
            <span key={n} className="pf-muted">
              {n}
            </span>
          ))}
          <span className="pf-spacer" />
          <button
            type="button"
            className="btn btn--small"
            disabled={exp.exporting || v.valuation === null}
            onClick={() => void exp.exportCsv()}
          >
            Export valuations (CSV)
          </button>
        </div>
        {exp.message ? (
          <p
            className={`pf-problem ${exp.message.tone === 'error' ? '' : 'is-info'}`}
            role={exp.message.tone === 'error' ? 'alert' : 'status'}
          >
            {exp.message.text}
          </p>
        ) : null}
        <ValuationSummary
          totals={v.valuation?.totals ?? null}
          realised={realised}
          money={money}
          net={v.net}
          pending={pending}
        />
      </div>
    );
  // The held items' recorded prices for analysts: every market, the whole history kept.
  const heldNames = useMemo(() => [...new Set(rows.map((r) => r.holding.name))], [rows]);
  const historySelection = useCallback(
    () => (heldNames.length ? { game, names: heldNames, markets: null, from: 0, to: Date.now() } : null),
    [game, heldNames],
  );
  const below =
    rows.length === 0 ? null : (
      <>
        <ValueOverTimeChart rows={rows} settings={v.seriesSettings} nameOf={v.nameOf} />
        <div className="pf-valuation__bar">
          <span className="pf-muted">
            The recorded prices of every held item, every market (CSV or Parquet, with provenance):
          </span>
          <HistoryExport
            selection={historySelection}
            label="Export price history of the holdings"
            testId="pf-history-export"
          />
        </div>
      </>
    );
  return { rows: valued, columns, above, below };
}
