/**
 * A poll that asked for asks only (the engine asks for bids with every Nth poll when a request limit is
 * tight): the view keeps the last bids, matched by item name, with their own time (`bidsAt`); the history
 * records such a poll's asks only, so a bid the poll did not ask for is never recorded as changed or gone
 * (the engine's first poll of a day asks for bids, so the daily baseline has them).
 */
import type { Answer } from './engine';
import type { PollInput } from '../history/recorder';
import { toPoll } from '../history/poll-input';
import { NONE, toSnapshot, type NumField, type Snapshot } from '../model/snapshot';
import { carryBidTrust } from '../trust/trust';

/** Whether `last` has bids `asksOnly` can keep: the same game and bid markets. */
export function canCarryBids(
  last: Snapshot | undefined,
  game: number,
  bidMarkets: readonly string[],
): last is Snapshot {
  return (
    last !== undefined &&
    last.game === game &&
    last.bidMarkets.length > 0 &&
    last.bidMarkets.join(',') === bidMarkets.join(',')
  );
}

/**
 * `asksOnly` (loaded without bid markets) with the bids of `last`, row by row by item name; an item `last`
 * lacks has no bids until the next poll that asks for them. Figures the worker derived without bids are
 * dropped (the view derives them again with the bids).
 */
export function carryBids(asksOnly: Snapshot, last: Snapshot, bidsAt: number): Snapshot {
  const b = last.bidMarkets.length;
  const n = asksOnly.n;
  const bid = new Int32Array(n * b).fill(NONE);
  const bidOffers = new Int32Array(n * b).fill(NONE);
  const bidListed = new Uint8Array(n * b);
  const newRow = new Int32Array(last.n).fill(-1);
  for (let i = 0; i < n; i++) {
    const j = last.indexOfName(asksOnly.names[i] as string);
    if (j < 0 || newRow[j] !== -1) continue;
    newRow[j] = i;
    bid.set(last.bid.subarray(j * b, j * b + b), i * b);
    bidOffers.set(last.bidOffers.subarray(j * b, j * b + b), i * b);
    bidListed.set(last.bidListed.subarray(j * b, j * b + b), i * b);
  }
  const overflow: Array<[NumField, number, number]> = asksOnly.overflow.filter(
    ([f]) => f !== 'bid' && f !== 'bidOffers',
  );
  for (const [field, cell, v] of last.overflow) {
    if (field !== 'bid' && field !== 'bidOffers') continue;
    const row = newRow[Math.floor(cell / b)] as number;
    if (row >= 0) overflow.push([field, row * b + (cell % b), v]);
  }
  const {
    big: _big,
    askIndex: _askIndex,
    bidIndex: _bidIndex,
    indexOfName: _indexOfName,
    derived: _derived,
    historyMark: _historyMark,
    ...data
  } = asksOnly;
  // The bids' trust (flags, ages) goes with the bids.
  const trust = carryBidTrust(asksOnly.trust, last.trust, newRow, n, b);
  return toSnapshot({
    ...data,
    bidMarkets: [...last.bidMarkets],
    bid,
    bidOffers,
    bidListed,
    overflow,
    bidsAt,
    ...(trust ? { trust } : {}),
  });
}

/** What the history records of an answer: a poll that did not ask for bids records its asks only. */
export function pollOfAnswer(a: Pick<Answer<Snapshot>, 'snap' | 'at' | 'bidsFresh'>): PollInput {
  const poll = toPoll(a.snap, a.at);
  if (a.bidsFresh) return poll;
  return { ...poll, bidMarkets: [], bid: new Int32Array(0), big: poll.big.filter(([side]) => side === 0) };
}
