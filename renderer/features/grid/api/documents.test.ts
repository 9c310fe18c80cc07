import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_SDL } from '../../../../shared/api/schema';
import { GRID_ASKS_SOURCE, GRID_PRICES_SOURCE } from './documents';

describe('grid GraphQL documents', () => {
  const schema = buildSchema(SCHEMA_SDL);
  it.each([
    ['GridPrices', GRID_PRICES_SOURCE],
    ['GridAsks', GRID_ASKS_SOURCE],
  ])('%s is valid against the SDL', (_name, source) => {
    expect(validate(schema, parse(source))).toEqual([]);
  });
});
