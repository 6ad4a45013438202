import { readFile } from 'node:fs/promises';
import SchemaBuilder from '@pothos/core';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { assertRootFieldsAuthorize, schema } from '../../src/schema';
import { ROOT_ACCESS } from '../../src/schema/root-access';

/** A schema with one query field, built the way src/schema/builder.ts builds ours. */
function schemaWithOneQuery(options: { authScopes?: { public: true } }) {
  const builder = new SchemaBuilder<{ Context: object }>({
    plugins: [ROOT_ACCESS],
    rootAccess: { allows: () => true, refusal: () => new Error('refused') },
  });
  builder.queryType({
    fields: (t) => ({ greeting: t.string({ ...options, resolve: () => 'hello' }) }),
  });
  return builder.toSchema();
}

describe('the GraphQL schema', () => {
  it('matches the committed schema.graphql (run npm run schema after changing it)', async () => {
    expect(await readFile(new URL('../../schema.graphql', import.meta.url), 'utf8')).toBe(`${printSchema(schema)}\n`);
  });

  describe('when a root field declares no authScopes', () => {
    it('refuses to build, naming the field', () => {
      expect(() => assertRootFieldsAuthorize(schemaWithOneQuery({}))).toThrow('GraphQL root fields without authScopes: Query.greeting');
    });
  });

  describe('when every root field declares authScopes', () => {
    it('builds', () => {
      expect(() => assertRootFieldsAuthorize(schemaWithOneQuery({ authScopes: { public: true } }))).not.toThrow();
    });
  });
});
