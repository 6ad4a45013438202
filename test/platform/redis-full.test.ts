import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { subscribe, wsClient } from '../support/graphql-client';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

interface Detail {
  name: string;
  status: { splitting: string; embedding: string };
}
const VoicesUpdated = parse('subscription ($partner: String!) { voicesUpdated(partner: $partner) { name } }') as TypedDocumentNode<
  { voicesUpdated: { name: string } },
  { partner: string }
>;

const LIMIT = 40;

let redis: TestRedis;
let admin: Redis;
let app: TestApp;
let key: string;
let call: RestClient;
/**
 * Polls with a key of its own, once a second: at waitFor's usual 150 ms a wait of a few seconds
 * spent the limit of 40 a minute and read a 429's body (CI failed on it once).
 */
let watch: RestClient;
let dir: string;
let recording: string;

const settled = (voice: Detail) => voice.status.splitting !== 'in_progress' && voice.status.embedding !== 'in_progress';
const usedMemory = async () => Number(/^used_memory:(\d+)/m.exec(await admin.info('memory'))![1]);
const files = async () => (await readdir(app.dataDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;

/**
 * Fills Redis as data does: a limit a little above what it holds, junk until writes are
 * refused. Then the limit goes to half of what it holds, so that the few bytes a command or a
 * connection frees cannot bring it back under during the test.
 */
async function fillRedis(): Promise<void> {
  await admin.config('SET', 'maxmemory', String((await usedMemory()) + 1_000_000));
  const junk = 'x'.repeat(10_000);
  let refused: unknown;
  for (let i = 0; !refused; i++)
    refused = await admin.set(`junk:${i}`, junk).then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(String(refused)).toMatch(/^ReplyError: OOM/);
  await admin.config('SET', 'maxmemory', String(Math.floor((await usedMemory()) / 2)));
}

beforeAll(async () => {
  redis = await startTestRedis();
  admin = new Redis(redis.url);
  await admin.config('SET', 'maxmemory-policy', 'noeviction');
  app = await startTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) }, redis);
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  watch = restClient(app.url, await app.createKey('acme'));
  dir = await makeTempDir('redis-full-');
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 8, amplitude: 0.2 });
});
afterAll(async () => {
  await app?.close();
  admin?.disconnect();
  await redis?.stop();
  if (dir) await removeDir(dir);
});

describe('when Redis is full (maxmemory reached under noeviction)', () => {
  it('serves reads, refuses writes with 503 and Retry-After leaving nothing behind, and takes writes again once there is room', async () => {
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Ada' }, { file: recording }) })).status).toBe(201);
    await waitFor(async () => (await watch('GET', '/api/voices/acme/Ada')).body as Detail, settled, 60_000, 1000);
    await fillRedis();

    const voice = await call('GET', '/api/voices/acme/Ada');
    expect(voice.status).toBe(200);
    expect(voice.body.name).toBe('Ada');
    const list = await call('GET', '/api/voices/acme');
    expect(list.status).toBe(200);
    expect(list.body.map((entry: { name: string }) => entry.name)).toEqual(['Ada']);
    const graphql = await call('POST', '/graphql', { json: { query: '{ voices(partner: "acme") { name } }' } });
    expect(graphql.body).toEqual({ data: { voices: [{ name: 'Ada' }] } });
    const sample = await call('GET', '/api/voices/acme/Ada/samples/0');
    expect(sample.status).toBe(200);
    expect(sample.bytes.length).toBeGreaterThan(0);
    const client = wsClient(app.url, key);
    try {
      await subscribe(client, VoicesUpdated, { partner: 'acme' }).until((event) => event.voicesUpdated.name === 'Ada', 10_000);
    } finally {
      await client.dispose();
    }

    const filesBefore = await files();
    const writes = [
      await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Bob' }) }),
      await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Cy' }, { file: recording }) }),
      await call('POST', '/graphql', { json: { query: 'mutation { createEmptyVoice(partner: "acme", name: "Dee") { name } }' } }),
    ];
    for (const write of writes) {
      expect(write.status).toBe(503);
      expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(writes[0]!.body).toEqual({ detail: 'Service temporarily unavailable' });
    expect(writes[2]!.body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    for (const name of ['Bob', 'Cy', 'Dee']) expect((await call('GET', `/api/voices/acme/${name}`)).status).toBe(404);
    expect(await files()).toBe(filesBefore);

    // Room again: no restart, the next write lands and its jobs run.
    await admin.config('SET', 'maxmemory', '0');
    expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Bob' }) })).status).toBe(201);
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Cy' }, { file: recording }) })).status).toBe(201);
    const done = await waitFor(async () => (await watch('GET', '/api/voices/acme/Cy')).body as Detail, settled, 60_000, 1000);
    expect(done.status).toEqual(expect.objectContaining({ splitting: 'completed', embedding: 'completed' }));
  });

  it('still holds a key to its rate limit, counted in each process while Redis refuses the count', async () => {
    const other = restClient(app.url, await app.createKey('acme'));
    await fillRedis();
    try {
      // Twice the limit and one: even when a minute turns during the burst, one of the two windows goes past it.
      const answers: number[] = [];
      for (let i = 0; i <= 2 * LIMIT; i++) answers.push((await other('GET', '/api/voices/acme')).status);
      expect(answers.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
      expect(answers).toContain(429);
      expect(answers.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    } finally {
      await admin.config('SET', 'maxmemory', '0');
    }
  });
});
