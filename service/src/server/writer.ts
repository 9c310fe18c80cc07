/**
 * ByteWriter: writes JSON straight into UTF-8 byte chunks and hands full chunks to a sink (the socket),
 * so a 100 MB answer never exists as one JS string. The sink reports backpressure; the serializers await
 * `drain()` between items when it does.
 */

const DEFAULT_CHUNK = 512 * 1024;
const encoder = new TextEncoder();

export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Receives finished chunks; returns false when the consumer wants the producer to wait for `drain`. */
export interface ByteSink {
  write(chunk: Buffer): boolean;
  /** Resolves when the sink can take more (or is gone). */
  drain(): Promise<void>;
  /** True when the consumer went away: stop producing. */
  readonly closed: boolean;
}

export class ByteWriter {
  buf: Buffer;
  pos = 0;
  /** Set when the sink asked to wait. */
  blocked = false;
  bytesWritten = 0;
  private readonly chunkSize: number;

  constructor(
    private readonly sink: ByteSink,
    chunkSize = DEFAULT_CHUNK,
  ) {
    this.chunkSize = chunkSize;
    this.buf = Buffer.allocUnsafe(chunkSize);
  }

  get closed(): boolean {
    return this.sink.closed;
  }

  /** Makes room for n more bytes, flushing the current chunk when needed. */
  ensure(n: number): void {
    if (this.pos + n > this.buf.length) this.flushChunk(n);
  }

  private flushChunk(min: number): void {
    if (this.pos > 0) {
      const chunk = this.buf.subarray(0, this.pos);
      this.bytesWritten += this.pos;
      if (!this.sink.write(chunk)) this.blocked = true;
    }
    this.buf = Buffer.allocUnsafe(Math.max(this.chunkSize, min));
    this.pos = 0;
  }

  /** Sends whatever is buffered. */
  flush(): void {
    if (this.pos > 0) this.flushChunk(0);
  }

  async drain(): Promise<void> {
    if (!this.blocked) return;
    this.blocked = false;
    await this.sink.drain();
  }

  byte(c: number): void {
    if (this.pos >= this.buf.length) this.flushChunk(1);
    this.buf[this.pos++] = c;
  }

  bytes(src: Uint8Array): void {
    const n = src.length;
    if (this.pos + n > this.buf.length) this.flushChunk(n);
    const buf = this.buf;
    let p = this.pos;
    if (n < 48) {
      for (let j = 0; j < n; j++) buf[p++] = src[j]!;
    } else {
      buf.set(src, p);
      p += n;
    }
    this.pos = p;
  }

  /** Copies src[start, end) (a slice of a packed byte table). */
  slice(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    if (this.pos + n > this.buf.length) this.flushChunk(n);
    const buf = this.buf;
    let p = this.pos;
    for (let j = start; j < end; j++) buf[p++] = src[j]!;
    this.pos = p;
  }

  /** A safe integer in decimal. */
  int(n: number): void {
    if (this.pos + 21 > this.buf.length) this.flushChunk(21);
    const buf = this.buf;
    let p = this.pos;
    if (n < 0) {
      buf[p++] = 45;
      n = -n;
    }
    if (n < 10) {
      buf[p++] = 48 + n;
      this.pos = p;
      return;
    }
    if (n > 0x7fffffff) {
      this.pos = p;
      this.ascii(String(n));
      return;
    }
    let len = 2;
    for (let t = (n / 100) | 0; t > 0; t = (t / 10) | 0) len++;
    let q = p + len;
    this.pos = q;
    while (n >= 10) {
      const d = (n / 10) | 0;
      buf[--q] = 48 + n - d * 10;
      n = d;
    }
    buf[--q] = 48 + n;
  }

  /** A string known to be ASCII (numbers, keys, enum values). */
  ascii(s: string): void {
    const n = s.length;
    if (this.pos + n > this.buf.length) this.flushChunk(n);
    const buf = this.buf;
    let p = this.pos;
    for (let j = 0; j < n; j++) buf[p++] = s.charCodeAt(j);
    this.pos = p;
  }

  /** A JSON number as JSON.stringify writes it (non-finite becomes null). */
  number(n: number): void {
    if (Number.isInteger(n) && Math.abs(n) <= 0x7fffffff) this.int(n === 0 ? 0 : n);
    else this.ascii(Number.isFinite(n) ? String(n) : 'null');
  }

  /** A JSON string literal, escaped exactly as JSON.stringify does. */
  string(s: string): void {
    const n = s.length;
    if (this.pos + n + 2 > this.buf.length) this.flushChunk(n + 2);
    const buf = this.buf;
    let p = this.pos;
    buf[p++] = 34;
    for (let j = 0; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c < 0x20 || c === 34 || c === 92 || c > 0x7e) {
        // Rare path: JSON.stringify does the escaping (lone surrogates, control characters, non-ASCII);
        // nothing was committed yet (this.pos still points at the opening quote).
        this.slowString(s);
        return;
      }
      buf[p++] = c;
    }
    buf[p++] = 34;
    this.pos = p;
  }

  private slowString(s: string): void {
    const json = JSON.stringify(s);
    const max = json.length * 3;
    if (this.pos + max > this.buf.length) this.flushChunk(max);
    this.pos += this.buf.write(json, this.pos, 'utf8');
  }

  /** Raw text (already JSON) of any characters. */
  text(s: string): void {
    const max = s.length * 3;
    if (this.pos + max > this.buf.length) this.flushChunk(max);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }
}

/** A sink that keeps everything in memory (tests, truncation fault, small answers). */
export class MemorySink implements ByteSink {
  readonly chunks: Buffer[] = [];
  readonly closed = false;
  write(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }
  drain(): Promise<void> {
    return Promise.resolve();
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Packed JSON literals of a names array: one byte table plus offsets; built once per names array. */
export interface PackedNames {
  bytes: Uint8Array;
  offsets: Uint32Array;
}

const packedCache = new WeakMap<readonly string[], PackedNames>();

export function packNames(names: readonly string[]): PackedNames {
  const hit = packedCache.get(names);
  if (hit) return hit;
  const parts: string[] = new Array<string>(names.length);
  for (let i = 0; i < names.length; i++) parts[i] = JSON.stringify(names[i]);
  const offsets = new Uint32Array(names.length + 1);
  let total = 0;
  const encoded: Uint8Array[] = new Array<Uint8Array>(names.length);
  for (let i = 0; i < parts.length; i++) {
    const e = encoder.encode(parts[i]);
    encoded[i] = e;
    offsets[i] = total;
    total += e.length;
  }
  offsets[names.length] = total;
  const bytes = new Uint8Array(total);
  for (let i = 0; i < encoded.length; i++) bytes.set(encoded[i]!, offsets[i]!);
  const packed = { bytes, offsets };
  packedCache.set(names, packed);
  return packed;
}
