/**
 * The price history export worker: reads the store and writes CSV / Parquet (export-run.ts) off the UI
 * thread, posting progress after each item; a 'cancel' message stops it between items.
 */
import { ExportCancelled, runExport, type ExportContext, type ExportFile, type ExportFormat } from './export-run';
import type { ExportSelection } from './export-rows';
import { HistoryStore } from './store';

export type ExportRequest =
  { type: 'start'; sel: ExportSelection; format: ExportFormat; ctx: ExportContext } | { type: 'cancel' };
export type ExportMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; files: ExportFile[]; rows: number }
  | { type: 'cancelled' }
  | { type: 'error'; message: string };

interface WorkerScope {
  postMessage(message: ExportMessage, options?: { transfer: Transferable[] }): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<ExportRequest>) => void): void;
}

const scope = self as unknown as WorkerScope;
let cancel = false;

scope.addEventListener('message', (e) => {
  const req = e.data;
  if (req.type === 'cancel') {
    cancel = true;
    return;
  }
  cancel = false;
  void (async () => {
    let store: HistoryStore | null = null;
    try {
      store = await HistoryStore.open();
      const out = await runExport(
        store,
        req.sel,
        req.format,
        req.ctx,
        (done, total) => scope.postMessage({ type: 'progress', done, total }),
        () => cancel,
      );
      scope.postMessage(
        { type: 'done', files: out.files, rows: out.rows },
        { transfer: out.files.map((f) => f.bytes.buffer as ArrayBuffer) },
      );
    } catch (err) {
      if (err instanceof ExportCancelled) scope.postMessage({ type: 'cancelled' });
      else scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    } finally {
      store?.close();
    }
  })();
});
