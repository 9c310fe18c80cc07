/**
 * Sinks across a message port: the export worker writes to sinks that the page (which holds the host's
 * file or download) serves. Every call is answered, so the worker waits for each chunk to be taken
 * (backpressure: at most one chunk per file in flight) and learns of a host's failure (a full disk) as
 * the write's error. Chunks are transferred, not copied.
 */
import type { ExportSink, SinkFactory } from './sink';

export type SinkCall =
  | { type: 'sink-open'; id: number; name: string }
  | { type: 'sink-write'; id: number; name: string; chunk: Uint8Array }
  | { type: 'sink-close'; id: number; name: string }
  | { type: 'sink-abort'; id: number; name: string; reason: string };

export type SinkReply = { type: 'sink-reply'; id: number; error: string | null };

export interface PortLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

/** The worker's side: sinks whose calls go to the page; `reply` must be given every SinkReply the port receives. */
export function portSinks(port: PortLike): { open: SinkFactory; reply: (r: SinkReply) => void } {
  let seq = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  const call = (msg: SinkCall, transfer: Transferable[] = []): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      waiting.set(msg.id, { resolve, reject });
      port.postMessage(msg, transfer);
    });
  const open: SinkFactory = async (name) => {
    await call({ type: 'sink-open', id: ++seq, name });
    const sink: ExportSink = {
      write: (chunk) => call({ type: 'sink-write', id: ++seq, name, chunk }, [chunk.buffer as ArrayBuffer]),
      close: () => call({ type: 'sink-close', id: ++seq, name }),
      abort: (reason) => call({ type: 'sink-abort', id: ++seq, name, reason }),
    };
    return sink;
  };
  const reply = (r: SinkReply): void => {
    const w = waiting.get(r.id);
    if (!w) return;
    waiting.delete(r.id);
    if (r.error === null) w.resolve();
    else w.reject(new Error(r.error));
  };
  return { open, reply };
}

/** The page's side: answers a SinkCall with the sinks `open` makes. */
export function sinkServer(port: PortLike, open: SinkFactory): (call: SinkCall) => Promise<void> {
  const sinks = new Map<string, ExportSink>();
  return async (c) => {
    let error: string | null = null;
    try {
      if (c.type === 'sink-open') sinks.set(c.name, await open(c.name));
      else {
        const sink = sinks.get(c.name);
        if (!sink) throw new Error(`No file ${c.name} is open.`);
        if (c.type === 'sink-write') await sink.write(c.chunk);
        else if (c.type === 'sink-close') await sink.close();
        else await sink.abort(c.reason);
        if (c.type !== 'sink-write') sinks.delete(c.name);
      }
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    port.postMessage({ type: 'sink-reply', id: c.id, error } satisfies SinkReply);
  };
}
