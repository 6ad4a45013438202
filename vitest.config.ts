import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // Vite would pick graphql's ESM build for our code while Node loads the CommonJS one for
    // Pothos and yoga; two copies of graphql break its instanceof checks. Use Node's choice.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    projects: [
      { extends: true, test: { name: 'local', include: ['test/**/*.test.ts'] } },
      {
        // The suites that cover every door, the files and the subscriptions run again past one
        // machine: on a three-master Redis Cluster with blobs in an S3-protocol server (s3rver).
        // test/support/test-app.ts reads TEST_REDIS and TEST_BLOB_STORE.
        extends: true,
        test: {
          name: 'scale',
          include: [
            'test/voice/voice-rest.test.ts',
            'test/kb/kb-routes.test.ts',
            'test/kb/kb-processing.test.ts',
            'test/kb/kb-retrieval.test.ts',
            // A rewrite's streamed output, and a document's log reopened for its next rewrite, on a cluster.
            'test/kb/kb-rewrite-output.test.ts',
            'test/v2/transcripts.test.ts',
            'test/graphql/voice-graphql.test.ts',
            // The key CLI on a cluster.
            'test/platform/config-and-keys.test.ts',
            // A revocation reaching two API processes' connections through a cluster's pub/sub.
            'test/http/key-revocation.test.ts',
          ],
          env: { TEST_REDIS: 'cluster', TEST_BLOB_STORE: 's3' },
        },
      },
    ],
    // Each file starts its own redis-server and ffmpeg processes; two cores cannot run
    // many of those at once without turning timing into flakiness.
    maxWorkers: 2,
    globalSetup: ['test/support/build-once.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
