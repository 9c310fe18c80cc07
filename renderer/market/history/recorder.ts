/**
 * Price history's recorder: what a poll (or a load of other per-item values) records, and how it is
 * compared with the last known values so that only changes, and a daily baseline, go into chunks
 * (chunk-codec.ts). Pure, so it is unit-tested; the store (store.ts) writes what it returns. Its series
 * and their keys: README.md, "Series".
 */
import {
  CHUNK_SPAN,
  chunkName,
  DAY,
  decodeChunk,
  isPollChunk,
  itemOf,
  MAX_POINTS,
  OpenChunk,
  type Chunk,
} from './chunk-codec';

/**
 * The mark's series key, in the asks' and bids' stream (no ":", so it is no market's and no values stream's
 * key). A store recorded before it simply has no such series.
 */
export const MARK = 'mark';

/** "Not known" in the recorder's state (NaN is "known: no value"). */
const UNKNOWN = -Infinity;

/** One poll as the recorder gets it (copies of the snapshot's typed arrays). */
export interface PollInput {
  game: number;
  at: number;
  names: string[];
  askMarkets: string[];
  bidMarkets: string[];
  /** Row-major ask cells (item * askMarkets.length + k), NONE/BIG sentinels as in market/model/snapshot. */
  ask: Int32Array;
  bid: Int32Array;
  /** Exact values of BIG cells: [0 = ask | 1 = bid, cell, value]. */
  big: Array<[0 | 1, number, number]>;
  /** Per row: the item's mark, gross, over its trusted quotes (thousandths; NaN: none). Absent: not recorded. */
  mark?: Float64Array;
}

/**
 * Values of other per-item series for the same chunk/baseline/retention machinery (the Steam analytics
 * medians, steam.ts): series "<stream>:<field>", kept in the item's chunks of that stream. An item is
 * recorded only at a time after its last recorded time in the stream (a one-item load and a whole-catalog load
 * can arrive in either order); the grid's polls are not involved.
 */
export interface ValuesInput {
  game: number;
  /** When the values were loaded (ms since epoch). */
  at: number;
  /** Not "a" or "b" (the asks' and bids' stream), no ":". */
  stream: string;
  fields: string[];
  /** Item names: a list, or packNames' one string (it crosses threads as one copy). */
  names: string[] | string;
  /** Row-major (item * fields.length + f), thousandths; NaN: no value. */
  values: Float64Array;
}

export function isValuesInput(p: PollInput | ValuesInput): p is ValuesInput {
  return 'stream' in p;
}

const NAMES_SEP = '\u0000';
/** Names as one string when none holds the separator (else the list as it is). */
export function packNames(names: string[]): string[] | string {
  for (const n of names) if (n.includes(NAMES_SEP)) return names;
  return names.join(NAMES_SEP);
}
export function unpackNames(names: string[] | string): string[] {
  return typeof names !== 'string' ? names : names === '' ? [] : names.split(NAMES_SEP);
}

const NONE = -2147483648;
const BIG = -2147483647;

function sameValue(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

/** Per game: the last value of every item's series, the open chunks, which items have today's baseline. */
export class GameRecorder {
  /** The game's series keys; chunks refer to them by index. Grows only (persisted by the store). */
  readonly series: string[] = [];
  private readonly seriesIdx = new Map<string, number>();
  /** Per item name: the last value of each of its series (every stream's, by series index). */
  private readonly state = new Map<string, Float64Array>();
  /** Per chunk name (item and stream): the day of its last baseline. */
  private readonly baseDay = new Map<string, number>();
  /** Per chunk name of a values stream: the time it was last recorded. */
  private readonly itemAt = new Map<string, number>();
  /** Per chunk name: the chunk being filled. */
  readonly open = new Map<string, OpenChunk>();
  /** Time of the last poll (asks and bids). */
  lastAt = 0;
  constructor(
    readonly game: number,
    series: readonly string[] = [],
  ) {
    for (const k of series) this.seriesOf(k);
  }

  /** The index of a series key, added when new (consolidation's derived series: tiers.ts). */
  keyIndex(key: string): number {
    return this.seriesOf(key);
  }

  private seriesOf(key: string): number {
    let i = this.seriesIdx.get(key);
    if (i === undefined) {
      i = this.series.length;
      this.series.push(key);
      this.seriesIdx.set(key, i);
    }
    return i;
  }

  private stateOf(name: string, nSeries: number): Float64Array {
    let st = this.state.get(name);
    if (!st || st.length < nSeries) {
      const grown = new Float64Array(nSeries).fill(UNKNOWN);
      if (st) grown.set(st);
      st = grown;
      this.state.set(name, st);
    }
    return st;
  }

  /** The chunk a change of `key` at `at` adds to: its open one, or a new one (a baseline when `base`). */
  private chunkFor(key: string, at: number, day: number, base: boolean, dirty: OpenChunk[]): OpenChunk {
    const cur = this.open.get(key);
    let chunk: OpenChunk;
    if (!base && cur && at - cur.st < CHUNK_SPAN && Math.floor(cur.st / DAY) === day && cur.size < MAX_POINTS)
      chunk = cur;
    else {
      chunk = new OpenChunk(this.game, key, at, base ? 1 : 0);
      this.open.set(key, chunk);
    }
    dirty.push(chunk);
    return chunk;
  }

  /**
   * Compares a poll with the last known values and adds the changes (or an item's baseline) to open
   * chunks. Returns the chunks to write now. A baseline opens a chunk that goes on with the item's
   * changes (a chunk of its own for each baseline would cost a chunk's overhead per item a day).
   */
  apply(p: PollInput): { dirty: OpenChunk[]; points: number; changedItems: number } {
    const at = p.at;
    const day = Math.floor(at / DAY);
    const m = p.askMarkets.length;
    const bm = p.bidMarkets.length;
    const askS = p.askMarkets.map((s) => this.seriesOf(`a:${s}`));
    const bidS = p.bidMarkets.map((s) => this.seriesOf(`b:${s}`));
    const mark = p.mark ?? null;
    const markS = mark ? this.seriesOf(MARK) : -1;
    // Sized to the poll's own series (consolidation adds derived ones, tiers.ts, that no poll writes).
    const nSeries = Math.max(-1, ...askS, ...bidS, markS) + 1;
    const bigAsk = new Map<number, number>();
    const bigBid = new Map<number, number>();
    for (const [f, cell, v] of p.big) (f === 0 ? bigAsk : bigBid).set(cell, v);
    const dirty: OpenChunk[] = [];
    let points = 0;
    const n = Math.min(p.names.length, m ? Math.floor(p.ask.length / m) : p.names.length);
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const name = p.names[i] as string;
      if (seen.has(name)) continue; // a duplicate name: the first row counts
      seen.add(name);
      const st = this.stateOf(name, nSeries);
      const base = this.baseDay.get(name) !== day;
      // No closure per item: this loop runs over the whole catalog at every poll.
      let chunk: OpenChunk | null = null;
      for (let k = 0; k < m; k++) {
        const cell = i * m + k;
        const raw = p.ask[cell] as number;
        const v = raw === NONE ? NaN : raw === BIG ? (bigAsk.get(cell) ?? NaN) : raw;
        const si = askS[k] as number;
        if (base || !sameValue(st[si] as number, v)) {
          chunk ??= this.chunkFor(name, at, day, base, dirty);
          chunk.add(at, si, v);
          points++;
        }
        st[si] = v;
      }
      for (let k = 0; k < bm; k++) {
        const cell = i * bm + k;
        const raw = p.bid[cell] as number;
        const v = raw === NONE ? NaN : raw === BIG ? (bigBid.get(cell) ?? NaN) : raw;
        const si = bidS[k] as number;
        if (base || !sameValue(st[si] as number, v)) {
          chunk ??= this.chunkFor(name, at, day, base, dirty);
          chunk.add(at, si, v);
          points++;
        }
        st[si] = v;
      }
      if (mark !== null && i < mark.length) {
        const x = mark[i] as number;
        const v = Number.isFinite(x) ? x : NaN;
        if (base || !sameValue(st[markS] as number, v)) {
          chunk ??= this.chunkFor(name, at, day, base, dirty);
          chunk.add(at, markS, v);
          points++;
        }
        st[markS] = v;
      }
      if (base) this.baseDay.set(name, day);
    }
    this.lastAt = at;
    return { dirty, points, changedItems: dirty.length };
  }

  /**
   * The same for a values stream (ValuesInput): each item's changes in the stream's chunks, or its
   * baseline of the stream's series at its first poll of a day or session. An item whose last recorded poll
   * in the stream is at `at` or later is left as it is.
   */
  applyValues(p: ValuesInput): { dirty: OpenChunk[]; points: number; changedItems: number } {
    const at = p.at;
    const day = Math.floor(at / DAY);
    const f = p.fields.length;
    const fieldS = p.fields.map((x) => this.seriesOf(`${p.stream}:${x}`));
    const nSeries = Math.max(-1, ...fieldS) + 1;
    const names = unpackNames(p.names);
    const dirty: OpenChunk[] = [];
    let points = 0;
    const n = f ? Math.min(names.length, Math.floor(p.values.length / f)) : 0;
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const name = names[i] as string;
      if (seen.has(name)) continue;
      seen.add(name);
      const key = chunkName(name, p.stream);
      const last = this.itemAt.get(key);
      if (last !== undefined && at <= last) continue;
      this.itemAt.set(key, at);
      const st = this.stateOf(name, nSeries);
      const base = this.baseDay.get(key) !== day;
      let chunk: OpenChunk | null = null;
      for (let k = 0; k < f; k++) {
        const x = p.values[i * f + k] as number;
        const v = Number.isFinite(x) ? x : NaN;
        const si = fieldS[k] as number;
        if (base || !sameValue(st[si] as number, v)) {
          chunk ??= this.chunkFor(key, at, day, base, dirty);
          chunk.add(at, si, v);
          points++;
        }
        st[si] = v;
      }
      if (base) this.baseDay.set(key, day);
    }
    return { dirty, points, changedItems: dirty.length };
  }

  /**
   * The chunk `key` that starts at `st` was deleted: when it is the open one, it is not
   * extended (the next change starts a new chunk) and the item's next chunk is a baseline.
   */
  dropChunk(key: string, st: number): void {
    if (this.open.get(key)?.st !== st) return;
    this.open.delete(key);
    this.baseDay.delete(key);
  }

  /**
   * Goes on from the day's chunks (a new session of the same day): each chunk key (an item's asks and bids,
   * or another stream of it) whose first chunk of the day is a baseline gets its last values back, has the
   * day's baseline, and its latest chunk is extended; so the session's first poll or load writes what
   * changed, not every item again. A key without a baseline that day, or with a damaged chunk, writes one.
   * `chunks`: the game's chunks that start on `day` (days since the epoch), before the next poll.
   */
  resume(chunks: readonly Chunk[], day: number): void {
    const byKey = new Map<string, Chunk[]>();
    for (const c of chunks) {
      // A consolidated chunk (tiers.ts) is no poll's: nothing goes on from it.
      if (c.g !== this.game || ('r' in c && c.r !== undefined) || Math.floor(c.st / DAY) !== day) continue;
      const list = byKey.get(c.n);
      if (list) list.push(c);
      else byKey.set(c.n, [c]);
    }
    for (const [key, list] of byKey) {
      list.sort((a, b) => a.st - b.st);
      if (list[0]?.b !== 1 || this.baseDay.has(key)) continue;
      try {
        this.resumeKey(key, list, day);
      } catch {
        // A damaged chunk: this key writes a baseline, as a new item does.
      }
    }
  }

  private resumeKey(key: string, list: Chunk[], day: number): void {
    const decoded = list.map((c) => decodeChunk(c));
    let nSeries = 0;
    let lastT = 0;
    for (const pts of decoded) for (const s of pts.s) nSeries = Math.max(nSeries, s + 1);
    const values = new Float64Array(nSeries).fill(UNKNOWN);
    for (const pts of decoded)
      for (let i = 0; i < pts.t.length; i++) {
        values[pts.s[i] as number] = pts.v[i] as number;
        lastT = Math.max(lastT, pts.t[i] as number);
      }
    const last = list.length - 1;
    const open = OpenChunk.reopen(list[last] as Chunk, decoded[last] as ReturnType<typeof decodeChunk>);
    // An item's streams share its state (by series index): each gives back its own series.
    const st = this.stateOf(itemOf(key), nSeries);
    for (let s = 0; s < nSeries; s++) if (values[s] !== UNKNOWN) st[s] = values[s] as number;
    this.open.set(key, open);
    this.baseDay.set(key, day);
    if (isPollChunk(list[0] as Chunk)) this.lastAt = Math.max(this.lastAt, lastT);
    else this.itemAt.set(key, lastT);
  }

  /** Forget everything (history cleared): the next poll writes baselines. */
  reset(): void {
    this.state.clear();
    this.baseDay.clear();
    this.itemAt.clear();
    this.open.clear();
  }
}
