import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { subscribe, wsClient } from '../support/graphql-client';
import { startRestartableRedis, type RestartableRedis } from '../support/redis-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

interface VoiceEvent {
  voicesUpdated: { name: string; status: { splitting: string; embedding: string } };
}
const VoicesUpdated = parse(
  'subscription ($partner: String!) { voicesUpdated(partner: $partner) { name status { splitting embedding } } }',
) as TypedDocumentNode<VoiceEvent, { partner: string }>;

// A request that hangs fails here instead of waiting for the test's own timeout.
const bounded = () => AbortSignal.timeout(5_000);

let redis: RestartableRedis;
let app: TestApp;
let key: string;
let call: RestClient;
let dir: string;
let recording: string;

beforeAll(async () => {
  redis = await startRestartableRedis();
  app = await startTestApp({}, redis);
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  dir = await makeTempDir();
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 8, amplitude: 0.2 });
});
afterAll(async () => {
  await app?.close();
  await redis?.stop();
  if (dir) await removeDir(dir);
});

describe('when Redis goes away and comes back', () => {
  it('answers 503 in each API format at once, says so on /readyz, and resumes subscriptions and jobs', async () => {
    const client = wsClient(app.url, key);
    const feed = subscribe(client, VoicesUpdated, { partner: 'acme' });
    const before = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Before' }) });
    expect(before.status).toBe(201);
    await feed.until((event) => event.voicesUpdated.name === 'Before');
    expect((await call('GET', '/readyz', { key: null })).status).toBe(200);

    await redis.down();
    // A key this process has seen and one it has not: both depend on Redis for the answer.
    const uncachedKey = 'pk_never_seen_by_this_process';
    const [api, apiUncached, v2, graphql] = await Promise.all([
      call('GET', '/api/voices/acme', { signal: bounded() }),
      call('GET', '/api/voices/acme', { key: uncachedKey, signal: bounded() }),
      call('GET', '/v2/transcript/00000000-0000-4000-8000-000000000000', { signal: bounded() }),
      call('POST', '/graphql', { json: { query: '{ voices(partner: "acme") { name } }' }, signal: bounded() }),
    ]);
    for (const response of [api, apiUncached, v2, graphql]) {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(api.body).toEqual({ detail: 'Service temporarily unavailable' });
    expect(apiUncached.body).toEqual({ detail: 'Service temporarily unavailable' });
    expect(v2.body).toEqual({ error: 'Service temporarily unavailable' });
    expect(graphql.body.errors[0]?.extensions.code).toBe('SERVICE_UNAVAILABLE');

    const closeCode = await new Promise<number>((resolve) => {
      const refused = createClient({
        url: `${app.url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { apiKey: key },
        retryAttempts: 0,
        on: { closed: (event) => resolve((event as { code: number }).code) },
      });
      refused.subscribe({ query: '{ contentTypes }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
    });
    // 1013 Try Again Later: the key is fine, the service is not.
    expect(closeCode).toBe(1013);

    const ready = await call('GET', '/readyz', { key: null, signal: bounded() });
    expect(ready.status).toBe(503);
    expect(ready.body.failing).toEqual(['redis']);
    expect((await call('GET', '/healthz', { key: null, signal: bounded() })).status).toBe(200);

    await redis.up();
    await waitFor(
      async () => (await call('GET', '/readyz', { key: null })).status,
      (status) => status === 200,
      20_000,
    );
    // The live subscription from before the outage receives changes made after it.
    const after = await call('POST', '/api/voices/acme', { form: await multipart({ name: 'After' }, { file: recording }) });
    expect(after.status).toBe(201);
    await feed.until((event) => event.voicesUpdated.name === 'After' && event.voicesUpdated.status.embedding === 'COMPLETED');
    await client.dispose();
  });

  it('says on /readyz when the data directory cannot be written', async () => {
    const tmp = join(app.dataDir, 'tmp');
    await rm(tmp, { recursive: true, force: true });
    await writeFile(tmp, 'not a directory');
    try {
      const response = await call('GET', '/readyz', { key: null });
      expect(response.status).toBe(503);
      expect(response.body.failing).toEqual(['dataDir']);
      expect((await call('GET', '/healthz', { key: null })).status).toBe(200);
    } finally {
      await rm(tmp, { force: true });
      await mkdir(tmp, { recursive: true });
    }
    expect((await call('GET', '/readyz', { key: null })).status).toBe(200);
  });
});

describe('a shutdown while Redis is down', () => {
  it('ends all the same, a few seconds past its grace period', async () => {
    const gone = await startRestartableRedis();
    const stopping = await startTestApp({ SHUTDOWN_GRACE_SECONDS: '1' }, gone);
    try {
      await gone.down();
      // Once the outage is noticed its connections are reconnecting, and commands wait.
      const ready = await restClient(stopping.url)('GET', '/readyz', { key: null, signal: bounded() });
      expect(ready.status).toBe(503);
      // Closing politely (BullMQ's workers and queues, QUIT) waits for Redis; the shutdown
      // cuts the connections instead. It used to wait until Redis came back.
      const ended = await Promise.race([stopping.close().then(() => true), new Promise<false>((resolve) => setTimeout(resolve, 20_000, false))]);
      expect(ended).toBe(true);
    } finally {
      await gone.stop();
    }
  });
});
