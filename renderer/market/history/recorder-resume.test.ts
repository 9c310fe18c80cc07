import { describe, expect, it } from 'vitest';
import { CHUNK_SPAN, DAY, decodeChunk, HOUR, type EncodedChunk } from './chunk-codec';
import { GameRecorder, type PollInput } from './recorder';
import { twoMarketPoll } from './testing/polls';

const T0 = Date.UTC(2025, 0, 10, 8, 0, 0);
const DAY0 = Math.floor(T0 / DAY);

const poll = twoMarketPoll;

/** What a session left on disk: every chunk as last written. */
function session(polls: PollInput[]): { series: string[]; chunks: EncodedChunk[] } {
  const r = new GameRecorder(730);
  const disk = new Map<string, EncodedChunk>();
  for (const p of polls) for (const c of r.apply(p).dirty) disk.set(`${c.n}@${c.st}`, c.toChunk());
  return { series: r.series.slice(), chunks: [...disk.values()] };
}

describe('GameRecorder.resume (a new session of the same day goes on from the disk)', () => {
  const before = session([
    poll(T0, [
      [100, 200],
      [300, 400],
    ]),
    poll(T0 + 60_000, [
      [110, 200],
      [300, 400],
    ]),
  ]);

  it('writes only what changed since the last poll recorded, into the item’s open chunk', () => {
    const r = new GameRecorder(730, before.series);
    r.resume(before.chunks, DAY0);
    const a = r.apply(
      poll(T0 + 5 * 60_000, [
        [110, 200],
        [300, 410],
      ]),
    );
    expect(a.points).toBe(1);
    expect(a.dirty.map((c) => [c.n, c.st, c.b, c.stored > 0])).toEqual([['item 1', T0, 1, true]]);
    // The chunk holds the day's baseline, then the new change: decodes alone, as before.
    const pts = decodeChunk(a.dirty[0]!.toChunk());
    expect(Array.from(pts.t)).toEqual([T0, T0, T0, T0 + 5 * 60_000]);
    expect(Array.from(pts.v)).toEqual([300, 400, NaN, 410]);
  });

  it('ignores a poll at or before the last one recorded (a poll seen twice)', () => {
    const r = new GameRecorder(730, before.series);
    r.resume(before.chunks, DAY0);
    expect(r.lastAt).toBe(T0 + 60_000);
  });

  it('leaves an item without the day’s baseline, or with a damaged chunk, to write a baseline', () => {
    const item0 = before.chunks.find((c) => c.n === 'item 0')!;
    const item1 = before.chunks.find((c) => c.n === 'item 1')!;
    const r = new GameRecorder(730, before.series);
    r.resume(
      [
        { ...item0, b: 0 }, // its baseline chunk trimmed: what is left starts with changes
        { ...item1, d: item1.d.subarray(0, 2) }, // damaged
      ],
      DAY0,
    );
    const a = r.apply(
      poll(T0 + 5 * 60_000, [
        [110, 200],
        [300, 400],
      ]),
    );
    expect(a.dirty.map((c) => [c.n, c.b])).toEqual([
      ['item 0', 1],
      ['item 1', 1],
    ]);
    expect(a.points).toBe(6);
  });

  it('takes only the day asked for: another day’s chunks and another game’s are not read', () => {
    const r = new GameRecorder(730, before.series);
    const shifted = before.chunks.map((c) => ({ ...c, st: c.st - DAY }));
    const foreign = before.chunks.map((c) => ({ ...c, g: 570 }));
    r.resume([...shifted, ...foreign], DAY0);
    expect(r.apply(poll(T0 + 5 * 60_000, [[110, 200]])).points).toBe(3);
  });

  it('goes on with another stream (the Steam medians) too, each from its own chunks', () => {
    const values = (at: number, v: number[]) => ({
      game: 730,
      at,
      stream: 's',
      fields: ['latest'],
      names: ['item 0', 'item 1'],
      values: Float64Array.from(v),
    });
    const first = new GameRecorder(730, before.series);
    const steam = first.applyValues(values(T0, [1000, 2000])).dirty.map((c) => c.toChunk());
    const r = new GameRecorder(730, first.series);
    r.resume([...before.chunks, ...steam], DAY0);
    // The same medians: nothing; item 1's moved: one point, in its Steam chunk. The prices are untouched.
    expect(r.applyValues(values(T0 + HOUR, [1000, 2100])).dirty.map((c) => [c.n, c.b, c.size])).toEqual([
      ['item 1\u0000s', 1, 2],
    ]);
    expect(
      r.apply(
        poll(T0 + HOUR, [
          [110, 200],
          [300, 400],
        ]),
      ).points,
    ).toBe(0);
    // A load at or before the resumed one is not taken.
    expect(r.applyValues(values(T0, [5, 5])).points).toBe(0);
  });

  it('opens a new chunk once the resumed one has spanned CHUNK_SPAN', () => {
    const r = new GameRecorder(730, before.series);
    r.resume(before.chunks, DAY0);
    const a = r.apply(
      poll(T0 + CHUNK_SPAN, [
        [120, 200],
        [300, 400],
      ]),
    );
    expect(a.dirty.map((c) => [c.n, c.st, c.b, c.stored])).toEqual([['item 0', T0 + CHUNK_SPAN, 0, 0]]);
  });
});
