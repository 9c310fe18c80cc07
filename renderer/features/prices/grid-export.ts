/**
 * The grid's CSV export (the view's rows in order, its markets; model/csv.ts) through the streamed export
 * path the history exports use (export/text-file.ts: the size estimated from the first block of rows,
 * then the host asked for the file: desktop, the save dialog for that one file, free space checked; web, a
 * download the host serves as the chunks arrive; each block of rows written as it is built). No file in
 * memory, so no size cap: a whole catalog (30,000 items x 28 markets) exports as a few rows do. A failure
 * leaves no file.
 */
import type { ExportOpener } from '../../market/history/export/host-sink';
import { exportCsvToHost } from '../../market/history/export/text-file';
import { csvChunks, type CsvContext } from './model/csv';

/** Rows a block: about 1 MB of CSV on a catalog with many markets. */
const BLOCK_ROWS = 1500;

export interface GridExportJob {
  ctx: CsvContext;
  view: ArrayLike<number>;
  /** The file's name without ".csv" (a plain file name). */
  stem: string;
}

export interface GridExportDone {
  /** Where the desktop wrote the file (the path the user chose); "" on the web (a download). */
  path: string;
  file: string;
  rows: number;
  bytes: number;
}

export async function exportGridCsv(
  host: ExportOpener,
  job: GridExportJob,
  pause: () => Promise<void>,
): Promise<GridExportDone | null> {
  const { ctx, view, stem } = job;
  const done = await exportCsvToHost(
    host,
    stem,
    csvChunks(ctx, view, BLOCK_ROWS),
    { rows: view.length, blockRows: BLOCK_ROWS },
    pause,
  );
  return done && { ...done, rows: view.length };
}
