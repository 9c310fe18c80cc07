/**
 * Exports price history for analysts: CSV and/or Parquet plus provenance.json, streamed by a worker
 * (export/stream-export.ts) with progress (rows, bytes, time left) and Cancel. The size is estimated first
 * (export/estimate.ts) and shown. Desktop: the files stream to a new folder the user picks, chunk by chunk
 * over IPC (no size limit; free space checked against the estimate; a cancel or failure removes them).
 * Web: one download per file, served by the web host as the chunks arrive. Used by Settings → Price history (a game, a range, all items or the watchlist) and by
 * the item panel's History chart (that item, its range and markets).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { gameName } from '../../../shared/catalog/games';
import { APP_PREFERENCES, readPreference } from '../../lib/preferences';
import { describeError } from '../../platform';
import { useConnection } from '../../platform/connection';
import { useDataSource } from '../../market/providers';
import type { ExportFormat } from '../../market/history/export-run';
import type { ExportSelection } from '../../market/history/export-rows';
import type { ExportEstimate } from '../../market/history/export/estimate';
import { hostSinks } from '../../market/history/export/host-sink';
import { sinkServer, type SinkCall } from '../../market/history/export/sink-port';
import { useCurrency } from '../../market/currency/context';
import { exportFileNames, type StreamProgress } from '../../market/history/export/stream-export';
import type { StreamMessage, StreamRequest } from '../../market/history/export/stream.worker';
import './history.css';

type State = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'done' | 'error'; text: string };

/** A folder name the host accepts (letters, digits, dash). */
function folderName(sel: ExportSelection, at: number): string {
  const d = new Date(at).toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const what =
    sel.names && sel.names.length === 1
      ? (sel.names[0] ?? '')
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 40)
      : `game-${sel.game}`;
  return `price-history-${what || 'item'}-${d}`;
}

/** "123,456 rows, 12.3 MB written, about 40 s left" */
function progressText(p: StreamProgress): string {
  const left =
    p.etaMs === null
      ? ''
      : p.etaMs < 1500
        ? ', almost done'
        : `, about ${p.etaMs < 90_000 ? `${Math.round(p.etaMs / 1000)} s` : `${Math.round(p.etaMs / 60_000)} min`} left`;
  return `Exporting: ${p.rows.toLocaleString('en-US')} rows, ${(p.bytes / 1e6).toFixed(1)} MB written${left}…`;
}

/** "about 1,234,567 rows, about 130 MB" */
function estimateText(e: ExportEstimate): string {
  return `about ${e.rows.toLocaleString('en-US')} rows, about ${e.bytes < 1e9 ? `${Math.max(1, Math.round(e.bytes / 1e6))} MB` : `${(e.bytes / 1e9).toFixed(1)} GB`}`;
}

export function HistoryExport({
  selection,
  label = 'Export',
  testId,
}: {
  selection: () => ExportSelection | null;
  label?: string;
  testId?: string;
}) {
  const { api } = useConnection();
  const { sourceKey } = useDataSource();
  const currency = useCurrency();
  const [format, setFormat] = useState<ExportFormat>('both');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const worker = useRef<Worker | null>(null);
  /** The host export being written (removed if the page goes away mid-export), and a Cancel pressed before the worker started. */
  const hostExport = useRef<string | null>(null);
  const cancelled = useRef(false);

  useEffect(
    () => () => {
      worker.current?.terminate();
      if (hostExport.current) void api.abortExport({ exportId: hostExport.current }).catch(() => undefined);
    },
    [api],
  );

  const cancel = useCallback(() => {
    cancelled.current = true;
    worker.current?.postMessage({ type: 'cancel' } satisfies StreamRequest);
  }, []);

  const run = useCallback(() => {
    const sel = selection();
    if (!sel) return;
    const at = Date.now();
    const seconds = readPreference(APP_PREFERENCES.refreshIntervalSeconds);
    const formats = { csv: format !== 'parquet', parquet: format !== 'csv' };
    const w = (worker.current ??= new Worker(new URL('../../market/history/export/stream.worker.ts', import.meta.url), {
      type: 'module',
      name: 'market-desk-history-export',
    }));
    const name = folderName(sel, at);
    const fileNames = exportFileNames(sel.game, formats);
    // Each file streamed to the host as it is written, any size: desktop to a new folder, web as downloads.
    let serve: ((call: SinkCall) => Promise<void>) | null = null;
    let where = '';
    cancelled.current = false;
    setState({ kind: 'busy', text: 'Estimating the export\u2026' });
    const start = (): void => {
      const req: StreamRequest = {
        type: 'start',
        sel,
        formats,
        ctx: {
          service:
            sourceKey === 'demo'
              ? 'demo (the embedded reference service)'
              : (sourceKey?.replace(/^live\|/, '') ?? 'unknown'),
          gameName: gameName(sel.game),
          pollingIntervalMs: seconds > 0 ? seconds * 1000 : null,
          at,
          // Shown in another currency: each row's price at its own day's rate too (stream-export.ts).
          ...(currency.converting && currency.current
            ? {
                currency: {
                  service: currency.service,
                  display: currency.display,
                  days: [...currency.days],
                  manual: [...currency.manual],
                },
              }
            : {}),
        },
      };
      w.postMessage(req);
    };
    const opened = (estimate: ExportEstimate): void => {
      if (cancelled.current) {
        setState({ kind: 'done', text: 'Export cancelled.' });
        return;
      }
      if (estimate.rows === 0) {
        setState({ kind: 'done', text: 'Nothing to export: no history in that selection.' });
        return;
      }
      const about = estimateText(estimate);
      setState({
        kind: 'busy',
        text: api.host === 'web' ? `Starting the downloads (${about})\u2026` : `${about}: choose a folder\u2026`,
      });
      api.openExport({ folderName: name, files: fileNames, estimateBytes: estimate.bytes }).then(
        (r) => {
          if (!r.opened) {
            setState({ kind: 'done', text: 'Export cancelled.' });
            return;
          }
          if (cancelled.current) {
            void api.abortExport({ exportId: r.exportId }).catch(() => undefined);
            setState({ kind: 'done', text: 'Export cancelled.' });
            return;
          }
          hostExport.current = r.exportId;
          where = r.path;
          serve = sinkServer(w, hostSinks(api, r.exportId));
          setState({ kind: 'busy', text: `Exporting (${about})\u2026` });
          start();
        },
        (err: unknown) => setState({ kind: 'error', text: `Could not export: ${describeError(err)}` }),
      );
    };
    w.onerror = (e) => {
      if (hostExport.current) void api.abortExport({ exportId: hostExport.current }).catch(() => undefined);
      hostExport.current = null;
      setState({ kind: 'error', text: `Could not export: ${e.message || 'the export worker failed'}.` });
    };
    w.onmessage = (e: MessageEvent<StreamMessage>) => {
      const m = e.data;
      // The worker ended the export (its files ended or aborted): nothing of it is left to remove here.
      if (m.type === 'done' || m.type === 'cancelled' || m.type === 'error') hostExport.current = null;
      if (m.type === 'estimate') opened(m.estimate);
      else if (m.type === 'progress') setState({ kind: 'busy', text: progressText(m.progress) });
      else if (m.type === 'cancelled') setState({ kind: 'done', text: 'Export cancelled: nothing was kept.' });
      else if (m.type === 'error') setState({ kind: 'error', text: `Could not export: ${m.message}` });
      else if (m.type !== 'done') void serve?.(m);
      else {
        const what = `${m.result.rows.toLocaleString('en-US')} rows (${m.result.files.map((f) => f.name).join(', ')})`;
        setState({ kind: 'done', text: where ? `Exported ${what} to ${where}.` : `Downloaded ${what}.` });
      }
    };
    w.postMessage({ type: 'estimate', sel, formats } satisfies StreamRequest);
  }, [api, format, selection, sourceKey, currency]);

  const busy = state.kind === 'busy';
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
