import { describe, expect, it } from 'vitest';
import { refreshForecastText, statedLimitsText } from './request-limits-text';

describe('Request limits in words', () => {
  it('each stated limit: quota, its window and what is left when said', () => {
    expect(
      statedLimitsText([
        { name: 'minute', quota: 40, windowSeconds: 60, remaining: 12, resetAt: null },
        { name: '', quota: 100_000, windowSeconds: null, remaining: null, resetAt: null },
      ]),
    ).toBe('40 requests per 60 s (12 left); 100,000 requests');
  });

  it('the forecast: manual refresh sends only what is asked; otherwise the interval, the games and the month', () => {
    expect(refreshForecastText(0, 2, 5000)).toBe('Refresh is manual: only the refreshes you ask for are sent.');
    expect(refreshForecastText(60, 1, 43_200)).toBe(
      'Every 1 min for 1 game (the Prices page’s and your alerts’): about 43,200 requests a month.',
    );
    expect(refreshForecastText(30, 2, 86_400)).toContain('Every 30 s for 2 games');
  });
});
