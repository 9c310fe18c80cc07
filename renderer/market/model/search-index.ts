/**
 * The grid filter's precomputed index, so a search over the whole catalog fits in one frame: an inverted
 * index of the items' search text (trigrams, and the first 1-3 characters at each word start, hashed into
 * 2^BITS buckets), built once per snapshot in the grid worker and transferred as two Int32Arrays. It only
 * narrows which items model/search.ts's predicate is asked about, so results are the predicate's: one
 * posting list and a pass over typed arrays (under a millisecond on 30,000 items) instead of ~30,000 string
 * searches. Why not fuzzy, and why on the UI thread: README.md, "Search index (search-index.ts)".
 */
import { isWordChar, type Token } from './search';

export interface SearchIndex {
  bits: number;
  /** Bucket b's items are items[offsets[b] .. offsets[b + 1]). Length 2^bits + 1. */
  offsets: Int32Array;
  items: Int32Array;
}

const BITS = 16;
const PREFIX_MAX = 3;
/** Key kind 0 is a trigram; 1-3 a word-start prefix of that length (so the same letters differ by kind). */
const TRIGRAM = 0;

function hash(kind: number, a: number, b: number, c: number, bits: number): number {
  let h = Math.imul(kind + 1, 0x9e3779b1);
  h = Math.imul(h ^ a, 0x85ebca6b);
  h = Math.imul(h ^ b, 0xc2b2ae35);
  h = Math.imul(h ^ c, 0x27d4eb2f);
  h ^= h >>> 15;
  return h >>> (32 - bits);
}

/** The index of `search` (normalizeText of each name). Linear in the total text length. */
export function buildSearchIndex(search: readonly string[], bits = BITS): SearchIndex {
  const buckets = 1 << bits;
  const n = search.length;
  // One pass over the text: each item's distinct buckets, in item order, and the size of each bucket.
  const last = new Int32Array(buckets).fill(-1);
  const counts = new Int32Array(buckets + 1);
  const itemEnd = new Int32Array(n);
  let keys = new Int32Array(1 << 16);
  let m = 0;
  let item = 0;
  const add = (h: number): void => {
    if (last[h] === item) return;
    last[h] = item;
    if (m === keys.length) {
      const grown = new Int32Array(keys.length * 2);
      grown.set(keys);
      keys = grown;
    }
    keys[m++] = h;
    counts[h + 1] = (counts[h + 1] as number) + 1;
  };
  for (; item < n; item++) {
    const s = search[item] ?? '';
    const len = s.length;
    let wordStart = true;
    for (let p = 0; p < len; p++) {
      const a = s.charCodeAt(p);
      const b = p + 1 < len ? s.charCodeAt(p + 1) : -1;
      const c = p + 2 < len ? s.charCodeAt(p + 2) : -1;
      if (c >= 0) add(hash(TRIGRAM, a, b, c, bits));
      if (wordStart) {
        add(hash(1, a, -1, -1, bits));
        if (b >= 0) add(hash(2, a, b, -1, bits));
        if (c >= 0) add(hash(3, a, b, c, bits));
      }
      wordStart = !isWordChar(a);
    }
    itemEnd[item] = m;
  }
  // Counting sort of the entries by bucket; items stay ascending within a bucket.
  const offsets = counts;
  for (let h = 0; h < buckets; h++) offsets[h + 1] = (offsets[h + 1] as number) + (offsets[h] as number);
  const items = new Int32Array(m);
  const at = offsets.slice(0, buckets);
  for (let i = 0, k = 0; i < n; i++) {
    const end = itemEnd[i] as number;
    for (; k < end; k++) {
      const h = keys[k] as number;
      const w = at[h] as number;
      items[w] = i;
      at[h] = w + 1;
    }
  }
  return { bits, offsets, items };
}

export function searchIndexTransferables(x: SearchIndex): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  if (x.offsets.buffer instanceof ArrayBuffer) out.push(x.offsets.buffer);
  if (x.items.buffer instanceof ArrayBuffer && x.items.buffer !== x.offsets.buffer) out.push(x.items.buffer);
  return out;
}

/** Structure only (sizes and bounds), for what crosses from the worker. */
export function isSearchIndex(v: unknown): v is SearchIndex {
  if (typeof v !== 'object' || v === null) return false;
  const x = v as Record<string, unknown>;
  if (typeof x.bits !== 'number' || !Number.isInteger(x.bits) || x.bits < 4 || x.bits > 24) return false;
  if (!(x.offsets instanceof Int32Array) || !(x.items instanceof Int32Array)) return false;
  const o = x.offsets;
  return o.length === (1 << x.bits) + 1 && o[0] === 0 && o[o.length - 1] === x.items.length;
}

function bucket(x: SearchIndex, h: number): Int32Array {
  return x.items.subarray(x.offsets[h] as number, x.offsets[h + 1] as number);
}

/**
 * Items that can hold the token's text (a superset: hash collisions add some), or null when the index
 * can't tell (a phrase of 1-2 characters).
 */
export function textCandidates(x: SearchIndex, tok: Pick<Token, 'text' | 'wordStart'>): Int32Array | null {
  const t = tok.text;
  const len = t.length;
  if (tok.wordStart && len >= 1 && len <= PREFIX_MAX) {
    const a = t.charCodeAt(0);
    const b = len > 1 ? t.charCodeAt(1) : -1;
    const c = len > 2 ? t.charCodeAt(2) : -1;
    return bucket(x, hash(len, a, b, c, x.bits));
  }
  if (len < 3) return null;
  let best: Int32Array | null = null;
  for (let p = 0; p + 3 <= len; p++) {
    const list = bucket(x, hash(TRIGRAM, t.charCodeAt(p), t.charCodeAt(p + 1), t.charCodeAt(p + 2), x.bits));
    if (!best || list.length < best.length) best = list;
    if (list.length === 0) break;
  }
  return best;
}

/** How many items have each attribute bit (by bit number), counted once per flags array. */
const flagCounts = new WeakMap<Uint32Array, Int32Array>();
function countFlag(flags: Uint32Array, flag: number): number {
  let counts = flagCounts.get(flags);
  if (!counts) {
    counts = new Int32Array(32);
    for (let i = 0; i < flags.length; i++) {
      let f = flags[i] as number;
      while (f) {
        const bit = 31 - Math.clz32(f);
        counts[bit] = (counts[bit] as number) + 1;
        f &= ~(1 << bit);
      }
    }
    flagCounts.set(flags, counts);
  }
  let sum = 0;
  for (let f = flag; f; f &= f - 1) sum += counts[31 - Math.clz32(f & -f)] as number;
  return sum;
}

export interface Candidates {
  /** Items whose text may match the most selective positive word, ascending. */
  list: Int32Array;
  /** Items with any of these attribute bits match that word too (its abbreviation or category word). */
  flag: number;
  /** list.length plus the items with `flag`: an upper bound of the candidates. */
  size: number;
}

/**
 * The narrowest superset of the query's matches the index gives: the positive word with the fewest
 * candidates. Null when no positive word can be looked up (only exclusions, or a 1-2 letter phrase).
 */
export function candidates(x: SearchIndex, tokens: readonly Token[], flags: Uint32Array): Candidates | null {
  let best: Candidates | null = null;
  for (const tok of tokens) {
    if (tok.negate) continue;
    const list = textCandidates(x, tok);
    if (!list) continue;
    const size = list.length + (tok.flag ? countFlag(flags, tok.flag) : 0);
    if (!best || size < best.size) best = { list, flag: tok.flag, size };
  }
  return best;
}

/** The candidates as a mask over the items, for the filter's pass; `marked` null: walk every item. */
export interface CandidateMask {
  /** 1 at each item of Candidates.list (length n), or null when the index does not narrow the walk. */
  marked: Uint8Array | null;
  /** Items with any of these attribute bits pass too (Candidates.flag); 0 with no mask. */
  flag: number;
}

/**
 * Marks the items the index leaves possible, out of n, when they are fewer than the `walk` items a filter
 * pass goes through (else, or with no candidates, no mask: the pass checks every item). An item i passes
 * the mask when marked[i] or (flags[i] & flag).
 */
export function candidateMask(cand: Candidates | null, n: number, walk: number): CandidateMask {
  if (!cand || cand.size >= walk) return { marked: null, flag: 0 };
  const marked = new Uint8Array(n);
  const list = cand.list;
  for (let k = 0; k < list.length; k++) marked[list[k] as number] = 1;
  return { marked, flag: cand.flag };
}
