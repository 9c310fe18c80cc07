import { describe, expect, it } from 'vitest';
import { FakeClock } from './testing/fake-clock';
import { RequestMeter } from './request-meter';
import {
  DAY_MS,
  MINUTE_MS,
  monthlyRequests,
  planRequests,
  shortestFitting,
  TOKENS_PER_DAY,
  type Feed,
  type PlanInput,
} from '../shared/budget/planner';

const CS2_ASKS: Feed = { game: 730, kind: 'asks', need: 'view' };
const CS2_BIDS: Feed = { game: 730, kind: 'bids', need: 'view' };
const TF2_ALERT_ASKS: Feed = { game: 440, kind: 'asks', need: 'background' };
const TF2_ALERT_BIDS: Feed = { game: 440, kind: 'bids', need: 'background' };
const NO_LIMITS = { perMinute: null, perMonth: null, stated: [] } as const;

function input(clock: FakeClock, over: Partial<PlanInput>): PlanInput {
  return {
    nowMs: clock.now(),
    intervalMs: MINUTE_MS,
    feeds: [CS2_ASKS, CS2_BIDS],
    limits: NO_LIMITS,
    usage: { last30Days: 0 },
    ...over,
  };
}

describe('planRequests', () => {
  const clock = new FakeClock();

  it('polls every feed at the user\u2019s interval when no limit is known, and forecasts what that spends', () => {
    const plan = planRequests(input(clock, {}));
    expect(plan.feeds.map((f) => f.intervalMs)).toEqual([MINUTE_MS, MINUTE_MS]);
    expect(plan.stretched).toBe(false);
    expect(plan.sentence).toBeNull();
    // 2 requests a minute for 30 days, plus a token every 2 hours.
    expect(plan.monthlyForecast).toBe(2 * 60 * 24 * 30 + TOKENS_PER_DAY * 30);
  });

  it('polls nothing on manual refresh', () => {
    const plan = planRequests(input(clock, { intervalMs: null, limits: { ...NO_LIMITS, perMonth: 10 } }));
    expect(plan.feeds.every((f) => f.intervalMs === null)).toBe(true);
    expect(plan.monthlyForecast).toBe(0);
    expect(plan.sentence).toBeNull();
  });

  it('slows bids before asks when that is enough', () => {
    // 70,000 a month at 90 %: about 1.45 a minute after tokens; asks every minute leave 0.45 for bids.
    const plan = planRequests(input(clock, { limits: { ...NO_LIMITS, perMonth: 70_000 } }));
    const [asks, bids] = plan.feeds;
    expect(asks!.intervalMs).toBe(MINUTE_MS);
    expect(bids!.intervalMs).toBeGreaterThan(2 * MINUTE_MS);
    expect(bids!.intervalMs).toBeLessThanOrEqual(3 * MINUTE_MS);
    expect(plan.stretched).toBe(true);
    expect(plan.monthlyForecast).toBeLessThanOrEqual(70_000 * 0.9);
    expect(plan.sentence).toMatch(
      /^Refreshing every 60 s, bids every \d+ polls \(not every 60 s\) to stay within your plan\u2019s 70,000 requests a month\.$/,
    );
  });

  it('stretches asks and bids for a 10,000-a-month plan and stays within it', () => {
    const plan = planRequests(input(clock, { limits: { ...NO_LIMITS, perMonth: 10_000 } }));
    const [asks, bids] = plan.feeds;
    expect(asks!.intervalMs!).toBeGreaterThan(5 * MINUTE_MS);
    expect(bids!.intervalMs!).toBe(Math.ceil((asks!.intervalMs! * 4) / 1000) * 1000);
    expect(plan.monthlyForecast).toBeLessThanOrEqual(9_000);
    expect(plan.sentence).toContain('10,000 requests a month');
  });

  it('bids every N polls: N a whole number of the asks\u2019 polls (the engine asks for bids on every Nth)', () => {
    const plan = planRequests(input(clock, { limits: { ...NO_LIMITS, perMonth: 70_000 } }));
    // 0.45 a minute left for bids: every 2.2 polls, so every 3rd.
    expect(plan.bidsEvery).toBe(3);
    expect(plan.feeds[1]!.intervalMs).toBe(3 * plan.feeds[0]!.intervalMs!);
    expect(plan.sentence).toContain('bids every 3 polls');
    const tight = planRequests(input(clock, { limits: { ...NO_LIMITS, perMonth: 10_000 } }));
    expect(tight.bidsEvery).toBe(4);
    expect(tight.feeds[1]!.intervalMs).toBe(4 * tight.feeds[0]!.intervalMs!);
    expect(planRequests(input(clock, {})).bidsEvery).toBe(1);
  });

  it('asks and bids in one request (CS2\u2019s GraphQL): splitting them would cost more, so only the interval is stretched', () => {
    const month = 30 * DAY_MS;
    // Every minute: one combined request a poll, against asks every poll plus bids every 4th poll.
    const combined = monthlyRequests([{ intervalMs: MINUTE_MS }]);
    const split = monthlyRequests([{ intervalMs: MINUTE_MS }, { intervalMs: 4 * MINUTE_MS }]);
    expect(combined).toBe(month / MINUTE_MS + TOKENS_PER_DAY * 30);
    expect(split - combined).toBe(month / (4 * MINUTE_MS));
    // Two REST requests a poll (a game\u2019s asks and bids): bids every 4th poll saves 3 in 8.
    const rest = monthlyRequests([{ intervalMs: MINUTE_MS }, { intervalMs: MINUTE_MS }]);
    expect(rest - split).toBe((3 * month) / (4 * MINUTE_MS));
    const plan = planRequests(
      input(clock, {
        feeds: [{ game: 730, kind: 'asks+bids', need: 'view' }],
        limits: { ...NO_LIMITS, perMonth: 10_000 },
      }),
    );
    expect(plan.bidsEvery).toBe(1);
    expect(plan.sentence).not.toContain('bids every');
  });

  it('keeps bids with asks when they come in one request (maxBidsFactor 1)', () => {
    const plan = planRequests(
      input(clock, {
        feeds: [{ game: 730, kind: 'asks+bids', need: 'view' }],
        limits: { ...NO_LIMITS, perMonth: 10_000 },
        maxBidsFactor: 1,
      }),
    );
    expect(plan.feeds[0]!.intervalMs!).toBeGreaterThan(4 * MINUTE_MS);
    expect(plan.sentence).not.toContain('bids every');
    expect(plan.monthlyForecast).toBeLessThanOrEqual(9_000);
  });

  it('skips games no open page shows before stretching past 15 minutes', () => {
    const plan = planRequests(
      input(clock, {
        feeds: [CS2_ASKS, CS2_BIDS, TF2_ALERT_ASKS, TF2_ALERT_BIDS],
        limits: { ...NO_LIMITS, perMonth: 5_000 },
      }),
    );
    expect(plan.feeds.filter((f) => f.game === 440).every((f) => f.intervalMs === null)).toBe(true);
    expect(plan.feeds.filter((f) => f.game === 730).every((f) => f.intervalMs !== null)).toBe(true);
    expect(plan.sentence).toContain('1 game no open page shows is not refreshed');
    expect(plan.monthlyForecast).toBeLessThanOrEqual(4_500);
  });

  it('keeps within a per-minute limit', () => {
    const feeds: Feed[] = [730, 440, 570, 252490].flatMap(
      (game) =>
        [
          { game, kind: 'asks', need: 'view' },
          { game, kind: 'bids', need: 'view' },
        ] as Feed[],
    );
    const plan = planRequests(input(clock, { intervalMs: 15_000, feeds, limits: { ...NO_LIMITS, perMinute: 10 } }));
    const perMinute = plan.feeds.reduce((n, f) => n + MINUTE_MS / f.intervalMs!, 0);
    expect(perMinute).toBeLessThanOrEqual(9);
    expect(plan.sentence).toContain('10 requests a minute');
  });

  it('reads the limits a service states in its headers', () => {
    const stated = [{ name: 'month', quota: 10_000, windowSeconds: 30 * 86_400, remaining: null, resetAt: null }];
    const plan = planRequests(input(clock, { limits: { ...NO_LIMITS, stated } }));
    expect(plan.stretched).toBe(true);
    expect(plan.sentence).toContain('the service\u2019s limit of 10,000 requests per 720 h');
  });

  it('as the month fills up, spreads what is left over the next day, and pauses when it is spent', () => {
    const c = new FakeClock();
    const limits = { ...NO_LIMITS, perMonth: 10_000 };
    const fresh = planRequests(input(c, { limits, usage: { last30Days: 0 } }));
    c.advance(20 * DAY_MS);
    const nearlySpent = planRequests(input(c, { limits, usage: { last30Days: 8_950 } }));
    expect(nearlySpent.feeds[0]!.intervalMs!).toBeGreaterThan(fresh.feeds[0]!.intervalMs!);
    // 9,000 usable, 50 left: at most 50 requests in the next day.
    const perDay = nearlySpent.feeds.reduce((n, f) => n + DAY_MS / f.intervalMs!, 0);
    expect(perDay).toBeLessThanOrEqual(50);
    const spent = planRequests(input(c, { limits, usage: { last30Days: 9_999 } }));
    expect(spent.feeds.every((f) => f.intervalMs === null)).toBe(true);
    expect(spent.sentence).toMatch(/^Not refreshing: your plan\u2019s 10,000 requests a month are spent\./);
  });
});

describe('shortestFitting and monthlyRequests', () => {
  const clock = new FakeClock();
  const choices = [15, 30, 60, 120, 300, 900].map((s) => s * 1000);

  it('advises every 15 min for one game\u2019s asks and bids on a 10,000-a-month plan', () => {
    const advice = shortestFitting(choices, {
      nowMs: clock.now(),
      feeds: [CS2_ASKS, CS2_BIDS],
      limits: { ...NO_LIMITS, perMonth: 10_000 },
      usage: { last30Days: 0 },
    });
    expect(advice).toEqual({ intervalMs: 900_000, monthlyForecast: 2 * 96 * 30 + TOKENS_PER_DAY * 30 });
  });

  it('answers null when no choice fits', () => {
    expect(
      shortestFitting(choices, {
        nowMs: clock.now(),
        feeds: [CS2_ASKS, CS2_BIDS],
        limits: { ...NO_LIMITS, perMonth: 1_000 },
        usage: { last30Days: 0 },
      }),
    ).toBeNull();
  });

  it('counts nothing for feeds not polled', () => {
    expect(monthlyRequests([{ intervalMs: null }])).toBe(0);
  });
});

describe('planner and meter together', () => {
  it('polling at the planned interval for 3 days on a 10,000-a-month plan spends no more than its share', () => {
    const clock = new FakeClock(Date.UTC(2025, 0, 1));
    const meter = new RequestMeter({ clock });
    const url = 'https://api.example.test/api/v2/graphql';
    const ok = { status: 200, headers: new Headers() };
    const limits = { perMinute: 30, perMonth: 10_000, stated: [] };
    const end = clock.now() + 3 * DAY_MS;
    const next = new Map<string, number>();
    let polls = 0;
    // Bounded loop: one step per minute of fake time.
    while (clock.now() < end) {
      const plan = planRequests({
        nowMs: clock.now(),
        intervalMs: 15_000,
        feeds: [CS2_ASKS, CS2_BIDS],
        limits,
        usage: { last30Days: meter.snapshot(url).last30Days },
      });
      for (const f of plan.feeds) {
        const key = f.kind;
        if (f.intervalMs === null) continue;
        if ((next.get(key) ?? 0) <= clock.now()) {
          meter.record(url, ok);
          polls += 1;
          next.set(key, clock.now() + f.intervalMs);
        }
      }
      clock.advance(MINUTE_MS);
    }
    const spent = meter.snapshot(url).last30Days;
    expect(spent).toBe(polls);
    // 3 days of a 30-day month, less the headroom and the token renewals the planner keeps free.
    expect(spent).toBeLessThanOrEqual(Math.ceil((10_000 * 0.9 * 3) / 30));
    expect(spent).toBeGreaterThan(600);
  });
});
