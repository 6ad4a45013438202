import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '../support/redis-cluster';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

// A request that hangs fails here instead of waiting for the test's own timeout.
const bounded = () => AbortSignal.timeout(5_000);

let cluster: TestCluster;
let app: TestApp;
let call: RestClient;

beforeAll(async () => {
  cluster = await startTestCluster();
  app = await startTestApp({}, cluster);
  call = restClient(app.url, await app.createKey('acme'));
});
afterAll(async () => {
  await app?.close();
  await cluster?.stop();
});

// What test/platform/redis-outage.test.ts shows for one Redis server, for a whole Redis Cluster
// gone at once: while no node answers, ioredis holds a cluster's commands in a queue of its own.
describe('when the whole Redis Cluster goes away and comes back', () => {
  it('answers 503 in each API format, says so on /readyz, and works again once it is back', async () => {
    const before = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Before' }) });
    expect(before.status).toBe(201);

    await cluster.down();
    const [api, v2, graphql, ready] = await Promise.all([
      call('GET', '/api/voices/acme', { signal: bounded() }),
      call('GET', '/v2/transcript/00000000-0000-4000-8000-000000000000', { signal: bounded() }),
      call('POST', '/graphql', { json: { query: '{ voices(partner: "acme") { name } }' }, signal: bounded() }),
      call('GET', '/readyz', { key: null, signal: bounded() }),
    ]);
    for (const response of [api, v2, graphql]) {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(api.body).toEqual({ detail: 'Service temporarily unavailable' });
    expect(v2.body).toEqual({ error: 'Service temporarily unavailable' });
    expect(graphql.body.errors[0]?.extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(ready.status).toBe(503);
    expect(ready.body.failing).toEqual(['redis']);

    // A write refused during the outage must not be carried out once the cluster returns.
    const { commands } = app.app.services.platform.redis;
    await expect(commands.set(`${app.redis.prefix}:outage-write`, 'late')).rejects.toThrow('Command timed out');

    await cluster.up();
    await waitFor(
      async () => (await call('GET', '/readyz', { key: null })).status,
      (status) => status === 200,
      30_000,
    );
    expect(await commands.get(`${app.redis.prefix}:outage-write`)).toBeNull();
    const after = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'After' }) });
    expect(after.status).toBe(201);
    const voices = await call('GET', '/api/voices/acme');
    expect((voices.body as { name: string }[]).map((voice) => voice.name).sort()).toEqual(['After', 'Before']);

    // The workers are back too: a job queued now reaches its final state (no LLM is configured here).
    const submitted = await call('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });
    expect(submitted.status).toBe(200);
    const settled = await waitFor(
      () => call('GET', submitted.body.id),
      (answer) => answer.body.state !== 'in-progress',
      30_000,
    );
    expect(settled.body.state).toBe('failed');
  });
});
