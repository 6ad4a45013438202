import { randomUUID } from 'node:crypto';
import { Queue, RedisConnection, Worker, type ConnectionOptions } from 'bullmq';
import { promote } from 'bullmq/dist/esm/scripts/promote-9.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { redisConnectionOf } from '../../src/config/redis-connection';
import { FairScheduler, PARK_MS, type LaneEntry } from '../../src/queues/fair-scheduler';
import { BULLMQ_PROMOTE_KEYS, DELAYED_SCORE_PER_MS } from '../../src/queues/fair-scheduler.lua';
import { connectRedis } from '../../src/store/redis';
import { readableReason } from '../../src/workers/worker-runner';
import { startTestCluster } from '../support/redis-cluster';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { waitFor } from '../support/wait-for';

/**
 * What the service relies on of BullMQ's internals, held to the pinned version (package.json
 * pins bullmq exactly): the promote script the fair scheduler runs inside its own claim
 * script, the delayed set's scores it reads, and the words BullMQ fails a job with. A BullMQ
 * upgrade that changes one of them fails here, by name, rather than somewhere in the queues.
 */

let redis: TestRedis;
let connection: ConnectionOptions;
let prefix: string;
const opened: { close(): Promise<void> }[] = [];
const scheduler = new FairScheduler({ enabled: true, maxRunningPerLane: null, weights: new Map() }, (name) => `${prefix}:moves:${name}`);

beforeAll(async () => {
  redis = await startTestRedis();
  connection = { url: redis.url };
  prefix = `{${redis.prefix}:bull}`;
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((each) => each.close()));
});

afterAll(async () => {
  await redis.stop();
});

/** A queue of its own for each test, as the service opens them (a braced prefix). */
function newQueue(): Queue {
  const queue = new Queue(`contract-${randomUUID().slice(0, 8)}`, { connection, prefix });
  opened.push(queue);
  return queue;
}

/** Adds jobs as the queue registry does under fair scheduling: parked in the delayed set. */
async function park(queue: Queue, ids: string[], options: { priority?: number } = {}): Promise<LaneEntry[]> {
  for (const jobId of ids) await queue.add('work', {}, { jobId, delay: PARK_MS, ...options });
  return ids.map((jobId) => ({ jobId, lane: 'acme', bulk: false }));
}

/** One worker process's slots on the queue, as the worker runner registers them. */
const slots = (concurrency: number) => ({ worker: { id: 'worker-1', concurrency, expiresAtMs: Date.now() + 60_000 } });

describe("BullMQ's promote script, run inside the scheduler's claim script", () => {
  it('names the keys and arguments the scheduler passes, in its order', () => {
    const header = promote.content.slice(0, promote.content.indexOf(']]'));
    const keys = [...header.matchAll(/KEYS\[(\d+)\]\s+'([^']+)'/g)].map(([, index, name]) => [Number(index), name]);
    // The header calls the events stream "event stream"; BullMQ's key map calls it `events`.
    const names = BULLMQ_PROMOTE_KEYS.map((name) => (name === 'events' ? 'event stream' : name));
    expect(keys).toEqual(names.map((name, index) => [index + 1, name]));
    expect(promote.keys).toBe(BULLMQ_PROMOTE_KEYS.length);
    const args = [...header.matchAll(/ARGV\[(\d+)\]\s+(\S.*)$/gm)].map(([, index, meaning]) => [Number(index), meaning?.trim()]);
    expect(args).toEqual([
      [1, "queue.toKey('')"],
      [2, 'jobId'],
    ]);
  });

  it('moves a parked job to wait, with the marker that wakes a worker, and workers take the first promoted first', async () => {
    const queue = newQueue();
    const entries = await park(queue, ['first', 'second']);
    const client = await queue.client;
    expect(await client.zscore(queue.keys.marker!, '0')).toBeNull();
    expect(await scheduler.enqueueAndClaim(queue, entries, slots(2))).toEqual(['first', 'second']);
    expect(await client.zcard(queue.keys.delayed!)).toBe(0);
    // Workers wait on the marker set; "0" says a job waits (the delayed jobs left theirs, "1", behind).
    expect(await client.zscore(queue.keys.marker!, '0')).toBe('0');
    expect(await queue.getJobState('first')).toBe('waiting');
    // The scheduler reads a ready job's place from BullMQ's wait list: pushed on the left, taken from the right.
    const { jobs, ready } = await scheduler.snapshot(queue, ['first', 'second']);
    expect(ready).toBe(2);
    expect(jobs.get('first')).toEqual({ state: 'ready', ahead: 0 });
    expect(jobs.get('second')).toEqual({ state: 'ready', ahead: 1 });

    const order: string[] = [];
    const worker = new Worker(queue.name, async (job) => void order.push(job.id!), { connection, prefix, concurrency: 1 });
    opened.push(worker);
    await waitFor(
      async () => order.length,
      (count) => count === 2,
      10_000,
    );
    expect(order).toEqual(['first', 'second']);
  });

  it('answers that a job removed meanwhile was not delayed: its lane entry costs no slot', async () => {
    const queue = newQueue();
    const entries = await park(queue, ['gone', 'kept']);
    // No worker slots yet: both wait in their lane.
    expect(await scheduler.enqueueAndClaim(queue, entries)).toEqual([]);
    await (await queue.getJob('gone'))!.remove();
    expect(await scheduler.enqueueAndClaim(queue, [], slots(1))).toEqual(['kept']);
    expect(await queue.getJobState('kept')).toBe('waiting');
    expect((await scheduler.snapshot(queue)).lanes).toEqual([]);
  });

  it('puts a job with a priority in the prioritized set, whose jobs hold their slots until taken', async () => {
    const queue = newQueue();
    const entries = await park(queue, ['urgent'], { priority: 1 });
    entries.push(...(await park(queue, ['later'])));
    expect(await scheduler.enqueueAndClaim(queue, entries, slots(1))).toEqual(['urgent']);
    expect(await queue.getJobState('urgent')).toBe('prioritized');
    const { jobs, ready } = await scheduler.snapshot(queue, ['urgent', 'later']);
    expect(ready).toBe(1);
    expect(jobs.get('urgent')).toEqual({ state: 'ready', ahead: 0 });
    expect(jobs.get('later')).toMatchObject({ state: 'parked', index: 0 });
  });

  it('keeps its "paused" mark in the queue meta, where the scheduler reads it to start nothing', async () => {
    const queue = newQueue();
    await queue.pause();
    const entries = await park(queue, ['held']);
    expect(await scheduler.enqueueAndClaim(queue, entries, slots(1))).toEqual([]);
    await queue.resume();
    expect(await scheduler.enqueueAndClaim(queue, [], slots(1))).toEqual(['held']);
    expect(await queue.getJobState('held')).toBe('waiting');
  });
});

describe("BullMQ's delayed set", () => {
  it('scores a job by when it runs times DELAYED_SCORE_PER_MS, counting up within one millisecond', async () => {
    const queue = newQueue();
    const timestamp = Date.now();
    const delay = 3_600_000;
    for (const jobId of ['a', 'b', 'c']) await queue.add('work', {}, { jobId, delay, timestamp });
    const client = await queue.client;
    const scores = await Promise.all(['a', 'b', 'c'].map((jobId) => client.zscore(queue.keys.delayed!, jobId)));
    const runsAt = timestamp + delay;
    expect(scores.map(Number)).toEqual([0, 1, 2].map((counter) => runsAt * DELAYED_SCORE_PER_MS + counter));
  });

  it('is read back by the scheduler: when a delayed job runs, and which jobs are parked rather than waiting a backoff', async () => {
    const queue = newQueue();
    const timestamp = Date.now();
    await queue.add('work', {}, { jobId: 'backoff', delay: 3_600_000, timestamp });
    const [entry] = await park(queue, ['parked', 'unlaned']);
    await scheduler.enqueueAndClaim(queue, [entry!]);
    const { jobs } = await scheduler.snapshot(queue, ['backoff', 'parked']);
    expect(jobs.get('backoff')).toEqual({ state: 'delayed', runsAt: timestamp + 3_600_000 });
    expect(jobs.get('parked')).toMatchObject({ state: 'parked' });
    const parked = await scheduler.parkedJobs(queue);
    expect(parked.sort((one, other) => one.jobId.localeCompare(other.jobId))).toEqual([
      { jobId: 'parked', laned: true },
      { jobId: 'unlaned', laned: false },
    ]);
  });
});

describe('the words BullMQ fails a job with', () => {
  it('says a job stalled too often in the words the worker runner turns into its own', async () => {
    const queue = newQueue();
    await queue.add('work', {}, { jobId: 'stalls' });
    // A worker that takes the job and then stops renewing its lock, as a killed process does.
    // (Its own stalled checker is off: a check holds off every other worker's for its interval.)
    const stalling = new Worker(queue.name, () => new Promise(() => undefined), { connection, prefix, lockDuration: 1_000, skipStalledCheck: true });
    await waitFor(
      () => queue.getJobState('stalls'),
      (state) => state === 'active',
      10_000,
    );
    await stalling.close(true);
    // Another worker's stalled checker finds the lock gone.
    opened.push(new Worker(queue.name, async () => undefined, { connection, prefix, stalledInterval: 300, maxStalledCount: 0 }));
    await waitFor(
      () => queue.getJobState('stalls'),
      (state) => state === 'failed',
      15_000,
    );
    const { failedReason } = (await queue.getJob('stalls'))!;
    expect(failedReason).toBe('job stalled more than allowable limit');
    expect(readableReason(new Error(failedReason))).toBe('The job was interrupted too many times: its worker stopped while running it');
  });
});

describe("BullMQ's options on a Redis Cluster", () => {
  it("reads skipVersionCheck from the cluster's node options: it sends no INFO and takes Redis for its minimum version", async () => {
    const cluster = await startTestCluster();
    const connections = connectRedis(redisConnectionOf(loadConfig(cluster.env)));
    try {
      const onCluster = new Queue('version', { connection: connections.bullmq, prefix });
      opened.push(onCluster);
      await onCluster.waitUntilReady();
      expect(onCluster.redisVersion).toBe(RedisConnection.minimumVersion);
      // A connection without the option asks the server.
      const checked = newQueue();
      await checked.waitUntilReady();
      expect(checked.redisVersion).toMatch(/^[7-9]\./);
    } finally {
      await Promise.all(opened.splice(0).map((each) => each.close()));
      connections.disconnect();
      await cluster.stop();
    }
  });
});
