/**
 * Quote age as observed: for one game, per item x market, the last quote seen and when it last changed,
 * when the market was first seen quoting the item and when it last did. Updated from each poll's snapshot,
 * kept by item name and market slug, so polls of other items or markets are matched row by row and column
 * by column. A change is dated by the first poll that saw it; before any change is seen the age is unknown
 * (NaN). Values outside Int32 (BIG) compare as equal to each other. The rules: README.md, "Quote age (quote-age.ts)".
 */
import { NONE, type SnapshotData } from '../model/snapshot';

/** One side's state (asks or bids): cells are row * markets.length + col over the state's own rows and columns. */
export interface SideState {
  /** Polls observed on this side (a poll without bids is none for the bids), and the time of the last one (NaN: none). */
  polls: number;
  lastAt: number;
  markets: string[];
  /** Per column and per row: the poll number (1-based) it was last in (0: never). */
  colLastPoll: number[];
  rowLastPoll: Int32Array;
  /** Rows allocated (>= the game's rows). */
  cap: number;
  value: Int32Array;
  changedAt: Float64Array;
  firstSeenAt: Float64Array;
  lastQuotedAt: Float64Array;
}

export interface AgeState {
  game: number;
  /** Item names of the state's rows (every item seen). */
  names: string[];
  ask: SideState;
  bid: SideState;
}

/** What one poll changed, per market of the snapshot (in its order): for the stall test (stalls.ts). */
export interface PollStat {
  at: number;
  markets: string[];
  /** Items it quotes at this poll. */
  quoted: Int32Array;
  /** Items it quoted at this poll and the one before, and of those, how many changed. */
  comparable: Int32Array;
  changed: Int32Array;
}

/** Per-cell ages in the snapshot's layout. */
export interface ObservedAges {
  askChangedAt: Float64Array;
  askFirstSeenAt: Float64Array;
  askLastQuotedAt: Float64Array;
  bidChangedAt: Float64Array;
  askStat: PollStat;
  /** null when the poll did not carry bids. */
  bidStat: PollStat | null;
}

export function emptySide(): SideState {
  return {
    polls: 0,
    lastAt: NaN,
    markets: [],
    colLastPoll: [],
    rowLastPoll: new Int32Array(0),
    cap: 0,
    value: new Int32Array(0),
    changedAt: new Float64Array(0),
    firstSeenAt: new Float64Array(0),
    lastQuotedAt: new Float64Array(0),
  };
}

export function emptyAgeState(game: number): AgeState {
  return { game, names: [], ask: emptySide(), bid: emptySide() };
}

function grow<T extends Int32Array | Float64Array>(a: T, len: number, fill: number): T {
  if (a.length >= len) return a;
  const b = new (a.constructor as new (n: number) => T)(len);
  b.fill(fill);
  b.set(a);
  return b;
}

/** Re-lays a side's cells for `cols` columns and `cap` rows (new cells: no value, no times). */
function relayout(s: SideState, cap: number, cols: number): void {
  const old = s.markets.length;
  if (cols === old && cap <= s.cap) return;
  const move = <T extends Int32Array | Float64Array>(a: T, fill: number): T => {
    if (cols === old) return grow(a, cap * cols, fill);
    const b = new (a.constructor as new (n: number) => T)(cap * cols);
    b.fill(fill);
    for (let r = 0; r < s.cap; r++) b.set(a.subarray(r * old, r * old + old), r * cols);
    return b;
  };
  s.value = move(s.value, NONE);
  s.changedAt = move(s.changedAt, NaN);
  s.firstSeenAt = move(s.firstSeenAt, NaN);
  s.lastQuotedAt = move(s.lastQuotedAt, NaN);
  s.cap = Math.max(cap, s.cap);
}

/** The state's row of each snapshot row (adding rows for names not seen before). */
function mapRows(st: AgeState, names: readonly string[]): Int32Array {
  const n = names.length;
  const map = new Int32Array(n);
  let same = st.names.length >= n;
  for (let i = 0; same && i < n; i++) if (st.names[i] !== names[i]) same = false;
  if (same) {
    for (let i = 0; i < n; i++) map[i] = i;
    return map;
  }
  const index = new Map<string, number>();
  for (let r = st.names.length - 1; r >= 0; r--) index.set(st.names[r] as string, r);
  const used = new Uint8Array(st.names.length + n);
  for (let i = 0; i < n; i++) {
    const name = names[i] as string;
    let r = index.get(name);
    // A name twice in one answer: each occurrence is its own row.
    if (r === undefined || used[r] === 1) {
      r = st.names.length;
      st.names.push(name);
      if (!index.has(name)) index.set(name, r);
    }
    used[r] = 1;
    map[i] = r;
  }
  return map;
}

/** The state's column of each snapshot market (adding columns, growing rows to `rows`). */
function mapCols(s: SideState, markets: readonly string[], rows: number): Int32Array {
  const map = new Int32Array(markets.length);
  const cols = [...s.markets];
  markets.forEach((slug, k) => {
    let c = cols.indexOf(slug);
    if (c < 0) {
      c = cols.length;
      cols.push(slug);
    }
    map[k] = c;
  });
  const cap = rows > s.cap ? Math.max(rows, Math.ceil(s.cap * 1.25)) : s.cap;
  relayout(s, cap, cols.length);
  s.markets = cols;
  while (s.colLastPoll.length < cols.length) s.colLastPoll.push(0);
  return map;
}

interface SideInput {
  markets: readonly string[];
  value: Int32Array;
  listed: Uint8Array;
}

interface SideOutput {
  changedAt: Float64Array;
  firstSeenAt: Float64Array | null;
  lastQuotedAt: Float64Array | null;
}

/** Observes one side of one poll: updates the state, fills the snapshot-layout outputs, counts per market. */
function observeSide(
  s: SideState,
  input: SideInput,
  rowMap: Int32Array,
  rows: number,
  at: number,
  out: SideOutput,
): PollStat {
  const pollNo = s.polls + 1;
  const n = rowMap.length;
  const m = input.markets.length;
  const colMap = mapCols(s, input.markets, rows);
  const rowLast = (s.rowLastPoll = grow(s.rowLastPoll, rows, 0));
  const S = s.markets.length;
  const quoted = new Int32Array(m);
  const comparable = new Int32Array(m);
  const changed = new Int32Array(m);
  const { value, changedAt, firstSeenAt, lastQuotedAt } = s;
  // Each market is compared with its own last observation (the state holds it), which need not be the
  // poll just before: another page may load a few markets of the same game in between.
  const colLast = new Int32Array(m);
  for (let k = 0; k < m; k++) colLast[k] = s.colLastPoll[colMap[k] as number] as number;
  const inListed = input.listed;
  const inValue = input.value;
  for (let i = 0; i < n; i++) {
    const r = rowMap[i] as number;
    // The poll the item was last in (0: never).
    const rowPrev = rowLast[r] as number;
    const base = i * m;
    const sbase = r * S;
    for (let k = 0; k < m; k++) {
      const cell = base + k;
      const sc = sbase + (colMap[k] as number);
      const v = inListed[cell] === 1 ? (inValue[cell] as number) : NONE;
      const prev = value[sc] as number;
      if (v === prev && v === NONE) continue;
      // Observed before: the market was, and the item was in a poll at or after the market's last one.
      const ck = colLast[k] as number;
      const before = ck > 0 && rowPrev >= ck;
      if (v === NONE) {
        value[sc] = NONE;
        continue;
      }
      quoted[k] = (quoted[k] as number) + 1;
      lastQuotedAt[sc] = at;
      if (before && prev !== NONE) {
        // Quoted at this poll and the one before (most cells): compared; written only when it changed.
        comparable[k] = (comparable[k] as number) + 1;
        if (prev !== v) {
          changed[k] = (changed[k] as number) + 1;
          changedAt[sc] = at;
          value[sc] = v;
        }
        continue;
      }
      // Not quoted at the market's last observation of the item: a quote that appeared now.
      if (before) changedAt[sc] = at;
      const fs = firstSeenAt[sc] as number;
      if (fs !== fs) firstSeenAt[sc] = at;
      value[sc] = v;
    }
  }
  // The outputs in the snapshot's layout: one copy when it is the state's own (the usual poll), else cell by cell.
  let identity = S === m && n <= s.cap;
  for (let k = 0; identity && k < m; k++) if (colMap[k] !== k) identity = false;
  for (let i = 0; identity && i < n; i++) if (rowMap[i] !== i) identity = false;
  if (identity) {
    out.changedAt.set(changedAt.subarray(0, n * m));
    out.firstSeenAt?.set(firstSeenAt.subarray(0, n * m));
    out.lastQuotedAt?.set(lastQuotedAt.subarray(0, n * m));
  } else {
    for (let i = 0; i < n; i++) {
      const sbase = (rowMap[i] as number) * S;
      for (let k = 0; k < m; k++) {
        const cell = i * m + k;
        const sc = sbase + (colMap[k] as number);
        out.changedAt[cell] = changedAt[sc] as number;
        if (out.firstSeenAt) out.firstSeenAt[cell] = firstSeenAt[sc] as number;
        if (out.lastQuotedAt) out.lastQuotedAt[cell] = lastQuotedAt[sc] as number;
      }
    }
  }
  for (let i = 0; i < n; i++) rowLast[rowMap[i] as number] = pollNo;
  for (let k = 0; k < m; k++) s.colLastPoll[colMap[k] as number] = pollNo;
  s.polls = pollNo;
  s.lastAt = at;
  return { at, markets: [...input.markets], quoted, comparable, changed };
}

/**
 * Observes one poll of `st.game` at `at` (ms since epoch). A poll without bid markets (asks only) leaves
 * the bids' state as it was. Returns the ages in the snapshot's layout.
 */
export function observePoll(
  st: AgeState,
  snap: Pick<SnapshotData, 'n' | 'names' | 'askMarkets' | 'bidMarkets' | 'ask' | 'listed' | 'bid' | 'bidListed'>,
  at: number,
): ObservedAges {
  const rowMap = mapRows(st, snap.names);
  const rows = st.names.length;
  const m = snap.askMarkets.length;
  const b = snap.bidMarkets.length;
  const askChangedAt = new Float64Array(snap.n * m);
  const askFirstSeenAt = new Float64Array(snap.n * m);
  const askLastQuotedAt = new Float64Array(snap.n * m);
  const askStat = observeSide(
    st.ask,
    { markets: snap.askMarkets, value: snap.ask, listed: snap.listed },
    rowMap,
    rows,
    at,
    {
      changedAt: askChangedAt,
      firstSeenAt: askFirstSeenAt,
      lastQuotedAt: askLastQuotedAt,
    },
  );
  const bidChangedAt = new Float64Array(snap.n * b);
  const bidStat =
    b > 0
      ? observeSide(st.bid, { markets: snap.bidMarkets, value: snap.bid, listed: snap.bidListed }, rowMap, rows, at, {
          changedAt: bidChangedAt,
          firstSeenAt: null,
          lastQuotedAt: null,
        })
      : null;
  return { askChangedAt, askFirstSeenAt, askLastQuotedAt, bidChangedAt, askStat, bidStat };
}
