/**
 * A streamed export's files on the host (DesktopApi openExport / writeExport / endExport / abortExport):
 * one sink per file of an opened export. A chunk over the host's cap (MAX_EXPORT_CHUNK_BYTES) goes in
 * slices; each write resolves once the host has taken it, so a slow disk slows the export instead of
 * piling chunks up in memory. An abort asks the host once to remove every file of the export.
 */
import type { DesktopApi } from '../../../../shared/bridge/desktop-api';
import { MAX_EXPORT_CHUNK_BYTES } from '../../../../shared/export/stream-files';
import type { ExportSink, SinkFactory } from './sink';

export type ExportHost = Pick<DesktopApi, 'writeExport' | 'endExport' | 'abortExport'>;
export type ExportOpener = ExportHost & Pick<DesktopApi, 'openExport'>;

export function hostSinks(host: ExportHost, exportId: string, maxChunk = MAX_EXPORT_CHUNK_BYTES): SinkFactory {
  let aborted: Promise<void> | null = null;
  const abortAll = (): Promise<void> => (aborted ??= host.abortExport({ exportId }));
  return async (name) => {
    const sink: ExportSink = {
      async write(chunk) {
        for (let at = 0; at < chunk.byteLength; at += maxChunk) {
          const part = chunk.byteLength <= maxChunk ? chunk : chunk.subarray(at, at + maxChunk);
          await host.writeExport({ exportId, name, chunk: part });
        }
      },
      close: () => host.endExport({ exportId, name }),
      abort: () => abortAll(),
    };
    return sink;
  };
}

/**
 * One file streamed to the host (the page's own tables: the grid's CSV): the host asked for the export
 * with the size estimated first (desktop: the save dialog for that one file, free space checked; web: a
 * download), then `write` fills the file's sink. Null when the user cancelled the dialog; a failure of
 * `write` (which aborts the sink: writeTextFile) is thrown.
 */
export async function exportFileToHost(
  host: ExportOpener,
  folderName: string,
  fileName: string,
  estimateBytes: number,
  write: (sink: ExportSink) => Promise<number>,
): Promise<{ path: string; bytes: number } | null> {
  const opened = await host.openExport({
    folderName,
    files: [fileName],
    estimateBytes: Math.max(0, Math.round(estimateBytes)),
  });
  if (!opened.opened) return null;
  const sink = await hostSinks(host, opened.exportId)(fileName);
  return { path: opened.path, bytes: await write(sink) };
}
