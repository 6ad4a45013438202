import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for the tests, generated from the committed schema.graphql (itself
 * printed from the Pothos schema by `npm run schema`).
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['test/**/*.ts', '!test/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'test/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        scalars: { DateTime: 'string', JSON: 'unknown', Upload: 'File' },
        enumsAsTypes: true,
        useTypeImports: true,
      },
    },
  },
};

export default config;
