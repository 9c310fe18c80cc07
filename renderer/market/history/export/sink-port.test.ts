/**
 * Sinks across a message port (the export worker's files served by the page): chunks arrive in order and
 * whole, each write waits for the page to take it, and a page-side failure (a full disk) is the worker's
 * write error.
 */
import { describe, expect, it } from 'vitest';
import { MemorySink, type ExportSink } from './sink';
import { portSinks, sinkServer, type SinkCall, type SinkReply } from './sink-port';

function wire(open: (name: string) => Promise<ExportSink>) {
  const { port1, port2 } = new MessageChannel();
  const worker = portSinks({ postMessage: (m, t) => port1.postMessage(m, t ?? []) });
  port1.onmessage = (e: MessageEvent<SinkReply>) => worker.reply(e.data);
  const serve = sinkServer({ postMessage: (m) => port2.postMessage(m) }, open);
  port2.onmessage = (e: MessageEvent<SinkCall>) => void serve(e.data);
  return { worker, close: () => (port1.close(), port2.close()) };
}

describe('sinks over a message port', () => {
  it('delivers the chunks in order, and a write resolves only once the page has taken it', async () => {
    const files = new Map<string, MemorySink>();
    let release: () => void = () => undefined;
    let held = 0;
    const { worker, close } = wire(async (name) => {
      const m = new MemorySink();
      files.set(name, m);
      return {
        write: async (c) => {
          held++;
          await new Promise<void>((r) => (release = r));
          await m.write(c);
        },
        close: () => m.close(),
        abort: (r) => m.abort(r),
      };
    });
    const sink = await worker.open('a.csv');
    let done = false;
    const w = sink.write(Uint8Array.from([1, 2, 3])).then(() => (done = true));
    while (held === 0) await new Promise((r) => setTimeout(r, 1));
    expect(done).toBe(false);
    release();
    await w;
    const second = sink.write(Uint8Array.from([4]));
    while (held === 1) await new Promise((r) => setTimeout(r, 1));
    release();
    await second;
    await sink.close();
    expect([...files.get('a.csv')!.bytes()]).toEqual([1, 2, 3, 4]);
    expect(files.get('a.csv')!.state).toBe('closed');
    close();
  });

  it("a page-side failure is the worker's write error, and abort reaches the page", async () => {
    const m = new MemorySink();
    const { worker, close } = wire(async () => ({
      write: async () => {
        throw new Error('Not enough space on the disk.');
      },
      close: () => m.close(),
      abort: (r) => m.abort(r),
    }));
    const sink = await worker.open('a.parquet');
    await expect(sink.write(new Uint8Array(8))).rejects.toThrow('Not enough space on the disk.');
    await sink.abort('cancelled');
    expect(m.state).toBe('aborted');
    await expect(sink.write(new Uint8Array(1))).rejects.toThrow('No file a.parquet is open.');
    close();
  });
});
