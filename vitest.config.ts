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
      { extends: true, test: { name: 'redis', include: ['test/**/*.test.ts'] } },
      {
        // The suites that cover every door and the subscriptions run again on a three-master
        // Redis Cluster (test/support/test-app.ts reads TEST_REDIS).
        extends: true,
        test: {
          name: 'cluster',
          include: [
            'test/voice/voice-rest.test.ts',
            'test/kb/kb-routes.test.ts',
            'test/v2/transcripts.test.ts',
            'test/graphql/voice-graphql.test.ts',
            // The key CLI on a cluster.
            'test/platform/config-and-keys.test.ts',
          ],
          env: { TEST_REDIS: 'cluster' },
        },
      },
    ],
    // Each file starts its own redis-server and ffmpeg processes; two cores cannot run
    // many of those at once without turning timing into flakiness.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
