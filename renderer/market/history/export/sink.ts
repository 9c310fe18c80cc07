/**
 * Where a streamed export's bytes go: one sink per file, fed chunks in order. `close` ends the file (the
 * host renames its temporary file into place); `abort` removes whatever was written (a cancel or a
 * failure leaves no partial file). A sink's `write` resolves once the chunk is taken, so a slow disk or
 * network slows the export instead of piling chunks up in memory.
 */
export interface ExportSink {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason: string): Promise<void>;
}

/** Opens one sink per file name (the writers ask for theirs when they start). */
export type SinkFactory = (name: string) => Promise<ExportSink>;

/** A sink that keeps the chunks (tests, small exports) and remembers how it ended. */
export class MemorySink implements ExportSink {
  readonly chunks: Uint8Array[] = [];
  state: 'open' | 'closed' | 'aborted' = 'open';
  abortReason = '';

  async write(chunk: Uint8Array): Promise<void> {
    if (this.state !== 'open') throw new Error(`write after ${this.state}`);
    this.chunks.push(chunk.slice());
  }

  async close(): Promise<void> {
    this.state = 'closed';
  }

  async abort(reason: string): Promise<void> {
    this.state = 'aborted';
    this.abortReason = reason;
    this.chunks.length = 0;
  }

  get byteLength(): number {
    return this.chunks.reduce((s, c) => s + c.byteLength, 0);
  }

  /** The whole file as one buffer. */
  bytes(): Uint8Array {
    const out = new Uint8Array(this.byteLength);
    let o = 0;
    for (const c of this.chunks) {
      out.set(c, o);
      o += c.byteLength;
    }
    return out;
  }
}

/** A sink that only counts (the benchmark: what the writers cost without a disk). */
export class CountingSink implements ExportSink {
  bytes = 0;
  chunks = 0;
  largest = 0;
  firstAt: number | null = null;
  constructor(private readonly now: () => number = () => performance.now()) {}
  async write(chunk: Uint8Array): Promise<void> {
    this.firstAt ??= this.now();
    this.bytes += chunk.byteLength;
    this.chunks++;
    this.largest = Math.max(this.largest, chunk.byteLength);
  }
  async close(): Promise<void> {}
  async abort(): Promise<void> {}
}
