import { describe, expect, it } from 'vitest';
import { bidsEveryFor, feedsToday, requestBudget } from './request-plan';

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

describe('requestBudget', () => {
  const limits = { perMinute: null, perMonth: 10_000, stated: [] };
  const nowMs = Date.UTC(2026, 0, 5);

  it('a REST game on a 10,000-a-month plan: bids every 4 polls (they are a request of their own), and the forecast counts it', () => {
    const { plan } = requestBudget({ nowMs, seconds: 60, feeds: feedsToday(440, []), limits, last30Days: 0 });
    expect(bidsEveryFor(plan, 440)).toBe(4);
    expect(plan.sentence).toBe(
      'Refreshing every 6 min, bids every 4 polls (not every 60 s) to stay within your plan\u2019s 10,000 requests a month.',
    );
    // Asks every 375 s and bids every 1,500 s for 30 days, plus a token every 2 hours.
    expect(plan.monthlyForecast).toBe(6_912 + 1_728 + 360);
  });

  it('CS2 on the same plan: one request a poll with or without bids, so bids come with every poll and only the interval stretches', () => {
    const { plan } = requestBudget({ nowMs, seconds: 60, feeds: feedsToday(730, []), limits, last30Days: 0 });
    expect(bidsEveryFor(plan, 730)).toBe(1);
    expect(plan.sentence).not.toContain('bids every');
    expect(plan.monthlyForecast).toBeLessThanOrEqual(9_000);
  });
});

describe('the recommendations list in the forecast', () => {
  it('counts one request a refresh while a view shows it (Recommendations and Portfolio showing one list: one)', () => {
    const nowMs = Date.UTC(2026, 0, 5);
    const none = { perMinute: null, perMonth: null, stated: [] };
    const feeds = feedsToday(730, [], [730]);
    expect(feeds).toEqual([
      { game: 730, kind: 'asks+bids', need: 'view' },
      { game: 730, kind: 'list', need: 'view' },
    ]);
    // Every 15 s for 30 days: the prices and the list, plus a token every 2 hours.
    expect(requestBudget({ nowMs, seconds: 15, feeds, limits: none, last30Days: 0 }).plan.monthlyForecast).toBe(
      2 * 172_800 + 360,
    );
    // On a 10,000-a-month plan the list is stretched with the prices: both within the plan.
    const tight = requestBudget({
      nowMs,
      seconds: 15,
      feeds,
      limits: { ...none, perMonth: 10_000 },
      last30Days: 0,
    }).plan;
    expect(tight.feeds.map((f) => f.intervalMs)).toEqual([tight.asksIntervalMs, tight.asksIntervalMs]);
    expect(tight.monthlyForecast).toBeLessThanOrEqual(9_000);
  });
});
