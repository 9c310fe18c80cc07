import { describe, expect, it } from 'vitest';
import { namesInError } from './refused-names';

const asked = ['steamcommunity', 'steam', 'buff163', 'c5', 'lis-skins', 'nosuch'];

describe('namesInError', () => {
  it('reads GraphQL extensions {argument, value}', () => {
    const body = {
      errors: [
        {
          message: 'unknown market: steam',
          extensions: { code: 'BAD_USER_INPUT', argument: 'markets', value: 'steam' },
        },
      ],
    };
    expect(namesInError(body, asked)).toEqual(['steam']);
  });
  it('reads a REST error object, and a list of values', () => {
    expect(
      namesInError(
        { error: { code: 'BAD_REQUEST', message: 'x', argument: 'markets', value: ['nosuch', 'c5'] } },
        asked,
      ),
    ).toEqual(['c5', 'nosuch']);
    expect(namesInError({ error: { code: 'BAD_REQUEST', invalid_markets: ['lis-skins'] } }, asked)).toEqual([
      'lis-skins',
    ]);
  });
  it('reads the message wordings services use, unquoted and quoted', () => {
    expect(namesInError({ errors: [{ message: 'unknown market: steam' }] }, asked)).toEqual(['steam']);
    expect(namesInError({ errors: [{ message: 'Unknown market "nosuch" for aggregatedMinPrices' }] }, asked)).toEqual([
      'nosuch',
    ]);
    expect(namesInError({ message: "Invalid markets: 'c5', 'nosuch'" }, asked)).toEqual(['c5', 'nosuch']);
    expect(namesInError('400 Bad Request: market lis-skins is not supported', asked)).toEqual(['lis-skins']);
  });
  it('takes a whole name only: "steam" is not "steamcommunity"', () => {
    expect(namesInError({ errors: [{ message: 'unknown market: steamcommunity' }] }, asked)).toEqual([
      'steamcommunity',
    ]);
    expect(namesInError({ errors: [{ message: 'unknown market: steam' }] }, ['steamcommunity'])).toEqual([]);
  });
  it('never takes names from a list of supported ones', () => {
    expect(
      namesInError({ errors: [{ message: 'Unknown market "nosuch". Supported: steam, buff163, c5' }] }, asked),
    ).toEqual(['nosuch']);
    expect(namesInError({ error: { message: 'valid markets are steam, buff163' } }, asked)).toEqual([]);
  });
  it('names none for an opaque refusal, another argument, or a name not asked for', () => {
    expect(namesInError({ errors: [{ message: 'Bad Request' }] }, asked)).toEqual([]);
    expect(namesInError('Bad Request', asked)).toEqual([]);
    expect(
      namesInError({ errors: [{ message: 'x', extensions: { argument: 'game_id', value: 'steam' } }] }, asked),
    ).toEqual([]);
    expect(namesInError({ errors: [{ message: 'unknown market: other' }] }, asked)).toEqual([]);
  });
});
