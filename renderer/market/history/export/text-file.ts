/**
 * A text file of a streamed export written from blocks of text (a table's CSV built a block of rows at a
 * time): each block encoded and handed to the sink as it comes, the write awaited (a slow disk or download
 * slows the export instead of piling blocks up), `pause` between blocks so the page stays responsive. A
 * failure aborts the sink (no partial file) and is thrown. Returns the bytes written.
 */
import type { ExportSink } from './sink';

export async function writeTextFile(sink: ExportSink, blocks: Iterable<string>, pause: () => Promise<void>): Promise<number> {
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
