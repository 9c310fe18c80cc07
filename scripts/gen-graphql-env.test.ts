import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_ENV_PATH, graphqlEnvText } from './gen-graphql-env';

describe('renderer/api/graphql-env.d.ts', () => {
  it('is the introspection of the spec schema as it is now (run `npm run gen:graphql` after changing the SDL)', () => {
    expect(readFileSync(GRAPHQL_ENV_PATH, 'utf8')).toBe(graphqlEnvText());
  });
});
