/**
 * A text file of a streamed export written from blocks of text (a table's CSV built a block of rows at a
 * time): each block encoded and handed to the sink as it comes, the write awaited (a slow disk or download
 * slows the export instead of piling blocks up), `pause` between blocks so the page stays responsive. A
 * failure aborts the sink (no partial file) and is thrown. Returns the bytes written.
 */
import { CSV_BOM } from '../../../../shared/csv/csv';
import { exportFileToHost, type ExportOpener } from './host-sink';
import type { ExportSink } from './sink';

async function writeTextFile(sink: ExportSink, blocks: Iterable<string>, pause: () => Promise<void>): Promise<number> {
  const encoder = new TextEncoder();
  let bytes = 0;
  try {
    for (const block of blocks) {
      const chunk = encoder.encode(block);
      bytes += chunk.byteLength;
      if (chunk.byteLength > 0) await sink.write(chunk);
      await pause();
    }
    await sink.close();
    return bytes;
  } catch (e) {
    await sink.abort(e instanceof Error ? e.message : String(e)).catch(() => undefined);
    throw e;
  }
}

/**
 * A table's CSV (BOM, then `blocks`: the header and rows, `blockRows` rows a block) as one file of a
 * streamed export on the host (exportFileToHost): the size estimated from the first block, each block
 * written as it is built. Null when the user cancelled the save dialog.
 */
export async function exportCsvToHost(
  host: ExportOpener,
  stem: string,
  blocks: Iterator<string>,
  sizes: { rows: number; blockRows: number },
  pause: () => Promise<void>,
): Promise<{ path: string; file: string; bytes: number } | null> {
  const first = blocks.next();
  const head = CSV_BOM + (first.done ? '' : first.value);
  const estimate =
    (new TextEncoder().encode(head).byteLength * Math.max(1, sizes.rows)) /
    Math.max(1, Math.min(sizes.rows, sizes.blockRows));
  const file = `${stem}.csv`;
  const all = function* (): Generator<string> {
    yield head;
    for (let b = blocks.next(); !b.done; b = blocks.next()) yield b.value;
  };
  const done = await exportFileToHost(host, stem, file, estimate, (sink) => writeTextFile(sink, all(), pause));
  return done && { ...done, file };
}
