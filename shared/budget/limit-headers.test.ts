import { describe, expect, it } from 'vitest';
import { readLimitHeaders } from './limit-headers';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const h = (values: Record<string, string>) => new Headers(values);

describe('readLimitHeaders', () => {
  it('reads the IETF draft-10 policy and its live counter, matched by name', () => {
    const r = readLimitHeaders(
      h({
        'ratelimit-policy': '"burst";q=100;w=60, "month";q=10000;w=2592000;qu="requests"',
        ratelimit: '"month";r=9500;t=86400',
      }),
      NOW,
    );
    expect(r.limits).toEqual([
      { name: 'burst', quota: 100, windowSeconds: 60, remaining: null, resetAt: null },
      { name: 'month', quota: 10000, windowSeconds: 2592000, remaining: 9500, resetAt: NOW + 86_400_000 },
    ]);
    expect(r.retryAfterMs).toBeNull();
  });

  it('reads the older drafts\u2019 bare form and skips quotas in other units', () => {
    const r = readLimitHeaders(h({ 'ratelimit-policy': '10;w=1, 50;w=60, "bytes";q=1000;qu="content-bytes"' }), NOW);
    expect(r.limits.map((l) => [l.quota, l.windowSeconds])).toEqual([
      [10, 1],
      [50, 60],
    ]);
  });

  it('reads X-RateLimit-* with Reset as seconds from now or as a Unix time', () => {
    const rel = readLimitHeaders(
      h({ 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset': '20' }),
      NOW,
    );
    expect(rel.limits).toEqual([{ name: '', quota: 30, windowSeconds: null, remaining: 4, resetAt: NOW + 20_000 }]);
    const abs = readLimitHeaders(h({ 'x-ratelimit-limit': '30', 'x-ratelimit-reset': String(NOW / 1000 + 90) }), NOW);
    expect(abs.limits[0]!.resetAt).toBe(NOW + 90_000);
  });

  it('keeps one of the same quota stated in both forms: the IETF one, which has the window', () => {
    const r = readLimitHeaders(
      h({
        'ratelimit-policy': '"minute";q=40;w=60',
        ratelimit: '"minute";r=3;t=10',
        'x-ratelimit-limit': '40',
        'x-ratelimit-remaining': '3',
      }),
      NOW,
    );
    expect(r.limits).toEqual([{ name: 'minute', quota: 40, windowSeconds: 60, remaining: 3, resetAt: NOW + 10_000 }]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(readLimitHeaders(h({ 'retry-after': '7' }), NOW).retryAfterMs).toBe(7000);
    expect(readLimitHeaders(h({ 'retry-after': new Date(NOW + 30_000).toUTCString() }), NOW).retryAfterMs).toBe(30_000);
  });

  it('ignores malformed, negative, huge or missing values, and a header source that throws', () => {
    const bad = readLimitHeaders(
      h({
        'ratelimit-policy': '"x";q=-5;w=60, "y";q=abc, "z";q=1e9999, ;;;, "w";q=10;w=99999999999, "open',
        ratelimit: '"w";r=zz;t=-1',
        'x-ratelimit-limit': 'lots',
        'x-ratelimit-remaining': '4',
        'retry-after': 'soon',
      }),
      NOW,
    );
    // Only "w" has a usable quota; its absurd window and unreadable counters are dropped.
    expect(bad.limits).toEqual([{ name: 'w', quota: 10, windowSeconds: null, remaining: null, resetAt: null }]);
    expect(bad.retryAfterMs).toBeNull();
    const throwing = {
      get: () => {
        throw new Error('boom');
      },
    };
    expect(readLimitHeaders(throwing, NOW)).toEqual({ limits: [], retryAfterMs: null });
    expect(readLimitHeaders(h({ 'ratelimit-policy': 'x'.repeat(10_000) }), NOW).limits).toEqual([]);
  });
});
