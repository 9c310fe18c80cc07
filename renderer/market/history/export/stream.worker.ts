/**
 * The streamed price-history export's worker: reads the store and writes CSV / Parquet (stream-export.ts)
 * off the UI thread into sinks the page serves (sink-port.ts), posting progress after each batch; a
 * 'cancel' message stops it at the next batch and every file is aborted. 'estimate' answers the rows and
 * bytes an export would write (estimate.ts), before the page asks the host for the files.
 */
import { ExportCancelled, type ExportContext } from '../export-run';
import type { ExportSelection } from '../export-rows';
import { HistoryStore } from '../store';
import { portSinks, type SinkCall, type SinkReply } from './sink-port';
import { estimateExport, type ExportEstimate } from './estimate';
import { streamExport, type StreamFormats, type StreamProgress, type StreamResult } from './stream-export';

export type StreamRequest =
  | { type: 'estimate'; sel: ExportSelection; formats: StreamFormats }
  | { type: 'start'; sel: ExportSelection; formats: StreamFormats; ctx: ExportContext }
  | { type: 'cancel' }
  | SinkReply;
export type StreamMessage =
  | { type: 'estimate'; estimate: ExportEstimate }
  | { type: 'progress'; progress: StreamProgress }
  | { type: 'done'; result: StreamResult }
  | { type: 'cancelled' }
  | { type: 'error'; message: string }
  | SinkCall;

interface WorkerScope {
  postMessage(message: StreamMessage, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<StreamRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
const sinks = portSinks({ postMessage: (m, t) => scope.postMessage(m as StreamMessage, t ?? []) });
let cancel = false;

scope.addEventListener('message', (e) => {
  const req = e.data;
  if (req.type === 'sink-reply') return sinks.reply(req);
  if (req.type === 'cancel') {
    cancel = true;
    return;
  }
  cancel = false;
  void (async () => {
    let store: HistoryStore | null = null;
    try {
      store = await HistoryStore.open();
      if (req.type === 'estimate') {
        scope.postMessage({ type: 'estimate', estimate: await estimateExport(store, req.sel, req.formats) });
        return;
      }
      const result = await streamExport(
        store,
        req.sel,
        req.formats,
        req.ctx,
        sinks.open,
        (progress) => scope.postMessage({ type: 'progress', progress }),
        () => cancel,
      );
      scope.postMessage({ type: 'done', result });
    } catch (err) {
      if (err instanceof ExportCancelled) scope.postMessage({ type: 'cancelled' });
      else scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    } finally {
      store?.close();
    }
  })();
});
