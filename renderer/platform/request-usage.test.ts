/** The request counts from either host: a good answer passes, a bad one is a clear error that names the host. */
import { describe, expect, it } from 'vitest';
import { PlatformError } from './errors';
import { parseRequestUsage } from './request-usage';

const good = {
  origin: '',
  lastMinute: 1,
  today: 12,
  last30Days: 340,
  rateLimitedToday: 0,
  rateLimited30Days: 2,
  waitedMs30Days: 4_000,
  stated: [{ name: 'minute', quota: 60, windowSeconds: 60, remaining: 59, resetAt: null }],
  statedAt: null,
  problem: null,
};

describe('parseRequestUsage', () => {
  it('passes a good answer as it is', () => {
    expect(parseRequestUsage(good, 'the desktop app')).toEqual(good);
  });

  it('a negative count or a missing field is invalid data naming the host, never a crash', () => {
    for (const bad of [{ ...good, today: -1 }, { ...good, stated: undefined }, 'nope', null]) {
      let caught: unknown;
      try {
        parseRequestUsage(bad, 'the Market Desk web host');
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(PlatformError);
      expect(caught).toMatchObject({ kind: 'invalid-data' });
      expect((caught as Error).message).toContain('the Market Desk web host');
    }
  });
});
