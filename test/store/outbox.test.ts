import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeySpace } from '../../src/store/keys';
import { Outbox } from '../../src/store/outbox';
import { startTestRedis, type TestRedis } from '../support/redis-server';

let server: TestRedis;
let redis: Redis;
let outbox: Outbox;
let key: string;

beforeAll(async () => {
  server = await startTestRedis();
  redis = new Redis(server.url);
  outbox = new Outbox(redis, new KeySpace(server.prefix));
  key = outbox.keyFor('any-record');
});

afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const consumerNames = async () => ((await redis.xinfo('CONSUMERS', key, 'drain')) as string[][]).map((fields) => fields[fields.indexOf('name') + 1]);

describe('the outbox sweep forgetting idle consumers', () => {
  it('forgets drainers that hold nothing and have been idle long enough, and keeps one with an entry taken', async () => {
    await redis.xadd(key, '*', 'entry', 'first');
    await redis.xadd(key, '*', 'entry', 'second');
    // A drainer that settled what it took, and one that took an entry and died.
    const settled = await outbox.take(key, 'settled', 1, { abandoned: false });
    await outbox.settle(settled);
    expect(await outbox.take(key, 'died-holding', 1, { abandoned: false })).toHaveLength(1);
    expect((await consumerNames()).sort()).toEqual(['died-holding', 'settled']);

    // Neither has been idle for a minute.
    expect(await outbox.forgetIdleConsumers(key, 60_000)).toBe(0);
    expect(await consumerNames()).toHaveLength(2);

    await sleep(50);
    expect(await outbox.forgetIdleConsumers(key, 20)).toBe(1);
    expect(await consumerNames()).toEqual(['died-holding']);
    // Its entry is still pending, for a sweep to take over.
    const [pending] = (await redis.xpending(key, 'drain')) as [number];
    expect(pending).toBe(1);
  });

  it('comes back for a forgotten drainer that reads again', async () => {
    await redis.xadd(key, '*', 'entry', 'third');
    const taken = await outbox.take(key, 'settled', 10, { abandoned: false });
    expect(taken.map((entry) => entry.entry)).toEqual(['third']);
    expect((await consumerNames()).sort()).toEqual(['died-holding', 'settled']);
  });

  it('has nothing to forget in an outbox that was never made', async () => {
    expect(await outbox.forgetIdleConsumers(`${key}-never`, 0)).toBe(0);
  });
});
