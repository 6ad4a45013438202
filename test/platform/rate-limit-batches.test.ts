import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/auth/rate-limiter';
import { KeySpace } from '../../src/store/keys';
import { countCommandsOf } from '../support/redis-commands';
import { startTestRedis, type TestRedis } from '../support/redis-server';

let redis: TestRedis;
const connections: Redis[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  await redis?.stop();
});

/** A limiter as one API process holds it, on its own Redis connection. */
function processLimiter(perMinute: number, batch: number): RateLimiter {
  const connection = new Redis(redis.url);
  connections.push(connection);
  return new RateLimiter(connection, new KeySpace(redis.prefix), perMinute, batch);
}

const minute = () => Math.floor(Date.now() / 60_000);

/** Runs `check` in one minute window of the limiter: a run that straddles two is run again on a fresh subject. */
async function withinOneWindow(check: (subject: string) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const started = minute();
    const subject = `key-${attempt}-${Math.random()}`;
    await check(subject);
    if (minute() === started || attempt === 3) return;
  }
}

async function admitted(limiter: RateLimiter, subject: string, requests: number): Promise<number> {
  const decisions = await Promise.all(Array.from({ length: requests }, () => limiter.hit(subject)));
  return decisions.filter((decision) => decision.allowed).length;
}

describe('rate limit counted in reserved batches', () => {
  it('never admits more than the limit across processes, and refuses at most P × (batch − 1) early', async () => {
    const limit = 250;
    const batch = 10;
    const processes = [processLimiter(limit, batch), processLimiter(limit, batch), processLimiter(limit, batch)];
    await withinOneWindow(async (subject) => {
      let total = 0;
      // Interleaved, concurrent requests from every process, well past the limit.
      for (let round = 0; round < 12; round++) {
        for (const limiter of processes) total += await admitted(limiter, subject, 11);
      }
      expect(total).toBeLessThanOrEqual(limit);
      expect(total).toBeGreaterThanOrEqual(limit - processes.length * (batch - 1));
      const refused = await processes[0]!.hit(subject);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    });
  });

  it('counts every request in Redis with a batch of 1', async () => {
    const limiter = processLimiter(5, 1);
    const other = processLimiter(5, 1);
    await withinOneWindow(async (subject) => {
      expect(await admitted(limiter, subject, 3)).toBe(3);
      expect(await admitted(other, subject, 3)).toBe(2);
      expect((await limiter.hit(subject)).allowed).toBe(false);
    });
  });

  it("lets a busy key's concurrent requests share round trips, with none refused early across processes", async () => {
    const limit = 300;
    const connectionsOf = [new Redis(redis.url), new Redis(redis.url), new Redis(redis.url)];
    connections.push(...connectionsOf);
    const processes = connectionsOf.map((connection) => new RateLimiter(connection, new KeySpace(redis.prefix), limit, 1));
    const counters = await Promise.all(connectionsOf.map((connection) => countCommandsOf(connection, redis.url)));
    try {
      await withinOneWindow(async (subject) => {
        let total = 0;
        let commands = 0;
        // 40 concurrent requests per process and round: a shared reservation per wave, not one per request.
        for (let round = 0; round < 3; round++) {
          for (const [index, limiter] of processes.entries()) {
            commands += await counters[index]!.count(async () => {
              total += await admitted(limiter, subject, 40);
            });
          }
        }
        expect(total).toBe(limit);
        // Nine waves of forty: about one reservation each (a first EVALSHA may be sent again as EVAL).
        expect(commands).toBeLessThanOrEqual(12);
        // The limit is exact: past it, refused everywhere.
        expect(await admitted(processes[1]!, subject, 5)).toBe(0);
      });
    } finally {
      for (const counter of counters) counter.close();
    }
  });
  it("grows a busy key's reservations to 1% of its limit, and refuses it at most P × (1% − 1) early", async () => {
    const limit = 10_000;
    const busyAsk = limit / 100;
    const connectionsOf = [new Redis(redis.url), new Redis(redis.url)];
    connections.push(...connectionsOf);
    const processes = connectionsOf.map((connection) => new RateLimiter(connection, new KeySpace(redis.prefix), limit, 1));
    const counters = await Promise.all(connectionsOf.map((connection) => countCommandsOf(connection, redis.url)));
    try {
      await withinOneWindow(async (subject) => {
        // One request at a time, as a busy client on one connection sends them: without
        // growth, every request would be a round trip of its own.
        const commands = await counters[0]!.count(async () => {
          for (let request = 0; request < 1_000; request++) expect((await processes[0]!.hit(subject)).allowed).toBe(true);
        });
        // 1, 2, 4, ... 64, then 100 at a time: about 16 reservations (a first EVALSHA may be sent again as EVAL).
        expect(commands).toBeLessThanOrEqual(20);
        // Both processes, busy, to the end of the limit.
        let total = 1_000;
        for (let round = 0; round < 200; round++) {
          for (const limiter of processes) total += await admitted(limiter, subject, 30);
        }
        expect(total).toBeLessThanOrEqual(limit);
        expect(total).toBeGreaterThanOrEqual(limit - processes.length * (busyAsk - 1));
        expect((await processes[1]!.hit(subject)).allowed).toBe(false);
      });
    } finally {
      for (const counter of counters) counter.close();
    }
  });
});
