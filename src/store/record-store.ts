import type { Cluster, Redis } from 'ioredis';
import { inOneSlot, slotTagOf, type KeySpace } from './keys';
import { Outbox } from './outbox';
import { SlotRegistry } from './slot-registry';
import type { RedisClient } from './redis';
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
  /** When the write was made (ms since the epoch, the writer's clock); absent on a snapshot read for a new subscriber. */
  at?: number;
  /**
   * Set when the write changed nothing but the record's progress: a live connection that falls
   * behind may send its client only the newest such event of a resource.
   */
  collapsible?: true;
}

/** A name index (a hash of name → record id) kept in step with the record. */
export interface NameIndex {
  key: string;
  name: string;
}

/** A write about to be made: the stored record before it and after. */
export interface RecordWrite {
  kind: string;
  previous: Versioned | null;
  next: Versioned;
  deleted: boolean;
}

/**
 * What a write must leave in the outbox (for workers to carry out after it), made before the
 * write and committed with it; usually nothing. It may run more than once for one write (a
 * conflict retries the write), so it must only compute. A failure fails the write: a change is
 * never made without what must follow it.
 */
export type OutboxSource = (write: RecordWrite) => Promise<readonly string[]>;

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
// name index, write or delete, keep the in-flight index, leave the write's outbox entries,
// and publish, all atomically. Subscribers therefore never see an event for a write that did
// not happen, nor miss one that did, and events on a topic arrive in write order; the in-flight
// index holds exactly the records whose work is under way, and the outbox exactly what the
// writes made must be followed by. A write keeps the record's expiry (KEEPTTL): retention is
// set by whoever owns it, and an update in between never drops it. KEYS[1] is the record,
// then its name index when ARGV[7] is '1', then its slot's in-flight index when ARGV[8] says
// what to do there ('add' or 'rem' member ARGV[9], scored ARGV[10] when added), then its
// slot's outbox when ARGV[11] (a count) is above 0: ARGV[12] is the channel that announces it
// (by its key) and ARGV[13..12+count] the entries. The name index shares the record's hash tag (see
// KeySpace) and the in-flight index and outbox its slot (slotTagOf), so on a Redis Cluster all
// of them live in one slot. The remaining ARGV are the topics.
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[1] then return -1 end
local nextKey = 2
local indexKey = nil
if ARGV[7] == '1' then indexKey, nextKey = KEYS[nextKey], nextKey + 1 end
local flightKey = nil
if ARGV[8] ~= '' then flightKey, nextKey = KEYS[nextKey], nextKey + 1 end
local fromName, toName, id = ARGV[3], ARGV[4], ARGV[5]
if indexKey and fromName ~= toName then
  if redis.call('HEXISTS', indexKey, toName) == 1 then return -2 end
  if fromName ~= '' then redis.call('HDEL', indexKey, fromName) end
  redis.call('HSET', indexKey, toName, id)
end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
  if indexKey then redis.call('HDEL', indexKey, fromName) end
else
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
end
if ARGV[8] == 'add' then
  redis.call('ZADD', flightKey, 'NX', ARGV[10], ARGV[9])
elseif ARGV[8] == 'rem' then
  redis.call('ZREM', flightKey, ARGV[9])
end
local entries = tonumber(ARGV[11])
for i = 13, 12 + entries do redis.call('XADD', KEYS[nextKey], '*', 'entry', ARGV[i]) end
if entries > 0 then redis.call('PUBLISH', ARGV[12], cjson.encode({ key = KEYS[nextKey] })) end
for i = 13 + entries, #ARGV do redis.call('PUBLISH', ARGV[i], ARGV[6]) end
return 1`;

// Drops an in-flight entry whose record is gone, or was read at version ARGV[2] and holds no
// work: a write since then (a new trigger) keeps it. KEYS[1] the record, KEYS[2] its index.
const DROP_IN_FLIGHT = `
local raw = redis.call('GET', KEYS[1])
if raw and tostring(cjson.decode(raw).version) ~= ARGV[2] then return 0 end
return redis.call('ZREM', KEYS[2], ARGV[1])`;

/** The number of keys, the keys, then the arguments. */
type CompareAndSet = (numberOfKeys: number, ...keysAndArgs: string[]) => Promise<number>;

/** Whether a record of some kind has work under way (a job it waits for). */
export type InFlight = (record: Versioned) => boolean;

/** A record the in-flight index holds. */
export interface InFlightEntry {
  kind: string;
  id: string;
}

/**
 * JSON records in Redis with optimistic concurrency: an update reads, computes the next
 * record in code, and commits only if nobody wrote in between, else it retries.
 */
export class RecordStore {
  private readonly compareAndSet: CompareAndSet;
  readonly outbox: Outbox;
  private outboxSource: OutboxSource | null = null;
  private readonly inFlight = new Map<string, InFlight>();
  /** On a cluster: the slots whose in-flight index has held work, by their tags. */
  private readonly inFlightSlots: SlotRegistry;

  constructor(
    private readonly redis: RedisClient,
    readonly keys: KeySpace,
  ) {
    if (!('recordCompareAndSet' in redis)) {
      redis.defineCommand('recordCompareAndSet', { lua: COMPARE_AND_SET });
    }
    if (!('recordDropInFlight' in redis)) redis.defineCommand('recordDropInFlight', { lua: DROP_IN_FLIGHT, numberOfKeys: 2 });
    const command = (redis as unknown as { recordCompareAndSet: CompareAndSet }).recordCompareAndSet;
    this.compareAndSet = command.bind(redis);
    this.outbox = new Outbox(redis, keys);
    this.inFlightSlots = new SlotRegistry(redis, keys.key('inflight-slots'));
  }

  /**
   * Keeps the records of `kind` for which `inFlight` holds in the in-flight index, in the same
   * atomic write that changes them: maintenance then reads the work under way, never every
   * record. Every process that writes records of the kind must say so before writing.
   */
  trackInFlight(kind: string, inFlight: InFlight): void {
    this.inFlight.set(kind, inFlight);
  }

  /** The index of the records in flight whose keys share `recordKey`'s slot: one key on a single server. */
  private inFlightKey(recordKey: string): string {
    return this.redis.isCluster ? this.keys.key('inflight', `{${slotTagOf(recordKey)}}`) : this.keys.key('inflight');
  }

  /**
   * Every record in the in-flight index, a batch per index key (one on a single server; on a
   * cluster, one per slot that has held work): what maintenance reads instead of every record.
   */
  async *inFlightRecords(): AsyncGenerator<InFlightEntry[]> {
    const indexKeys = this.redis.isCluster
      ? (await this.inFlightSlots.members()).map((tag) => this.keys.key('inflight', `{${tag}}`))
      : [this.keys.key('inflight')];
    for (const indexKey of indexKeys) {
      const members = await this.redis.zrange(indexKey, 0, -1);
      if (members.length === 0 && this.redis.isCluster) await this.inFlightSlots.forgetEmpty(indexKey.slice(indexKey.lastIndexOf('{') + 1, -1));
      const entries = members.flatMap((member) => {
        const separator = member.indexOf('\n');
        return separator > 0 ? [{ kind: member.slice(0, separator), id: member.slice(separator + 1) }] : [];
      });
      if (entries.length > 0) yield entries;
    }
  }

  /**
   * Puts every record of a tracked kind that is in flight in the index: for records an older
   * build wrote, before the index existed. Scans every record once; how many it indexed.
   */
  async indexInFlightRecords(): Promise<number> {
    let indexed = 0;
    for (const [kind, inFlight] of this.inFlight) {
      for await (const batch of this.scan(kind)) {
        for (const record of batch.filter(inFlight)) {
          const recordKey = this.recordKey(kind, (record as Versioned & { id: string }).id);
          indexed += await this.redis.zadd(this.inFlightKey(recordKey), 'NX', Date.now(), `${kind}\n${(record as Versioned & { id: string }).id}`);
          if (this.redis.isCluster) await this.inFlightSlots.register(slotTagOf(recordKey));
        }
      }
    }
    return indexed;
  }

  /** Drops an entry whose record is gone, or holds no work at the version read (`version`, null when gone). */
  async dropInFlight(entry: InFlightEntry, version: number | null): Promise<void> {
    const recordKey = this.recordKey(entry.kind, entry.id);
    const drop = (this.redis as unknown as Record<string, (...args: string[]) => Promise<number>>).recordDropInFlight!;
    await drop.call(this.redis, recordKey, this.inFlightKey(recordKey), `${entry.kind}\n${entry.id}`, version === null ? '' : String(version));
  }

  /** Names what every write must leave in the outbox (webhook deliveries): set once, before the first write. */
  leaveInOutbox(source: OutboxSource): void {
    this.outboxSource = source;
  }

  recordKey(kind: string, id: string): string {
    return this.keys.recordKey(kind, id);
  }

  /** Sets the record's expiry; later writes keep it (the write script uses SET KEEPTTL). */
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
    const raws = await this.getRaw(ids.map((id) => this.recordKey(kind, id)));
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

  /** Every name a name index holds, with its id. */
  async indexedEntries(indexKey: string): Promise<{ name: string; id: string }[]> {
    return Object.entries(await this.redis.hgetall(indexKey)).map(([name, id]) => ({ name, id }));
  }

  /** The ids of a set kept beside the records (the documents of a knowledge base, say). */
  members(setKey: string): Promise<string[]> {
    return this.redis.smembers(setKey);
  }

  /**
   * MGET where the keys may be read together: always on one server, and on a cluster when
   * they share a slot. Otherwise one GET each, all sent at once, so the wait is one round
   * trip to the slowest node rather than one per key.
   */
  private getRaw(keys: readonly string[]): Promise<(string | null)[]> {
    if (!this.redis.isCluster || inOneSlot(keys)) return this.redis.mget([...keys]);
    return Promise.all(keys.map((key) => this.redis.get(key)));
  }

  /** Several sets in one round trip (on a cluster, one per slot); the answer follows the order of the keys. */
  async membersOfMany(setKeys: readonly string[]): Promise<string[][]> {
    if (setKeys.length === 0) return [];
    if (this.redis.isCluster && !inOneSlot(setKeys)) return Promise.all(setKeys.map((key) => this.redis.smembers(key)));
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

  /**
   * Adds an id to a time-ordered index (a sorted set scored by time in milliseconds), dropping
   * the entries older than `keepMs` and, with `keepCount`, all but that many newest; the index
   * itself goes once its newest entry is `keepMs` old. One key, so the MULTI stays valid on
   * Redis Cluster.
   */
  async addRecent(indexKey: string, id: string, atMs: number, limits: { keepMs: number; keepCount?: number }): Promise<void> {
    const write = this.redis
      .multi()
      .zadd(indexKey, atMs, id)
      .zremrangebyscore(indexKey, '-inf', atMs - limits.keepMs);
    if (limits.keepCount !== undefined) write.zremrangebyrank(indexKey, 0, -(limits.keepCount + 1));
    await write.pexpire(indexKey, limits.keepMs).exec();
  }

  /** The newest ids of a time-ordered index, newest first. */
  recent(indexKey: string, limit: number): Promise<string[]> {
    return this.redis.zrevrange(indexKey, 0, limit - 1);
  }

  /** The newest ids of a time-ordered index with their times (milliseconds), newest first. */
  async recentWithTimes(indexKey: string, limit: number): Promise<{ id: string; atMs: number }[]> {
    const flat = await this.redis.zrevrange(indexKey, 0, limit - 1, 'WITHSCORES');
    const entries: { id: string; atMs: number }[] = [];
    for (let at = 0; at < flat.length; at += 2) entries.push({ id: flat[at]!, atMs: Number(flat[at + 1]) });
    return entries;
  }

  async removeRecent(indexKey: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.redis.zrem(indexKey, ...ids);
  }

  async removeSet(setKey: string): Promise<void> {
    await this.redis.del(setKey);
  }

  /**
   * Every key matching a SCAN pattern, a batch at a time: for maintenance that must see the
   * whole key space, never for requests. On a cluster each master is scanned in turn, as each
   * holds only its own slots. A key written during the scan may be missed; one that exists
   * throughout is seen at least once.
   */
  async *scanKeys(pattern: string, batchSize = 500): AsyncGenerator<string[]> {
    const nodes = this.redis.isCluster ? (this.redis as Cluster).nodes('master') : [this.redis as Redis];
    for (const node of nodes) {
      let cursor = '0';
      do {
        const [next, found] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', batchSize);
        cursor = next;
        if (found.length > 0) yield [...new Set(found)];
      } while (cursor !== '0');
    }
  }

  /** Every record of a kind, a batch at a time (one SCAN step and one read per batch), as `scanKeys` sees them. */
  async *scan<T extends Versioned>(kind: string, batchSize = 500): AsyncGenerator<T[]> {
    for await (const found of this.scanKeys(`${this.keys.recordKey(kind, '')}*`, batchSize)) {
      const keys = found.filter((key) => this.keys.isRecordKey(kind, key));
      if (keys.length === 0) continue;
      const raws = await this.getRaw(keys);
      const records = raws.flatMap((raw) => (raw ? [JSON.parse(raw) as T] : []));
      if (records.length > 0) yield records;
    }
  }

  /** Creates a record at version 1; with an index, throws NameTaken when the name is in use. */
  async create<T extends Versioned>(kind: string, id: string, record: Omit<T, 'version'>, options: WriteOptions<T> & { index?: NameIndex }): Promise<T> {
    const stored = { ...record, version: 1 } as T;
    const result = await this.write(kind, id, '', null, stored, options, '', options.index?.name ?? '');
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
      const result = await this.write(kind, id, raw, current, next, options, fromName, options.rename ?? fromName);
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
      const result = await this.write(kind, id, raw, current, last, options, name, name, true);
      if (result === 1) return current;
    }
    throw new RecordConflict(`${kind} ${id} is changing too often to delete`);
  }

  private async write<T extends Versioned>(
    kind: string,
    id: string,
    expected: string,
    previous: T | null,
    next: T,
    options: WriteOptions<T> & { index?: NameIndex },
    fromName: string,
    toName: string,
    deleted = false,
  ): Promise<number> {
    const event: ChangeEvent<T> = { version: next.version, deleted, data: next, at: Date.now() };
    if (!deleted && previous && progressOnly(expected, previous, next)) event.collapsible = true;
    const topics = typeof options.topics === 'function' ? options.topics(next) : options.topics;
    const recordKey = this.recordKey(kind, id);
    const keys = options.index ? [recordKey, options.index.key] : [recordKey];
    const inFlight = this.inFlight.get(kind);
    const flight = inFlight ? (!deleted && inFlight(next) ? 'add' : 'rem') : '';
    if (flight) keys.push(this.inFlightKey(recordKey));
    // Slots are listed before the write, so a process that dies after it leaves none unlisted.
    if (flight === 'add' && this.redis.isCluster) await this.inFlightSlots.register(slotTagOf(recordKey));
    const entries = (await this.outboxSource?.({ kind, previous, next, deleted })) ?? [];
    if (entries.length > 0) {
      const outboxKey = this.outbox.keyFor(recordKey);
      await this.outbox.register(outboxKey);
      keys.push(outboxKey);
    }
    const result = await this.compareAndSet(
      keys.length,
      ...keys,
      expected,
      deleted ? '' : JSON.stringify(next),
      fromName,
      toName,
      id,
      JSON.stringify(event),
      options.index ? '1' : '0',
      flight,
      `${kind}\n${id}`,
      String(Date.now()),
      String(entries.length),
      entries.length > 0 ? this.keys.channel(Outbox.TOPIC) : '',
      ...entries,
      ...topics.map((topic) => this.keys.channel(topic)),
    );
    // Counted here, the one write path, so every event published is counted once.
    if (result === 1) eventsPublished.inc(topics.length);
    return result;
  }
}

/**
 * Whether `next` differs from the stored record (`stored`, its JSON `storedJson`) in its
 * progress alone: progress writes leave every other field, `updatedAt` included, as it was.
 */
function progressOnly(storedJson: string, stored: Versioned, next: Versioned): boolean {
  const before = (stored as { progress?: unknown }).progress;
  const after = (next as { progress?: unknown }).progress;
  if (after === undefined || JSON.stringify(after) === JSON.stringify(before)) return false;
  return JSON.stringify({ ...next, progress: before, version: stored.version }) === storedJson;
}
