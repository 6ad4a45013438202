import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyService } from '../../src/auth/api-keys';
import { KeySpace } from '../../src/store/keys';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const run = promisify(execFile);
const unknownKey = () => `pk_${randomBytes(24).toString('base64url')}`;

describe('invalid keys from one address', () => {
  let app: TestApp;
  let call: RestClient;

  beforeAll(async () => {
    app = await startTestApp({ INVALID_KEY_LIMIT_PER_MINUTE: '5' });
    call = restClient(app.url, await app.createKey('acme'));
  });
  afterAll(async () => app?.close());

  /** The limit counts per clock minute; a run that straddles two minutes is run again. */
  async function withinOneMinute<T>(attempt: () => Promise<T>): Promise<T> {
    for (;;) {
      const minute = Math.floor(Date.now() / 60_000);
      const result = await attempt();
      if (Math.floor(Date.now() / 60_000) === minute) return result;
    }
  }

  it('are limited with 429 in each API format, while a key already in use keeps working', async () => {
    expect((await call('GET', '/api/voices/acme')).status).toBe(200);
    const statuses = await withinOneMinute(async () => {
      const seen: number[] = [];
      for (let i = 0; i < 6; i++) {
        seen.push((await call('GET', '/api/voices/acme', { key: unknownKey() })).status);
      }
      return seen;
    });
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses.at(-1)).toBe(429);

    const api = await call('GET', '/api/voices/acme', { key: unknownKey() });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(api.body).toEqual({ detail: 'Rate limit exceeded' });

    const v2 = await call('GET', '/v2/transcript/00000000-0000-4000-8000-000000000000', { key: unknownKey() });
    expect(v2.status).toBe(429);
    expect(v2.body.error).toMatch(/^Rate limit exceeded\. Try again in \d+ seconds\.$/);

    const graphql = await call('POST', '/graphql', { key: unknownKey(), json: { query: '{ contentTypes }' } });
    expect(graphql.status).toBe(429);
    expect(graphql.body.errors[0]?.extensions.code).toBe('RATE_LIMITED');

    expect((await call('GET', '/api/voices/acme')).status).toBe(200);
  });
});

describe('an unknown key', () => {
  let app: TestApp;
  let call: RestClient;
  let counter: Redis;
  const hgets = async () => Number(/cmdstat_hget:calls=(\d+)/.exec(await counter.info('commandstats'))?.[1] ?? 0);

  beforeAll(async () => {
    // API only: workers read their queues' state with HGET too, and would blur the count.
    app = await startTestApp({ INVALID_KEY_LIMIT_PER_MINUTE: '10000', ROLE: 'api' });
    call = restClient(app.url);
    counter = new Redis(app.redis.url);
  });
  afterAll(async () => {
    counter?.disconnect();
    await app?.close();
  });

  it('costs Redis one lookup however often it is sent', async () => {
    const wrong = unknownKey();
    const before = await hgets();
    for (let i = 0; i < 50; i++) expect((await call('GET', '/api/voices/acme', { key: wrong })).status).toBe(401);
    expect(await hgets()).toBe(before + 1);
  });

  it('works as soon as the broadcast of its creation arrives, though this one had it cached as unknown', async () => {
    const coming = unknownKey();
    expect((await call('GET', '/api/voices/acme', { key: coming })).status).toBe(401);
    const otherRedis = new Redis(app.redis.url);
    try {
      await new ApiKeyService(otherRedis, new KeySpace(app.redis.prefix)).add(coming, ['acme']);
    } finally {
      otherRedis.disconnect();
    }
    // The creation reaches this process over Redis pub/sub, normally within a millisecond,
    // but on a busy machine the next request can overtake it. The bound is well under the
    // 5 s for which an unknown key is remembered, so only the broadcast can make this pass.
    await waitFor(
      async () => (await call('GET', '/api/voices/acme', { key: coming })).status,
      (status) => status === 200,
      2_000,
    );
  });

  it('is looked up again after `npm run key create` in another process', async () => {
    const wrong = unknownKey();
    expect((await call('GET', '/api/voices/acme', { key: wrong })).status).toBe(401);
    const cached = await hgets();
    expect((await call('GET', '/api/voices/acme', { key: wrong })).status).toBe(401);
    expect(await hgets()).toBe(cached);

    const created = await run(process.execPath, ['--import', 'tsx', 'src/cli/key.ts', 'create', '--partner', 'acme'], {
      env: { ...process.env, REDIS_URL: app.redis.url, REDIS_PREFIX: app.redis.prefix },
    });
    const cliKey = created.stdout.trim().split('\n').at(-1)!;
    expect((await call('GET', '/api/voices/acme', { key: cliKey })).status).toBe(200);
    // The creation was broadcast: the cached answer for the unknown key is gone too.
    await waitFor(
      async () => {
        const before = await hgets();
        await call('GET', '/api/voices/acme', { key: wrong });
        return (await hgets()) - before;
      },
      (lookups) => lookups === 1,
      10_000,
    );
  });
});
