import { describe, expect, it } from 'vitest';
import { feedsToday } from './request-plan';

describe('feedsToday', () => {
  it('counts one request per refresh for CS2 (asks and bids in one GraphQL query) and two for a REST game', () => {
    expect(feedsToday(730, [])).toEqual([{ game: 730, kind: 'asks+bids', need: 'view' }]);
    expect(feedsToday(440, [])).toEqual([
      { game: 440, kind: 'asks', need: 'view' },
      { game: 440, kind: 'bids', need: 'view' },
    ]);
  });

  it('adds the alerts\u2019 games in the background, once, and not the game the Prices page already polls', () => {
    expect(feedsToday(730, [730, 570])).toEqual([
      { game: 730, kind: 'asks+bids', need: 'view' },
      { game: 570, kind: 'asks', need: 'background' },
      { game: 570, kind: 'bids', need: 'background' },
    ]);
    expect(feedsToday(null, [730])).toEqual([{ game: 730, kind: 'asks+bids', need: 'background' }]);
  });
});
