import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KeySpace } from '../../src/store/keys';
import { RecordStore, type ChangeEvent, type JobStage, type Versioned } from '../../src/store/record-store';
import { listen, type ChannelListener } from '../support/redis-channel';
import { startTestRedis, type TestRedis } from '../support/redis-server';

interface Job extends Versioned {
  id: string;
  result: string | null;
  stage: { generation: number; status: 'in_progress' | 'completed' };
}

const stageOf = (job: Job): JobStage => ({ generation: job.stage.generation, running: job.stage.status === 'in_progress' });
const finish =
  (result: string) =>
  (job: Job): Job => ({ ...job, result, stage: { ...job.stage, status: 'completed' } });

let redis: TestRedis;
let commands: Redis;
let records: RecordStore;
let keys: KeySpace;
let feed: ChannelListener;
let job: Job;

beforeAll(async () => {
  redis = await startTestRedis();
  commands = new Redis(redis.url);
  keys = new KeySpace(redis.prefix);
  records = new RecordStore(commands, keys);
});

afterAll(async () => {
  commands.disconnect();
  await redis.stop();
});

beforeEach(async () => {
  const id = randomUUID();
  // The record as a second trigger leaves it: generation 2 runs, generation 1 is superseded.
  job = await records.create<Job>('job', id, { id, result: null, stage: { generation: 2, status: 'in_progress' } }, { topics: [`job:${id}`] });
  feed = await listen(redis.url, keys.channel(`job:${id}`));
});

afterEach(() => feed.close());

describe('RecordStore.updateIfCurrent', () => {
  describe("when a superseded generation's result arrives", () => {
    it('refuses it: returns null, leaves the record and its version as they were, and publishes nothing', async () => {
      const written = await records.updateIfCurrent<Job>('job', job.id, { generation: 1, stageOf }, finish('late'), { topics: [`job:${job.id}`] });

      expect(written).toBeNull();
      expect(await records.get<Job>('job', job.id)).toEqual(job);
      expect(await feed.messagesBeforeSentinel()).toEqual([]);
    });
  });

  describe('when the generation is current but its work has already ended', () => {
    it('refuses a second result for it', async () => {
      await records.updateIfCurrent<Job>('job', job.id, { generation: 2, stageOf }, finish('first'), { topics: [`job:${job.id}`] });
      const stored = await records.get<Job>('job', job.id);
      await feed.messagesBeforeSentinel();

      const again = await records.updateIfCurrent<Job>('job', job.id, { generation: 2, stageOf }, finish('again'), { topics: [`job:${job.id}`] });

      expect(again).toBeNull();
      expect(await records.get<Job>('job', job.id)).toEqual(stored);
      expect(await feed.messagesBeforeSentinel()).toEqual([]);
    });
  });

  describe("when the current generation's result arrives", () => {
    it('accepts it: the record changes, its version rises by one, and one event carries the new snapshot', async () => {
      const written = await records.updateIfCurrent<Job>('job', job.id, { generation: 2, stageOf }, finish('on time'), { topics: [`job:${job.id}`] });

      const expected: Job = { ...job, result: 'on time', stage: { generation: 2, status: 'completed' }, version: job.version + 1 };
      expect(written).toEqual(expected);
      expect(await records.get<Job>('job', job.id)).toEqual(expected);
      const events = (await feed.messagesBeforeSentinel()).map((message) => JSON.parse(message) as ChangeEvent<Job>);
      expect(events).toEqual([{ version: job.version + 1, deleted: false, data: expected, at: expect.any(Number) }]);
    });
  });
});

describe('a write to a record with an expiry', () => {
  it('keeps the expiry: retention stays with whoever set it, and no update in between drops it', async () => {
    await records.expire('job', job.id, 600);

    await records.updateIfCurrent<Job>('job', job.id, { generation: 2, stageOf }, finish('kept'), { topics: [`job:${job.id}`] });

    const ttl = await commands.ttl(keys.recordKey('job', job.id));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
  });
});
