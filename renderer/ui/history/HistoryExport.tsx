/**
 * Exports price history for analysts: CSV and/or Parquet plus provenance.json, streamed by a worker
 * (export/stream-export.ts) with progress (rows, bytes, time left) and Cancel; the size is estimated first
 * (export/estimate.ts) and shown. Desktop: the files stream to a new folder the user picks (no size limit; a
 * cancel or failure removes them). Web: one download per file. Used by Settings → Price history (a game, a
 * range, all items or the watchlist) and by the item panel's History chart (that item, its range and markets).
 */
import type { ExportFormat } from '../../market/history/export-run';
import type { ExportSelection } from '../../market/history/export-rows';
import './history.css';
import { useHistoryExport } from './useHistoryExport';

export function HistoryExport({
  selection,
  label = 'Export',
  testId,
}: {
  selection: () => ExportSelection | null;
  label?: string;
  testId?: string;
}) {
  const { format, setFormat, state, busy, run, cancel } = useHistoryExport(selection);
  return (
    <div className="hist__export" data-testid={testId}>
      <select
        className="input select input--small"
        aria-label="Export format"
        value={format}
        onChange={(e) => setFormat(e.target.value as ExportFormat)}
        disabled={busy}
      >
        <option value="both">CSV and Parquet</option>
        <option value="csv">CSV</option>
        <option value="parquet">Parquet</option>
      </select>
      {busy ? (
        <button type="button" className="btn btn--small" onClick={cancel}>
          Cancel export
        </button>
      ) : (
        <button type="button" className="btn btn--small" onClick={run}>
          {label}
        </button>
      )}
      <span
        className={`hist__export-status${state.kind === 'error' ? ' is-error' : ''}`}
        role="status"
        aria-live="polite"
        data-state={state.kind}
      >
        {state.kind === 'idle' ? '' : state.text}
      </span>
    </div>
  );
}
