import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, isRedisFull, isRedisUnavailable, UNAVAILABLE_MESSAGES, type RedisConnections } from '../../src/store/redis';
import { startTestRedis, type TestRedis } from '../support/redis-server';

/**
 * What the service relies on of ioredis' internals, held to the pinned version (package.json
 * pins ioredis exactly): the words and error classes it rejects a command with when Redis is
 * out of reach, which `isRedisUnavailable` turns into 503s and `isRedisFull` into writes
 * skipped. Each is provoked from real ioredis, mostly through the service's own command
 * connection, against a real redis-server, a paused one or a stopped one.
 * (`CoalescingRedis`'s override of `sendCommand` is held by redis-connection.test.ts.)
 */

let live: TestRedis;
let stoppedUrl: string;
let admin: Redis;
const opened: { disconnect(): void }[] = [];
/** Every message a test provoked and saw `isRedisUnavailable` accept. */
const provoked = new Set<string>();

beforeAll(async () => {
  live = await startTestRedis();
  admin = new Redis(live.url);
  const stopped = await startTestRedis();
  await stopped.stop();
  stoppedUrl = stopped.url;
});

afterEach(() => {
  for (const client of opened.splice(0)) client.disconnect();
});

afterAll(async () => {
  await admin.config('SET', 'maxmemory', '0');
  admin.disconnect();
  await live.stop();
});

/** The service's connections, as it opens them, to the given Redis. */
function connect(url: string): RedisConnections {
  const connections = connectRedis({ url });
  opened.push(connections);
  return connections;
}

/** What a command was rejected with, once `isRedisUnavailable` has judged it. */
async function rejection(command: Promise<unknown>): Promise<Error & { name: string }> {
  const error = await command.then(
    () => expect.unreachable('the command succeeded'),
    (reason: Error) => reason,
  );
  expect(isRedisUnavailable(error)).toBe(true);
  return error;
}

/** Holds ioredis to one of the messages the service matches. */
function expectMessage(error: Error, message: string): void {
  expect(error.message).toBe(message);
  provoked.add(message);
}

describe('ioredis, rejecting a command for want of Redis', () => {
  it('says "Command timed out" when Redis stops answering for longer than the command connection waits', async () => {
    const { commands } = connect(live.url);
    await commands.ping();
    await admin.call('CLIENT', 'PAUSE', '4000', 'ALL');
    expectMessage(await rejection(commands.get(`${live.prefix}:paused`)), 'Command timed out');
    // Answered once the pause is over (CLIENT UNPAUSE would wait for it as well).
    await admin.ping();
  });

  it('gives up with a MaxRetriesPerRequestError when Redis is down', async () => {
    const { commands } = connect(stoppedUrl);
    const error = await rejection(commands.get(`${live.prefix}:down`));
    expect(error.name).toBe('MaxRetriesPerRequestError');
    expect(error.message).toMatch(/^Reached the max retries per request limit \(which is 1\)/);
  });

  it('says "Connection is closed." for a command in flight when the connection is cut, and for one after', async () => {
    const connections = connect(live.url);
    await connections.commands.ping();
    const inFlight = connections.commands.blpop(`${live.prefix}:never`, 1);
    connections.disconnect();
    expectMessage(await rejection(inFlight), 'Connection is closed.');
    expectMessage(await rejection(connections.commands.get(`${live.prefix}:after`)), 'Connection is closed.');
  });

  it("says the stream isn't writeable on a connection without an offline queue while Redis is down", async () => {
    const client = new Redis(stoppedUrl, { enableOfflineQueue: false, retryStrategy: () => null });
    client.on('error', () => undefined);
    opened.push(client);
    expectMessage(await rejection(client.get(`${live.prefix}:offline`)), "Stream isn't writeable and enableOfflineQueue options is false");
  });

  it('has been made to say every message the service matches', () => {
    expect(provoked).toEqual(new Set(UNAVAILABLE_MESSAGES));
  });
});

describe("ioredis, passing on Redis's refusal", () => {
  it('names it a ReplyError with the reply as its message: a write over maxmemory is OOM', async () => {
    const { commands } = connect(live.url);
    await admin.config('SET', 'maxmemory-policy', 'noeviction');
    await admin.config('SET', 'maxmemory', '1');
    try {
      const error = await rejection(commands.set(`${live.prefix}:full`, 'x'));
      expect(error.name).toBe('ReplyError');
      expect(error.message).toMatch(/^OOM /);
      expect(isRedisFull(error)).toBe(true);
    } finally {
      await admin.config('SET', 'maxmemory', '0');
    }
  });
});
