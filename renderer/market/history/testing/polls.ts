/** A poll for the history's tests: game 730, asks on steam and buff163 by row, no bids, items "item <row>". */
import { NONE } from '../../model/snapshot';
import type { PollInput } from '../recorder';

export function twoMarketPoll(at: number, ask: number[][]): PollInput {
  return {
    game: 730,
    at,
    names: ask.map((_, i) => `item ${i}`),
    askMarkets: ['steam', 'buff163'],
    bidMarkets: ['steam'],
    ask: Int32Array.from(ask.flat()),
    bid: Int32Array.from(ask.map(() => NONE)),
    big: [],
  };
}
