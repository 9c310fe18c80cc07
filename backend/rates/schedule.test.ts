/** When the host looks for rates: after 16:30 Frankfurt time on TARGET working days, with backoff after failures. */
import { describe, expect, it } from 'vitest';
import {
  FAILURE_BASE_MS,
  LATE_RETRY_MS,
  isTargetClosed,
  latestExpectedDay,
  lookTime,
  nextWorkingDay,
  planNextLook,
} from './schedule';

const utc = (text: string): number => Date.parse(`${text}Z`);

describe('TARGET calendar', () => {
  it.each([
    ['2026-11-28', true, 'a Saturday'],
    ['2026-11-29', true, 'a Sunday'],
    ['2026-11-27', false, 'a Friday'],
    ['2026-01-01', true, "New Year's Day"],
    ['2026-04-03', true, 'Good Friday 2026'],
    ['2026-04-06', true, 'Easter Monday 2026'],
    ['2026-04-07', false, 'the Tuesday after Easter'],
    ['2026-05-01', true, 'Labour Day'],
    ['2026-12-25', true, 'Christmas Day'],
    ['2026-12-26', true, '26 December'],
    ['2026-12-24', false, 'Christmas Eve (open)'],
    ['2026-12-31', false, "New Year's Eve (open)"],
    ['2025-04-18', true, 'Good Friday 2025'],
  ])('%s closed: %s (%s)', (date, closed) => {
    expect(isTargetClosed(date)).toBe(closed);
  });

  it('skips weekends and closing days to the next working day', () => {
    expect(nextWorkingDay('2026-11-27')).toBe('2026-11-30');
    expect(nextWorkingDay('2025-12-24')).toBe('2025-12-29');
    expect(nextWorkingDay('2026-12-31')).toBe('2027-01-04');
  });
});

describe('look time', () => {
  it('is 16:30 in Frankfurt: 15:30 UTC in winter (CET), 14:30 UTC in summer (CEST)', () => {
    expect(lookTime('2026-11-25')).toBe(utc('2026-11-25T15:30:00'));
    expect(lookTime('2026-07-15')).toBe(utc('2026-07-15T14:30:00'));
  });

  it('the newest day to expect: before 16:30 the previous working day, after it the day itself', () => {
    expect(latestExpectedDay(utc('2026-11-25T15:29:00'))).toBe('2026-11-24');
    expect(latestExpectedDay(utc('2026-11-25T15:31:00'))).toBe('2026-11-25');
    expect(latestExpectedDay(utc('2026-11-30T09:00:00'))).toBe('2026-11-27');
    expect(latestExpectedDay(utc('2025-12-26T18:00:00'))).toBe('2025-12-24');
  });
});

describe('planNextLook', () => {
  it('before 16:00 CET with yesterday kept: waits for today at 16:30', () => {
    const plan = planNextLook({
      now: utc('2026-11-25T14:59:00'),
      newestKept: '2026-11-24',
      lastFetch: { at: utc('2026-11-24T15:31:00'), ok: true },
      failures: 0,
    });
    expect(plan).toEqual({ at: utc('2026-11-25T15:30:00'), file: 'daily' });
  });

  it("after 16:30 CET without today's day: looks now for the day's file", () => {
    const plan = planNextLook({
      now: utc('2026-11-25T16:00:00'),
      newestKept: '2026-11-24',
      lastFetch: { at: utc('2026-11-24T15:31:00'), ok: true },
      failures: 0,
    });
    expect(plan).toEqual({ at: utc('2026-11-25T16:00:00'), file: 'daily' });
  });

  it('on Friday evening with Friday kept: next look is Monday 16:30 CET', () => {
    const plan = planNextLook({
      now: utc('2026-11-27T20:00:00'),
      newestKept: '2026-11-27',
      lastFetch: { at: utc('2026-11-27T15:31:00'), ok: true },
      failures: 0,
    });
    expect(plan.at).toBe(utc('2026-11-30T15:30:00'));
  });

  it('over Christmas: from 24 December the next look is after 25-26 December and the weekend', () => {
    const plan = planNextLook({
      now: utc('2025-12-24T18:00:00'),
      newestKept: '2025-12-24',
      lastFetch: { at: utc('2025-12-24T15:31:00'), ok: true },
      failures: 0,
    });
    expect(plan.at).toBe(utc('2025-12-29T15:30:00'));
  });

  it('on a weekend with nothing missing: no look until Monday; with days missing: the 90-day file now', () => {
    const weekend = utc('2026-11-28T10:00:00');
    expect(
      planNextLook({
        now: weekend,
        newestKept: '2026-11-27',
        lastFetch: { at: utc('2026-11-27T15:31:00'), ok: true },
        failures: 0,
      }).at,
    ).toBe(utc('2026-11-30T15:30:00'));
    expect(
      planNextLook({
        now: weekend,
        newestKept: '2026-11-20',
        lastFetch: { at: utc('2026-11-20T15:31:00'), ok: true },
        failures: 0,
      }),
    ).toEqual({ at: weekend, file: 'hist90d' });
    expect(planNextLook({ now: weekend, newestKept: null, lastFetch: null, failures: 0 })).toEqual({
      at: weekend,
      file: 'hist90d',
    });
  });

  it('after failures: backs off from the last attempt, doubling', () => {
    const at = utc('2026-11-25T15:35:00');
    const base = {
      now: at + 1000,
      newestKept: '2026-11-24',
      lastFetch: { at, ok: false, error: 'down' },
      random: () => 1,
    };
    expect(planNextLook({ ...base, failures: 1 }).at).toBe(at + FAILURE_BASE_MS);
    expect(planNextLook({ ...base, failures: 3 }).at).toBe(at + 4 * FAILURE_BASE_MS);
  });

  it('when the source answers without the day (published late): again in 30 minutes, and after 8 hours the next working day', () => {
    const at = utc('2026-11-25T15:35:00');
    expect(
      planNextLook({ now: at + 1000, newestKept: '2026-11-24', lastFetch: { at, ok: true }, failures: 0 }).at,
    ).toBe(at + LATE_RETRY_MS);
    const late = utc('2026-11-25T23:45:00');
    expect(
      planNextLook({ now: late + 1000, newestKept: '2026-11-24', lastFetch: { at: late, ok: true }, failures: 0 }).at,
    ).toBe(utc('2026-11-26T15:30:00'));
  });
});
