/**
 * The history export button's model: the format chosen, the export's state line, Run and Cancel. The export
 * runs in a worker (export-session.ts) started on the first Run; leaving the page ends the worker and removes
 * the files of an export still being written.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { APP_PREFERENCES, readPreference } from '../../lib/preferences';
import { useConnection } from '../../platform/connection';
import { useDataSource } from '../../market/providers';
import type { ExportFormat } from '../../market/history/export-run';
import type { ExportSelection } from '../../market/history/export-rows';
import { useCurrency } from '../../market/currency/context';
import type { StreamRequest } from '../../market/history/export/stream.worker';
import { runExportSession, type ExportState } from './export-session';
import { exportContext } from './export-text';

export function useHistoryExport(selection: () => ExportSelection | null) {
  const { api } = useConnection();
  const { sourceKey } = useDataSource();
  const currency = useCurrency();
  const [format, setFormat] = useState<ExportFormat>('both');
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const worker = useRef<Worker | null>(null);
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
    const w = (worker.current ??= new Worker(new URL('../../market/history/export/stream.worker.ts', import.meta.url), {
      type: 'module',
      name: 'market-desk-history-export',
    }));
    runExportSession({
      api,
      worker: w,
      sel,
      formats: { csv: format !== 'parquet', parquet: format !== 'csv' },
      ctx: exportContext(sourceKey, sel.game, seconds, at, currency),
      hostExport,
      cancelled,
      setState,
    });
  }, [api, format, selection, sourceKey, currency]);

  return { format, setFormat, state, busy: state.kind === 'busy', run, cancel };
}
