import type { CodegenConfig } from '@graphql-codegen/cli';

const scalars = { DateTime: 'string', JSON: 'unknown', Upload: 'File' };

/**
 * Typed documents generated from the committed schema.graphql (itself printed from the Pothos
 * schema by `npm run schema`): for the tests, and for the console's operations.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    'test/gql/': {
      documents: ['test/**/*.ts', '!test/gql/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { scalars, enumsAsTypes: true, useTypeImports: true },
    },
    // The console imports each operation's `...Document` export: documents as strings (no
    // parsed AST in the page) and enums as types, so the typing adds no bytes to the bundle.
    'console/app/gql/': {
      documents: ['console/app/operations.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false, gqlTagName: 'graphql' },
      config: { scalars, enumsAsTypes: true, useTypeImports: true, documentMode: 'string' },
    },
  },
};

export default config;
