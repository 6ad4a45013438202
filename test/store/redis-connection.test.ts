import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoalescingRedis } from '../../src/store/redis';
import { startTestRedis, type TestRedis } from '../support/redis-server';

/**
 * The command connection of a single Redis: what one turn of the event loop issues reaches
 * Redis in one write. Redis counts the reads it makes from its clients (`total_reads_processed`),
 * so the test reads the count around a burst of commands.
 */
describe('the command connection', () => {
  let redis: TestRedis;
  let observer: Redis;

  beforeAll(async () => {
    redis = await startTestRedis();
    observer = new Redis(redis.url);
  });

  afterAll(async () => {
    observer.disconnect();
    await redis.stop();
  });

  const readsByRedis = async () => Number(/total_reads_processed:(\d+)/.exec(await observer.info('stats'))?.[1]);

  /** Redis' reads while `count` GETs issued in one turn are answered, less the reads of the INFO that counts them. */
  async function readsForBurst(client: Redis, count: number): Promise<number> {
    await client.ping();
    const before = await readsByRedis();
    const replies = await Promise.all(Array.from({ length: count }, (_, n) => client.get(`${redis.prefix}:key-${n}`)));
    expect(replies).toEqual(Array.from({ length: count }, () => null));
    return (await readsByRedis()) - before - 1;
  }

  it('sends the commands of one turn in one write, each answered in order', async () => {
    const client = new CoalescingRedis(redis.url);
    await client.set(`${redis.prefix}:key-7`, 'seven');
    const replies = await Promise.all([client.get(`${redis.prefix}:key-6`), client.get(`${redis.prefix}:key-7`), client.incr(`${redis.prefix}:n`)]);
    expect(replies).toEqual([null, 'seven', 1]);
    await client.del(`${redis.prefix}:key-7`);
    expect(await readsForBurst(client, 200)).toBeLessThanOrEqual(2);
    client.disconnect();
  });

  it('is what makes the difference: a plain connection writes them one by one', async () => {
    const client = new Redis(redis.url);
    // Many more than the coalescing connection's 2; how many depends on how far Redis falls
    // behind the writes, and a busy machine lets several writes pile up between its reads.
    expect(await readsForBurst(client, 200)).toBeGreaterThan(2);
    client.disconnect();
  });

  it('keeps sending in one write after its connection was cut and made again', async () => {
    const client = new CoalescingRedis(redis.url, { maxRetriesPerRequest: 1, commandTimeout: 1_500 });
    await client.ping();
    await observer.client('KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    expect(await client.get(`${redis.prefix}:after`)).toBeNull();
    expect(await readsForBurst(client, 50)).toBeLessThanOrEqual(2);
    client.disconnect();
  });
});
