import type { Redis } from 'ioredis';
import type { KeySpace } from './keys';
import { eventsPublished } from '../observability/metrics';

/** Every stored record carries a version, raised by one on each write, so events can be ordered. */
export interface Versioned {
  version: number;
}

/** A change notice as it travels on Redis pub/sub: the resource's whole new snapshot. */
export interface ChangeEvent<T = unknown> {
  version: number;
  deleted: boolean;
  data: T;
}

/** A name index (a hash of name → record id) kept in step with the record. */
export interface NameIndex {
  key: string;
  name: string;
}

export class RecordConflict extends Error {}
export class NameTaken extends Error {}

export interface WriteOptions<T = never> {
  /** Topics that receive the new snapshot; a function reads them off the record being written. */
  topics: string[] | ((record: T) => string[]);
}

/**
 * The part of a record one job works for: the generation the last trigger set, and whether
 * that work still runs. A job started for an older generation has been superseded.
 */
export interface JobStage {
  generation: number;
  running: boolean;
}

// One script does every write: compare the stored JSON with what the caller read, move the
// name index, write or delete, and publish, all atomically. Subscribers therefore never see
// an event for a write that did not happen, nor miss one that did, and events on a topic
// arrive in write order.
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[1] then return -1 end
local indexKey, fromName, toName, id = ARGV[3], ARGV[4], ARGV[5], ARGV[6]
if indexKey ~= '' and fromName ~= toName then
  if redis.call('HEXISTS', indexKey, toName) == 1 then return -2 end
  if fromName ~= '' then redis.call('HDEL', indexKey, fromName) end
  redis.call('HSET', indexKey, toName, id)
end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
  if indexKey ~= '' then redis.call('HDEL', indexKey, fromName) end
else
  redis.call('SET', KEYS[1], ARGV[2])
end
for i = 8, #ARGV do redis.call('PUBLISH', ARGV[i], ARGV[7]) end
return 1`;

type CompareAndSet = (key: string, ...args: string[]) => Promise<number>;

/**
 * JSON records in Redis with optimistic concurrency: an update reads, computes the next
 * record in code, and commits only if nobody wrote in between, else it retries.
 */
export class RecordStore {
  private readonly compareAndSet: CompareAndSet;

  constructor(
    private readonly redis: Redis,
    readonly keys: KeySpace,
  ) {
    if (!('recordCompareAndSet' in redis)) {
      redis.defineCommand('recordCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
    }
    const command = (redis as unknown as { recordCompareAndSet: CompareAndSet }).recordCompareAndSet;
    this.compareAndSet = command.bind(redis);
  }

  recordKey(kind: string, id: string): string {
    return this.keys.key(kind, id);
  }

  /** Every write replaces the key and with it any expiry, so a record that expires sets it again after each write. */
  async expire(kind: string, id: string, seconds: number): Promise<void> {
    await this.redis.expire(this.recordKey(kind, id), seconds);
  }

  async get<T extends Versioned>(kind: string, id: string): Promise<T | null> {
    const raw = await this.redis.get(this.recordKey(kind, id));
    return raw ? (JSON.parse(raw) as T) : null;
  }

  /** One round trip for any number of ids; the answer follows the order of the ids. */
  async getMany<T extends Versioned>(kind: string, ids: readonly string[]): Promise<(T | null)[]> {
    if (ids.length === 0) return [];
    const raws = await this.redis.mget(ids.map((id) => this.recordKey(kind, id)));
    return raws.map((raw) => (raw ? (JSON.parse(raw) as T) : null));
  }

  /** The id a name index holds for `name`, or null. */
  idByName(indexKey: string, name: string): Promise<string | null> {
    return this.redis.hget(indexKey, name);
  }

  /** Every id a name index holds. */
  indexedIds(indexKey: string): Promise<string[]> {
    return this.redis.hvals(indexKey);
  }

  /** The ids of a set kept beside the records (the documents of a knowledge base, say). */
  members(setKey: string): Promise<string[]> {
    return this.redis.smembers(setKey);
  }

  /** Several sets in one round trip; the answer follows the order of the keys. */
  async membersOfMany(setKeys: readonly string[]): Promise<string[][]> {
    if (setKeys.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const key of setKeys) pipeline.smembers(key);
    return ((await pipeline.exec()) ?? []).map(([, ids]) => (Array.isArray(ids) ? (ids as string[]) : []));
  }

  async addMembers(setKey: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.redis.sadd(setKey, ...ids);
  }

  async removeMembers(setKey: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.redis.srem(setKey, ...ids);
  }

  async removeSet(setKey: string): Promise<void> {
    await this.redis.del(setKey);
  }

  /**
   * Puts an id at the top of a most-recent list (a sorted set scored by time), keeps only the
   * `keep` newest and lets the list expire with its newest member. One key, so one MULTI
   * stays valid on Redis Cluster.
   */
  async pushRecent(listKey: string, id: string, score: number, limits: { keep: number; ttlSeconds: number }): Promise<void> {
    await this.redis
      .multi()
      .zadd(listKey, score, id)
      .zremrangebyrank(listKey, 0, -(limits.keep + 1))
      .expire(listKey, limits.ttlSeconds)
      .exec();
  }

  /** The `count` newest ids of a most-recent list, newest first. */
  recentIds(listKey: string, count: number): Promise<string[]> {
    return this.redis.zrevrange(listKey, 0, count - 1);
  }

  async removeRecent(listKey: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.redis.zrem(listKey, ...ids);
  }

  /**
   * Every record of a kind, a batch at a time (one SCAN step and one MGET per batch): for
   * maintenance that must see the whole key space, never for requests. A record written
   * during the scan may be missed; one that exists throughout is seen at least once.
   */
  async *scan<T extends Versioned>(kind: string, batchSize = 500): AsyncGenerator<T[]> {
    const prefix = this.recordKey(kind, '');
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', batchSize);
      cursor = next;
      // Keys nested under a record's key (`<kind>:<id>:...`) are not records.
      const keys = [...new Set(found)].filter((key) => !key.slice(prefix.length).includes(':'));
      if (keys.length === 0) continue;
      const raws = await this.redis.mget(keys);
      const records = raws.flatMap((raw) => (raw ? [JSON.parse(raw) as T] : []));
      if (records.length > 0) yield records;
    } while (cursor !== '0');
  }

  /** Creates a record at version 1; with an index, throws NameTaken when the name is in use. */
  async create<T extends Versioned>(
    kind: string,
    id: string,
    record: Omit<T, 'version'>,
    options: WriteOptions<T> & { index?: NameIndex },
  ): Promise<T> {
    const stored = { ...record, version: 1 } as T;
    const result = await this.write(kind, id, '', stored, options, '', options.index?.name ?? '');
    if (result === -2) throw new NameTaken(options.index?.name);
    if (result === -1) throw new RecordConflict(`${kind} ${id} already exists`);
    return stored;
  }

  /**
   * Applies `change` to the current record and commits it atomically, retrying when another
   * writer got there first. `change` returns null to leave the record as it is; it may run
   * more than once, so it must only compute. With `index` and `rename`, the name index
   * moves in the same step (NameTaken when the new name is in use).
   */
  async update<T extends Versioned>(
    kind: string,
    id: string,
    change: (current: T) => T | null,
    options: WriteOptions<T> & { index?: NameIndex; rename?: string },
  ): Promise<T | null> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const raw = await this.redis.get(this.recordKey(kind, id));
      if (!raw) return null;
      const current = JSON.parse(raw) as T;
      const proposed = change(current);
      if (!proposed) return current;
      const next = { ...proposed, version: current.version + 1 };
      const fromName = options.index?.name ?? '';
      const result = await this.write(kind, id, raw, next, options, fromName, options.rename ?? fromName);
      if (result === 1) return next;
      if (result === -2) throw new NameTaken(options.rename);
    }
    throw new RecordConflict(`${kind} ${id} is changing too often to update`);
  }

  /**
   * The one write path of a job's result: `change` applies only while `stageOf` the record
   * is still at the job's generation and running, so a superseded or deleted job changes
   * nothing. Returns the new record, or null when nothing was written.
   */
  async updateIfCurrent<T extends Versioned>(
    kind: string,
    id: string,
    job: { generation: number; stageOf: (record: T) => JobStage },
    change: (current: T) => T | null,
    options: WriteOptions<T>,
  ): Promise<T | null> {
    let applied = false;
    const updated = await this.update<T>(
      kind,
      id,
      (current) => {
        const stage = job.stageOf(current);
        const next = stage.generation === job.generation && stage.running ? change(current) : null;
        applied = next !== null;
        return next;
      },
      options,
    );
    return applied ? updated : null;
  }

  /**
   * Deletes a record and its index entry; subscribers get a last event marked deleted.
   * `guard` sees the exact version being deleted and may throw to refuse.
   */
  async remove<T extends Versioned>(
    kind: string,
    id: string,
    options: WriteOptions<T> & { index?: NameIndex; guard?: (current: T) => void },
  ): Promise<T | null> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const raw = await this.redis.get(this.recordKey(kind, id));
      if (!raw) return null;
      const current = JSON.parse(raw) as T;
      options.guard?.(current);
      const last = { ...current, version: current.version + 1 };
      const name = options.index?.name ?? '';
      const result = await this.write(kind, id, raw, last, options, name, name, true);
      if (result === 1) return current;
    }
    throw new RecordConflict(`${kind} ${id} is changing too often to delete`);
  }

  private async write<T extends Versioned>(
    kind: string,
    id: string,
    expected: string,
    next: T,
    options: WriteOptions<T> & { index?: NameIndex },
    fromName: string,
    toName: string,
    deleted = false,
  ): Promise<number> {
    const event: ChangeEvent<T> = { version: next.version, deleted, data: next };
    const topics = typeof options.topics === 'function' ? options.topics(next) : options.topics;
    const result = await this.compareAndSet(
      this.recordKey(kind, id),
      expected,
      deleted ? '' : JSON.stringify(next),
      options.index?.key ?? '',
      fromName,
      toName,
      id,
      JSON.stringify(event),
      ...topics.map((topic) => this.keys.channel(topic)),
    );
    // Counted here, the one write path, so every event published is counted once.
    if (result === 1) eventsPublished.inc(topics.length);
    return result;
  }
}
