import { describe, expect, it } from 'vitest';
import { isTransient } from '../../api/errors';
import { findRejectedMarkets, loadHttpError } from './rejected-markets';

const requested = ['steam', 'buff163', 'nosuch'];

describe('findRejectedMarkets', () => {
  it('reads the GraphQL extensions of the reference service', () => {
    const body = {
      errors: [
        {
          message: 'Unknown market "nosuch" for aggregatedMinPrices; supported (36): steam, buff163, …',
          extensions: { code: 'BAD_USER_INPUT', argument: 'markets', value: 'nosuch' },
        },
      ],
    };
    expect(findRejectedMarkets(body, requested)).toEqual(['nosuch']);
  });
  it('reads the REST error object', () => {
    const body = {
      error: { code: 'BAD_USER_INPUT', message: 'Unknown market "nosuch"', argument: 'markets', value: 'nosuch' },
    };
    expect(findRejectedMarkets(body, requested)).toEqual(['nosuch']);
  });
  it('falls back to a quoted slug in the message, never to the list of supported slugs', () => {
    const body = { errors: [{ message: "Invalid market 'nosuch'. Supported: steam, buff163" }] };
    expect(findRejectedMarkets(body, requested)).toEqual(['nosuch']);
    expect(findRejectedMarkets({ error: { message: 'Something else: steam, buff163' } }, requested)).toEqual([]);
  });
  it('ignores values that were not requested and other arguments', () => {
    expect(
      findRejectedMarkets(
        { errors: [{ message: 'x', extensions: { argument: 'game_id', value: 'steam' } }] },
        requested,
      ),
    ).toEqual([]);
    expect(
      findRejectedMarkets(
        { errors: [{ message: 'x', extensions: { argument: 'markets', value: 'other' } }] },
        requested,
      ),
    ).toEqual([]);
  });
  it('reads a plain-text body quoting the slug', () => {
    expect(findRejectedMarkets('400 Bad Request: market "nosuch" is not supported', requested)).toEqual(['nosuch']);
  });
});

describe('a load\u2019s HTTP error', () => {
  it('a 400 naming a slug keeps status, code, detail and the slug', () => {
    const e = loadHttpError(
      400,
      {
        errors: [
          {
            message: 'Unknown market "nosuch"',
            extensions: { code: 'BAD_USER_INPUT', argument: 'markets', value: 'nosuch' },
          },
        ],
      },
      null,
      requested,
    );
    expect(e).toMatchObject({ kind: 'bad-request', status: 400, code: 'BAD_USER_INPUT', rejectedMarkets: ['nosuch'] });
    expect(e.message).toContain('HTTP 400');
    expect(e.detail).toBe('Unknown market "nosuch"');
  });
  it('a 503 is transient with its Retry-After, and names no slug', () => {
    const e = loadHttpError(503, { error: { code: 'UNAVAILABLE', message: 'injected fault "steam"' } }, '7', requested);
    expect(e.kind).toBe('unavailable');
    expect(isTransient(e)).toBe(true);
    expect(e.retryAfterSeconds).toBe(7);
    expect(e.rejectedMarkets).toEqual([]);
  });
});
