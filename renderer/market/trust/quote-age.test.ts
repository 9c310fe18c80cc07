import { describe, expect, it } from 'vitest';
import { emptyAgeState, observePoll } from './quote-age';
import { grid } from './test-grid';

const M = ['a', 'b', 'c'];
const T1 = 1_000_000;
const T2 = T1 + 60_000;
const T3 = T2 + 60_000;
const T4 = T3 + 60_000;

describe('observePoll: quote age as observed', () => {
  it('knows no change time at the first poll: age unknown yet, first seen and last quoted now', () => {
    const st = emptyAgeState(730);
    const o = observePoll(st, grid({ x: { a: 100, b: 200 } }, M), T1);
    expect([...o.askChangedAt]).toEqual([NaN, NaN, NaN]);
    expect([...o.askFirstSeenAt]).toEqual([T1, T1, NaN]);
    expect([...o.askLastQuotedAt]).toEqual([T1, T1, NaN]);
    expect(st.ask.polls).toBe(1);
  });

  it('dates a change by the poll that saw it; an unchanged quote keeps no change time', () => {
    const st = emptyAgeState(730);
    observePoll(st, grid({ x: { a: 100, b: 200 } }, M), T1);
    const o = observePoll(st, grid({ x: { a: 150, b: 200 } }, M), T2);
    expect([...o.askChangedAt]).toEqual([T2, NaN, NaN]);
    expect([...o.askFirstSeenAt]).toEqual([T1, T1, NaN]);
    expect(o.askStat.changed[0]).toBe(1);
    expect(o.askStat.comparable[1]).toBe(1);
    expect(o.askStat.changed[1]).toBe(0);
  });

  it('keeps when a market last quoted an item after it stops, and dates its return as a change', () => {
    const st = emptyAgeState(730);
    observePoll(st, grid({ x: { a: 100, b: 200 } }, M), T1);
    observePoll(st, grid({ x: { a: 100, b: 200 } }, M), T2);
    const gone = observePoll(st, grid({ x: { a: 100 } }, M), T3);
    expect(gone.askLastQuotedAt[1]).toBe(T2);
    const back = observePoll(st, grid({ x: { a: 100, b: 200 } }, M), T4);
    expect(back.askChangedAt[1]).toBe(T4);
    expect(back.askFirstSeenAt[1]).toBe(T1);
  });

  it('a market turned on later has unknown ages (not observed before), not "appeared now"', () => {
    const st = emptyAgeState(730);
    observePoll(st, grid({ x: { a: 100 } }, ['a']), T1);
    const o = observePoll(st, grid({ x: { a: 100, b: 200 } }, ['a', 'b']), T2);
    expect([...o.askChangedAt]).toEqual([NaN, NaN]);
    expect(o.askFirstSeenAt[1]).toBe(T2);
    const o3 = observePoll(st, grid({ x: { a: 100, b: 250 } }, ['a', 'b']), T3);
    expect(o3.askChangedAt[1]).toBe(T3);
  });

  it('matches items by name when the answer comes in another order', () => {
    const st = emptyAgeState(730);
    observePoll(st, grid({ x: { a: 100 }, y: { a: 500 } }, ['a']), T1);
    const o = observePoll(st, grid({ y: { a: 500 }, x: { a: 101 } }, ['a']), T2);
    expect([...o.askChangedAt]).toEqual([NaN, T2]);
  });

  it('a poll without bids (asks only) leaves the bid state; the next poll with bids compares against the last bids', () => {
    const st = emptyAgeState(730);
    observePoll(st, grid({ x: { a: 100 } }, ['a'], { x: { a: 90 } }, ['a']), T1);
    const asksOnly = observePoll(st, grid({ x: { a: 100 } }, ['a']), T2);
    expect(asksOnly.bidChangedAt.length).toBe(0);
    expect(asksOnly.bidStat).toBeNull();
    const o = observePoll(st, grid({ x: { a: 100 } }, ['a'], { x: { a: 95 } }, ['a']), T3);
    expect([...o.bidChangedAt]).toEqual([T3]);
    expect(st.bid.polls).toBe(2);
    expect(st.ask.polls).toBe(3);
  });

  it('missing bids: an item with no buy order has no bid age', () => {
    const st = emptyAgeState(730);
    observePoll(st, grid({ x: { a: 100 }, y: { a: 100 } }, ['a'], { x: { a: 90 } }, ['a']), T1);
    const o = observePoll(st, grid({ x: { a: 100 }, y: { a: 100 } }, ['a'], { x: { a: 91 } }, ['a']), T2);
    expect([...o.bidChangedAt]).toEqual([T2, NaN]);
    expect(o.bidStat?.quoted[0]).toBe(1);
  });
});

describe('observePoll: polls of other market sets in between (another page loading a few markets of the same game)', () => {
  it('compares each market with its own last observation: a change across a poll that left it out is still dated', () => {
    const st = emptyAgeState(730);
    observePoll(st, grid({ x: { a: 100, b: 200 } }, ['a', 'b']), T1);
    observePoll(st, grid({ x: { a: 100 } }, ['a']), T2);
    const o = observePoll(st, grid({ x: { a: 100, b: 250 } }, ['a', 'b']), T3);
    expect([...o.askChangedAt]).toEqual([NaN, T3]);
    expect(o.askStat.comparable[1]).toBe(1);
    expect(o.askStat.changed[1]).toBe(1);
  });
});
