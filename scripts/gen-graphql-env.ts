/**
 * Writes renderer/api/graphql-env.d.ts: the spec's schema (shared/api/schema.ts, the one SDL) as the
 * introspection type gql.tada reads, so every document written with renderer/api/gql.ts is typed against
 * it. Run after changing the SDL: `npm run gen:graphql` (a unit test fails while the file is out of date).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { outputIntrospectionFile } from '@gql.tada/internal';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { SCHEMA_SDL } from '../shared/api/schema';

export const GRAPHQL_ENV_PATH = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'renderer',
  'api',
  'graphql-env.d.ts',
);

export function graphqlEnvText(): string {
  const introspection = introspectionFromSchema(buildSchema(SCHEMA_SDL), { descriptions: false });
  return outputIntrospectionFile(introspection, { fileType: '.d.ts', shouldPreprocess: true });
}

const entry = process.argv[1];
if (entry && path.resolve(entry) === fileURLToPath(import.meta.url)) {
  writeFileSync(GRAPHQL_ENV_PATH, graphqlEnvText());
  console.log(`Wrote ${path.relative(process.cwd(), GRAPHQL_ENV_PATH)}`);
}
