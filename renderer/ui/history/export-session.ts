/**
 * One run of the streamed history export, between the worker and the host: the worker estimates, the host
 * opens the files (desktop: a new folder the user picks, free space checked against the estimate; web: one
 * download per file), then the worker streams into them chunk by chunk with progress. Every outcome, Cancel
 * included, ends as a state line for the page.
 */
import { describeError, type PlatformApi } from '../../platform';
import type { ExportContext } from '../../market/history/export-run';
import type { ExportSelection } from '../../market/history/export-rows';
import type { ExportEstimate } from '../../market/history/export/estimate';
import { hostSinks } from '../../market/history/export/host-sink';
import { sinkServer, type SinkCall } from '../../market/history/export/sink-port';
import { exportFileNames, type StreamFormats } from '../../market/history/export/stream-export';
import type { StreamMessage, StreamRequest } from '../../market/history/export/stream.worker';
import { estimateText, folderName, progressText } from './export-text';

export type ExportState = { kind: 'idle' } | { kind: 'busy'; text: string } | { kind: 'done' | 'error'; text: string };

export interface ExportSession {
  api: PlatformApi;
  worker: Worker;
  sel: ExportSelection;
  formats: StreamFormats;
  ctx: ExportContext;
  /** The host export being written (the page removes it if it goes away mid-export). */
  hostExport: { current: string | null };
  /** Cancel pressed (possibly before the worker started). */
  cancelled: { current: boolean };
  setState(state: ExportState): void;
}

const abort = (api: PlatformApi, exportId: string): void => void api.abortExport({ exportId }).catch(() => undefined);

/** Asks the host for the files once the estimate is known; `begin` gets the export's id and where it goes. */
function openFiles(s: ExportSession, estimate: ExportEstimate, begin: (exportId: string, where: string) => void): void {
  const { api, setState } = s;
  if (s.cancelled.current) return setState({ kind: 'done', text: 'Export cancelled.' });
  if (estimate.rows === 0) return setState({ kind: 'done', text: 'Nothing to export: no history in that selection.' });
  const about = estimateText(estimate);
  setState({
    kind: 'busy',
    text: api.host === 'web' ? `Starting the downloads (${about})\u2026` : `${about}: choose a folder\u2026`,
  });
  const files = exportFileNames(s.sel.game, s.formats);
  api.openExport({ folderName: folderName(s.sel, s.ctx.at), files, estimateBytes: estimate.bytes }).then(
    (r) => {
      if (!r.opened) return setState({ kind: 'done', text: 'Export cancelled.' });
      if (s.cancelled.current) {
        abort(api, r.exportId);
        return setState({ kind: 'done', text: 'Export cancelled.' });
      }
      s.hostExport.current = r.exportId;
      setState({ kind: 'busy', text: `Exporting (${about})\u2026` });
      begin(r.exportId, r.path);
    },
    (err: unknown) => setState({ kind: 'error', text: `Could not export: ${describeError(err)}` }),
  );
}

/** Starts the export: estimate, open the files, stream, each step reported through `setState`. */
export function runExportSession(s: ExportSession): void {
  const { api, worker: w, sel, formats, setState } = s;
  // Each file streamed to the host as it is written, any size: desktop to a new folder, web as downloads.
  let serve: ((call: SinkCall) => Promise<void>) | null = null;
  let where = '';
  s.cancelled.current = false;
  setState({ kind: 'busy', text: 'Estimating the export\u2026' });
  const begin = (exportId: string, path: string): void => {
    where = path;
    serve = sinkServer(w, hostSinks(api, exportId));
    w.postMessage({ type: 'start', sel, formats, ctx: s.ctx } satisfies StreamRequest);
  };
  w.onerror = (e) => {
    if (s.hostExport.current) abort(api, s.hostExport.current);
    s.hostExport.current = null;
    setState({ kind: 'error', text: `Could not export: ${e.message || 'the export worker failed'}.` });
  };
  w.onmessage = (e: MessageEvent<StreamMessage>) => {
    const m = e.data;
    // The worker ended the export (its files ended or aborted): nothing of it is left to remove here.
    if (m.type === 'done' || m.type === 'cancelled' || m.type === 'error') s.hostExport.current = null;
    if (m.type === 'estimate') openFiles(s, m.estimate, begin);
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
}
