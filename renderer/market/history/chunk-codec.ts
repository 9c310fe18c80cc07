/**
 * Price history's chunks: their layout, names and sizes, the compact encoding of their change points, and
 * the open chunk an item's changes are gathered in before it is written. Pure (no IndexedDB: store.ts),
 * shared by the recorder (recorder.ts), the reads (sampling.ts) and the store. A chunk holds one item's
 * change points from one start time; a baseline chunk starts with every series, so a read needs nothing
 * older than the last baseline. Streams, the varint encoding (format 2) and format 1: README.md, "Chunks
 * (chunk-codec.ts)".
 */

export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** A chunk is closed after this long... */
export const CHUNK_SPAN = 6 * HOUR;
/** ...or this many points (bounds the rewrite of an open chunk). */
export const MAX_POINTS = 512;
/** "No value" in a format-1 Int32 value array. */
const NO_VALUE = -2147483648;

interface ChunkKey {
  g: number;
  /** Item name (market_hash_name) for the asks and bids; chunkName(name, stream) for another stream. */
  n: string;
  /** Start time (ms since epoch): the time of the first point. */
  st: number;
  /** 1 when the chunk starts with the item's full state (baseline). */
  b: 0 | 1;
  /** Estimated stored size (usage accounting). */
  bytes: number;
}

/** Format 2: the points encoded (see the file's head). */
export interface EncodedChunk extends ChunkKey {
  /** Encoded points. */
  d: Uint8Array;
  /** How many points `d` holds. */
  c: number;
  /** A consolidated chunk's step (ms, tiers.ts); absent: every poll's changes. */
  r?: number;
}

/** Format 1 (the first release): typed arrays, 8 bytes a point. Read, and re-encoded by the store. */
export interface LegacyChunk extends ChunkKey {
  /** Point times, seconds after `st`. */
  t: Uint16Array;
  /** Series of each point: an index into the game's series list (kept once, in the store's meta). */
  s: Uint16Array;
  /** Values: Int32 with NO_VALUE for "no value" when they all fit, else Float64 with NaN. */
  v: Int32Array | Float64Array;
}

export type Chunk = EncodedChunk | LegacyChunk;

/** A chunk's points, decoded: absolute times (ms), series indexes, values (NaN: no value). */
export interface ChunkPoints {
  t: Float64Array;
  s: Uint32Array;
  v: Float64Array;
}

export function isLegacy(c: Chunk): c is LegacyChunk {
  return !('d' in c);
}

/** The chunk stream of a series key: '' for asks and bids (and their bests), else its prefix ("s" for "s:…"). */
export function streamOf(key: string): string {
  const i = key.indexOf(':');
  const p = i < 0 ? '' : key.slice(0, i);
  return p === 'a' || p === 'b' || p === 'best' ? '' : p;
}

/** Between an item's name and its stream in a chunk's `n`. */
const STREAM_SEP = '\u0000';

/** The chunks' `n` of an item's stream (the asks' and bids' is the name itself). */
export function chunkName(name: string, stream: string): string {
  return stream ? `${name}${STREAM_SEP}${stream}` : name;
}

/** The item name of a chunk's `n` (chunkName's inverse). */
export function itemOf(n: string): string {
  const i = n.indexOf(STREAM_SEP);
  return i < 0 ? n : n.slice(0, i);
}

/** A chunk of an item's asks and bids (the polls' stream), not of another stream. */
export function isPollChunk(c: { n: string }): boolean {
  return !c.n.includes(STREAM_SEP);
}

/**
 * Estimated stored size: a chunk's fixed cost (key, field names, structured-clone framing: 96 bytes, as
 * format 1 counted it), the name twice (key and value), and the points (encoded bytes, or format 1's arrays).
 */
export function chunkBytes(c: {
  n: string;
  d?: { length: number };
  t?: { length: number };
  v?: { BYTES_PER_ELEMENT: number };
}): number {
  const points = c.d ? c.d.length : (c.t?.length ?? 0) * (4 + (c.v?.BYTES_PER_ELEMENT ?? 4));
  return 96 + c.n.length * 2 + points;
}

/** A chunk's point count. */
export function pointCount(c: Chunk): number {
  return isLegacy(c) ? c.t.length : c.c;
}

// ---- varints (values up to 2^53: arithmetic, not 32-bit bit operations) ----

const TWO_POW_51 = 2 ** 51;
const scratch = new DataView(new ArrayBuffer(8));

/** A growable byte string. */
export class ByteWriter {
  buf: Uint8Array;
  len = 0;
  constructor(capacity = 64) {
    this.buf = new Uint8Array(capacity);
  }
  /** Room for `n` more bytes. */
  reserve(n: number): void {
    this.room(n);
  }
  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const b = new Uint8Array(cap);
    b.set(this.buf.subarray(0, this.len));
    this.buf = b;
  }
  /** An unsigned integer (0 ≤ x < 2^53). */
  uint(x: number): void {
    this.room(8);
    while (x >= 128) {
      this.buf[this.len++] = (x % 128) | 128;
      x = Math.floor(x / 128);
    }
    this.buf[this.len++] = x;
  }
  f64(x: number): void {
    this.room(8);
    scratch.setFloat64(0, x, true);
    for (let i = 0; i < 8; i++) this.buf[this.len++] = scratch.getUint8(i);
  }
  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }
}

class ByteReader {
  pos = 0;
  constructor(private readonly d: Uint8Array) {}
  get done(): boolean {
    return this.pos >= this.d.length;
  }
  uint(): number {
    let x = 0;
    let mul = 1;
    for (;;) {
      if (this.pos >= this.d.length) throw new Error('truncated');
      const b = this.d[this.pos++] as number;
      x += (b & 127) * mul;
      if (b < 128) return x;
      mul *= 128;
      if (mul > 2 ** 56) throw new Error('varint too long');
    }
  }
  f64(): number {
    if (this.pos + 8 > this.d.length) throw new Error('truncated');
    for (let i = 0; i < 8; i++) scratch.setUint8(i, this.d[this.pos++] as number);
    return scratch.getFloat64(0, true);
  }
}

export function zigzag(x: number): number {
  return x >= 0 ? x * 2 : -x * 2 - 1;
}
export function unzigzag(u: number): number {
  return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
}

/** Writes a value token against the series' previous value (`prev`: NaN when none yet). */
function writeValue(w: ByteWriter, v: number, prev: number): void {
  if (Number.isNaN(v)) {
    w.uint(0);
    return;
  }
  const base = Number.isNaN(prev) ? 0 : prev;
  const delta = v - base;
  if (
    Number.isInteger(v) &&
    Number.isInteger(base) &&
    Math.abs(delta) < TWO_POW_51 &&
    Number.isSafeInteger(v) &&
    !Object.is(v, -0)
  ) {
    w.uint(zigzag(delta) + 2);
    return;
  }
  w.uint(1);
  w.f64(v);
}

/**
 * The encoder of one chunk's points, appended a time group at a time. Points at one time are gathered
 * and written when a later time comes (or when the bytes are asked for), so a group's series go out in
 * ascending order; a series given twice at one time keeps its later value.
 */
export class ChunkEncoder {
  private readonly w = new ByteWriter();
  /** Per series index: its last value in this chunk (absent: none yet). */
  private readonly last = new Map<number, number>();
  private lastTime: number;
  private count = 0;
  /**
   * The group being gathered: its time (whole seconds after st) and its points, series ascending. Kept as
   * two arrays, appended to in the usual case (a poll gives an item's series in ascending order), so a
   * poll's thousands of small groups need no map and no sort.
   */
  private groupAt = -1;
  private readonly gs: number[] = [];
  private readonly gv: number[] = [];
  constructor(readonly st: number) {
    this.lastTime = 0;
  }

  /** Adds a point; `at` in ms (kept to the second), not before the last one. */
  add(at: number, series: number, v: number): void {
    const sec = Math.max(this.groupAt, this.lastTime, Math.round((at - this.st) / 1000));
    if (sec !== this.groupAt) {
      this.flush();
      this.groupAt = sec;
    }
    const { gs, gv } = this;
    let i = gs.length;
    if (i === 0 || series > (gs[i - 1] as number)) {
      gs.push(series);
      gv.push(v);
      return;
    }
    while (i > 0 && (gs[i - 1] as number) > series) i--;
    if (i > 0 && gs[i - 1] === series) gv[i - 1] = v;
    else {
      gs.splice(i, 0, series);
      gv.splice(i, 0, v);
    }
  }

  /** Writes the gathered group to `w`; `commit` also makes its values the series' last ones. */
  private writeGroup(w: ByteWriter, commit: boolean): number {
    const { gs, gv, last } = this;
    if (this.groupAt < 0 || gs.length === 0) return 0;
    w.uint(this.groupAt - this.lastTime);
    let prev = -1;
    for (let i = 0; i < gs.length; i++) {
      const s = gs[i] as number;
      const v = gv[i] as number;
      w.uint((prev < 0 ? s : s - prev - 1) * 2 + (i < gs.length - 1 ? 1 : 0));
      // Each series once a group: a later point of the group never reads a value this one sets.
      writeValue(w, v, last.get(s) ?? NaN);
      if (commit && !Number.isNaN(v)) last.set(s, v);
      prev = s;
    }
    return gs.length;
  }

  private flush(): void {
    this.count += this.writeGroup(this.w, true);
    if (this.groupAt >= 0) this.lastTime = this.groupAt;
    this.gs.length = 0;
    this.gv.length = 0;
    this.groupAt = -1;
  }

  /** Points so far (the gathered group included). */
  get size(): number {
    return this.count + this.gs.length;
  }

  /** The encoded bytes of every point so far (the gathered group included, without closing it). */
  encode(): { d: Uint8Array; c: number } {
    if (this.gs.length === 0) return { d: this.w.bytes(), c: this.count };
    // The open group goes after the closed bytes in a scratch writer, then one copy out.
    const w = encodeScratch;
    w.len = 0;
    w.reserve(this.w.len);
    w.buf.set(this.w.buf.subarray(0, this.w.len));
    w.len = this.w.len;
    const n = this.writeGroup(w, false);
    return { d: w.bytes(), c: this.count + n };
  }
}

/** encode()'s scratch: every open chunk of a poll is encoded through it in turn. */
const encodeScratch = new ByteWriter(4096);

/** Encodes points (times in ms, in time order) as a format-2 byte string. */
export function encodePoints(
  st: number,
  t: ArrayLike<number>,
  s: ArrayLike<number>,
  v: ArrayLike<number>,
): { d: Uint8Array; c: number } {
  const e = new ChunkEncoder(st);
  for (let i = 0; i < t.length; i++) e.add(t[i] as number, s[i] as number, v[i] as number);
  return e.encode();
}

/** Thrown for a stored value that is not a well-formed chunk (a damaged or foreign one). */
export class ChunkFormatError extends Error {
  override readonly name = 'ChunkFormatError';
}

/** A chunk's points (either format). */
export function decodeChunk(c: Chunk): ChunkPoints {
  if (isLegacy(c)) {
    const n = c.t.length;
    const t = new Float64Array(n);
    const v = new Float64Array(n);
    for (let p = 0; p < n; p++) {
      t[p] = c.st + (c.t[p] as number) * 1000;
      const x = c.v[p] as number;
      v[p] = c.v instanceof Int32Array && x === NO_VALUE ? NaN : x;
    }
    return { t, s: Uint32Array.from(c.s), v };
  }
  const out = { t: new Float64Array(c.c), s: new Uint32Array(c.c), v: new Float64Array(c.c) };
  decodeEncoded(c, out);
  return out;
}

/**
 * Buffers a long read decodes chunk after chunk into (decodeInto), grown as needed: no allocation per
 * chunk or per point.
 */
export class PointBuffer implements ChunkPoints {
  t = new Float64Array(MAX_POINTS);
  s = new Uint32Array(MAX_POINTS);
  v = new Float64Array(MAX_POINTS);
}

/** Decodes a chunk into `out` (its first `count` points; the rest is stale) and returns that count. */
export function decodeInto(c: Chunk, out: PointBuffer): number {
  const n = pointCount(c);
  if (out.t.length < n) {
    out.t = new Float64Array(n);
    out.s = new Uint32Array(n);
    out.v = new Float64Array(n);
  }
  if (!isLegacy(c)) return decodeEncoded(c, out);
  const pts = decodeChunk(c);
  out.t.set(pts.t);
  out.s.set(pts.s);
  out.v.set(pts.v);
  return n;
}

/** Per series index below its length: its previous value in the chunk being decoded (0 before any). */
let lastOf = new Float64Array(256);
/** Series indexes beyond any real list (a damaged chunk): kept apart rather than growing `lastOf`. */
const LAST_MAX = 1 << 16;

/** Decodes a format-2 chunk's `c` points into `out` (room for them); a damaged chunk throws ChunkFormatError. */
function decodeEncoded(c: EncodedChunk, out: ChunkPoints): number {
  const { t, s, v } = out;
  const n = c.c;
  const r = new ByteReader(c.d);
  // Deltas are from the series' last value in this chunk: clear what the previous chunk left.
  let touched = 0;
  let far: Map<number, number> | null = null;
  let sec = 0;
  let p = 0;
  try {
    while (!r.done && p < n) {
      sec += r.uint();
      const at = c.st + sec * 1000;
      let prev = -1;
      let more = 1;
      while (more && p < n) {
        const u = r.uint();
        more = u % 2;
        const si = prev < 0 ? (u - more) / 2 : prev + 1 + (u - more) / 2;
        const tok = r.uint();
        if (si >= lastOf.length && si < LAST_MAX) {
          const grown = new Float64Array(Math.min(LAST_MAX, Math.max(si + 1, lastOf.length * 2)));
          grown.set(lastOf.subarray(0, touched));
          lastOf = grown;
        }
        const near = si < LAST_MAX;
        if (near && si >= touched) {
          lastOf.fill(0, touched, si + 1);
          touched = si + 1;
        }
        let x: number;
        if (tok === 0) x = NaN;
        else if (tok === 1) x = r.f64();
        else x = (near ? (lastOf[si] as number) : (far?.get(si) ?? 0)) + unzigzag(tok - 2);
        if (!Number.isNaN(x)) {
          if (near) lastOf[si] = x;
          else (far ??= new Map()).set(si, x);
        }
        t[p] = at;
        s[p] = si;
        v[p] = x;
        p++;
        prev = si;
      }
    }
  } catch (e) {
    throw new ChunkFormatError(
      `Price history: a damaged chunk of “${c.n}” (${e instanceof Error ? e.message : String(e)}).`,
    );
  }
  if (p !== n) throw new ChunkFormatError(`Price history: a damaged chunk of “${c.n}” (${p} of ${n} points).`);
  return n;
}

/** A format-1 chunk re-encoded in format 2 (the same points). */
export function reencode(c: LegacyChunk): EncodedChunk {
  const pts = decodeChunk(c);
  const { d, c: count } = encodePoints(c.st, pts.t, pts.s, pts.v);
  const rec: EncodedChunk = { g: c.g, n: c.n, st: c.st, b: c.b, d, c: count, bytes: 0 };
  rec.bytes = chunkBytes(rec);
  return rec;
}

/** An item's chunk being filled (in memory, written whole at each poll that adds to it). */
export class OpenChunk {
  private readonly enc: ChunkEncoder;
  /** Size of the version last written (0 = never written). */
  stored = 0;
  constructor(
    readonly g: number,
    readonly n: string,
    readonly st: number,
    readonly b: 0 | 1,
  ) {
    this.enc = new ChunkEncoder(st);
  }
  add(at: number, series: number, v: number): void {
    this.enc.add(at, series, v);
  }
  get size(): number {
    return this.enc.size;
  }
  toChunk(): EncodedChunk {
    const { d, c } = this.enc.encode();
    const rec: EncodedChunk = { g: this.g, n: this.n, st: this.st, b: this.b, d, c, bytes: 0 };
    rec.bytes = chunkBytes(rec);
    return rec;
  }
  /** A stored chunk to go on with: its points added again (the same encoding), counted as stored. */
  static reopen(c: Chunk, pts: ChunkPoints): OpenChunk {
    const open = new OpenChunk(c.g, c.n, c.st, c.b);
    for (let i = 0; i < pts.t.length; i++) open.add(pts.t[i] as number, pts.s[i] as number, pts.v[i] as number);
    open.stored = c.bytes;
    return open;
  }
  /** Its points so far, decoded (tests and tools). */
  points(): ChunkPoints {
    return decodeChunk(this.toChunk());
  }
  /** Values of its points so far (NaN: no value). */
  get v(): Float64Array {
    return this.points().v;
  }
}
