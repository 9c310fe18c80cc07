import { describe, expect, it } from 'vitest';
import {
  ChunkEncoder,
  chunkBytes,
  ChunkFormatError,
  decodeChunk,
  encodePoints,
  OpenChunk,
  reencode,
  unzigzag,
  zigzag,
  type EncodedChunk,
  type LegacyChunk,
} from './chunk-codec';
import { GameRecorder, type PollInput } from './recorder';

const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const MIN = 60_000;
const NONE = -2147483648;
const BIG = -2147483647;
/** The largest price a cell can hold exactly as a BIG value (thousandths): 2^53 - 1. */
const LARGEST = Number.MAX_SAFE_INTEGER;

function encoded(st: number, t: number[], s: number[], v: number[]): EncodedChunk {
  const { d, c } = encodePoints(st, t, s, v);
  const rec: EncodedChunk = { g: 730, n: 'x', st, b: 0, d, c, bytes: 0 };
  rec.bytes = chunkBytes(rec);
  return rec;
}

function roundTrip(t: number[], s: number[], v: number[]): { t: number[]; s: number[]; v: number[]; bytes: number } {
  const rec = encoded(t[0] ?? T0, t, s, v);
  const p = decodeChunk(rec);
  return { t: Array.from(p.t), s: Array.from(p.s), v: Array.from(p.v), bytes: rec.d.length };
}

describe('zigzag', () => {
  it('maps signed integers to unsigned ones and back, up to 2^52', () => {
    for (const x of [0, -1, 1, -2, 2, 63, -64, 2 ** 31, -(2 ** 31), 2 ** 51, -(2 ** 51)])
      expect(unzigzag(zigzag(x))).toBe(x);
    expect([0, -1, 1, -2, 2].map(zigzag)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('chunk encoding (format 2)', () => {
  it('round-trips times, series and values, edge values included', () => {
    const t = [T0, T0, T0, T0, T0, T0 + MIN, T0 + MIN, T0 + 2 * MIN, T0 + 3 * MIN, T0 + 90 * MIN];
    const s = [0, 1, 2, 3, 42, 0, 3, 1, 2, 0];
    const v = [0, 1, LARGEST, NaN, 123_456, 1, 5, 0, 1, LARGEST];
    expect(roundTrip(t, s, v)).toMatchObject({ t, s, v });
  });

  it('keeps non-integers, negative values and values beyond 2^53 exactly (as doubles)', () => {
    const t = [T0, T0 + MIN, T0 + 2 * MIN, T0 + 3 * MIN, T0 + 4 * MIN];
    const s = [0, 0, 0, 0, 0];
    const v = [12.5, -3, 2 ** 60, -(2 ** 60), 0.001];
    expect(roundTrip(t, s, v).v).toEqual(v);
  });

  it('a series that appears, disappears (no value) and comes back is told from 0', () => {
    const t = [T0, T0 + MIN, T0 + 2 * MIN, T0 + 3 * MIN, T0 + 4 * MIN];
    const s = [5, 5, 5, 5, 5];
    const v = [700, NaN, NaN, 0, 710];
    const r = roundTrip(t, s, v);
    expect(r.v).toEqual(v);
    expect(Object.is(r.v[3], 0)).toBe(true);
  });

  it('a series index far from the others and a group of many series', () => {
    const s = Array.from({ length: 43 }, (_, i) => i).concat([1000, 65_535, 70_000]);
    const t = s.map(() => T0);
    const v = s.map((x) => x * 7);
    const r = roundTrip(t, s, v);
    expect(r.s).toEqual(s);
    expect(r.v).toEqual(v);
  });

  it('orders a group by series and keeps the later of two values of one series at one second', () => {
    const e = new ChunkEncoder(T0);
    e.add(T0, 3, 30);
    e.add(T0, 1, 10);
    e.add(T0 + 400, 3, 31); // the same second
    e.add(T0 + MIN, 2, 20);
    const { d, c } = e.encode();
    const p = decodeChunk({ g: 1, n: 'x', st: T0, b: 0, d, c, bytes: 0 });
    expect(Array.from(p.s)).toEqual([1, 3, 2]);
    expect(Array.from(p.v)).toEqual([10, 31, 20]);
    expect(Array.from(p.t)).toEqual([T0, T0, T0 + MIN]);
  });

  it('encode() does not close the gathered group: points at the same time still join it', () => {
    const e = new ChunkEncoder(T0);
    e.add(T0, 0, 1);
    const a = e.encode();
    e.add(T0, 1, 2);
    e.add(T0 + MIN, 0, 3);
    const b = e.encode();
    expect(a.c).toBe(1);
    expect(b.c).toBe(3);
    expect(Array.from(decodeChunk({ g: 1, n: 'x', st: T0, b: 0, ...b, bytes: 0 }).v)).toEqual([1, 2, 3]);
  });

  it('is compact: a poll-aligned change of a few percent costs a few bytes, not format 1’s 8 and more', () => {
    // One series moving by up to ±2 % of 250,000 thousandths at consecutive minutes.
    const t: number[] = [];
    const s: number[] = [];
    const v: number[] = [];
    let x = 250_000;
    for (let i = 0; i < 500; i++) {
      t.push(T0 + i * MIN);
      s.push(7);
      x += ((i * 7919) % 10_001) - 5000;
      v.push(x);
    }
    const r = roundTrip(t, s, v);
    expect(r.v).toEqual(v);
    // gap 1 byte, series 1 byte, a delta of at most 5,000 in 2 bytes.
    expect(r.bytes / 500).toBeLessThan(4.01);
  });

  it('a damaged chunk is a clear error, not a crash or wrong values', () => {
    const rec = encoded(T0, [T0, T0 + MIN], [0, 1], [100, 200]);
    expect(() => decodeChunk({ ...rec, d: rec.d.subarray(0, rec.d.length - 1) })).toThrow(ChunkFormatError);
    expect(() => decodeChunk({ ...rec, c: rec.c + 1 })).toThrow(/damaged chunk of “x”/);
  });
});

describe('format 1 chunks', () => {
  const legacy: LegacyChunk = {
    g: 730,
    n: 'item',
    st: T0,
    b: 1,
    t: Uint16Array.from([0, 0, 60, 120]),
    s: Uint16Array.from([0, 1, 0, 1]),
    v: Int32Array.from([100, NONE, 90, 5]),
    bytes: 0,
  };

  it('are read as they are, and re-encoded to the same points in fewer bytes', () => {
    const old = decodeChunk(legacy);
    expect(Array.from(old.t)).toEqual([T0, T0, T0 + MIN, T0 + 2 * MIN]);
    expect(Array.from(old.v)).toEqual([100, NaN, 90, 5]);
    const rec = reencode({ ...legacy, bytes: chunkBytes(legacy) });
    expect(rec).toMatchObject({ g: 730, n: 'item', st: T0, b: 1, c: 4 });
    expect(decodeChunk(rec)).toEqual(old);
    expect(rec.bytes).toBeLessThan(chunkBytes(legacy));
  });

  it('Float64 values (beyond Int32) are kept', () => {
    const f: LegacyChunk = { ...legacy, v: Float64Array.from([9e12, NaN, 1.5, 0]) };
    expect(Array.from(decodeChunk(reencode(f)).v)).toEqual([9e12, NaN, 1.5, 0]);
  });
});

describe('the recorder’s chunks', () => {
  it('decode to exactly what the polls held (NONE as no value, BIG as its exact value)', () => {
    const r = new GameRecorder(730);
    const poll = (at: number, ask: number[], big: PollInput['big'] = []): PollInput => ({
      game: 730,
      at,
      names: ['item'],
      askMarkets: ['steam', 'buff163', 'skinport'],
      bidMarkets: [],
      ask: Int32Array.from(ask),
      bid: new Int32Array(0),
      big,
    });
    r.apply(poll(T0, [1, 0, NONE]));
    r.apply(poll(T0 + MIN, [BIG, 0, 2_147_483_647], [[0, 0, LARGEST]]));
    const last = r.apply(poll(T0 + 2 * MIN, [1, NONE, 2_147_483_647])).dirty[0] as OpenChunk;
    const p = last.points();
    expect(Array.from(p.t)).toEqual([T0, T0, T0, T0 + MIN, T0 + MIN, T0 + 2 * MIN, T0 + 2 * MIN]);
    expect(Array.from(p.s)).toEqual([0, 1, 2, 0, 2, 0, 1]);
    expect(Array.from(p.v)).toEqual([1, 0, NaN, LARGEST, 2_147_483_647, 1, NaN]);
  });
});
