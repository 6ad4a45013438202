import { slotTagOf, type KeySpace } from './keys';
import { Outbox } from './outbox';
import { RecordReads } from './record.reads';
import { recordScripts, type RecordScripts } from './record.scripts';
import {
  NameTaken,
  RecordConflict,
  type ChangeEvent,
  type InFlight,
  type InFlightEntry,
  type JobStage,
  type NameIndex,
  type OutboxSource,
  type Versioned,
  type WriteOptions,
} from './record.types';
import { SlotRegistry } from './slot-registry';
import type { RedisClient } from './redis';
import { eventsPublished } from '../observability/metrics';

// What a record is, what a write leaves behind and how one fails are in record.types.ts; the
// store is where most of the code imports them from.
export type {
  ChangeEvent,
  InFlight,
  InFlightEntry,
  JobStage,
  NameIndex,
  OutboxSource,
  RecordLayout,
  RecordWrite,
  Versioned,
  WriteOptions,
} from './record.types';
export { NameTaken, RecordConflict, UnreadableRecord } from './record.types';

/**
 * JSON records in Redis with optimistic concurrency: an update reads, computes the next
 * record in code, and commits only if nobody wrote in between, else it retries. Every write
 * is one run of the script in record.scripts.ts; the reads are RecordReads'.
 */
export class RecordStore extends RecordReads {
  private readonly scripts: RecordScripts;
  readonly outbox: Outbox;
  private outboxSource: OutboxSource | null = null;
  private readonly inFlight = new Map<string, InFlight>();
  /** On a cluster: the slots whose in-flight index has held work, by their tags. */
  private readonly inFlightSlots: SlotRegistry;

  constructor(redis: RedisClient, keys: KeySpace) {
    super(redis, keys);
    this.scripts = recordScripts(redis);
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
    await this.scripts.dropInFlight(recordKey, this.inFlightKey(recordKey), `${entry.kind}\n${entry.id}`, version === null ? '' : String(version));
  }

  /** Names what every write must leave in the outbox (webhook deliveries): set once, before the first write. */
  leaveInOutbox(source: OutboxSource): void {
    this.outboxSource = source;
  }

  /** Sets the record's expiry; later writes keep it (the write script uses SET KEEPTTL). */
  async expire(kind: string, id: string, seconds: number): Promise<void> {
    await this.redis.expire(this.recordKey(kind, id), seconds);
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

  async removeRecent(indexKey: string, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.redis.zrem(indexKey, ...ids);
  }

  async removeSet(setKey: string): Promise<void> {
    await this.redis.del(setKey);
  }

  /** Creates a record at version 1; with an index, throws NameTaken when the name is in use. */
  async create<T extends Versioned>(kind: string, id: string, record: Omit<T, 'version'>, options: WriteOptions<T> & { index?: NameIndex }): Promise<T> {
    const stored = this.written<T>(kind, record, 1);
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
      const key = this.recordKey(kind, id);
      const raw = await this.redis.get(key);
      if (!raw) return null;
      // The write compares the stored text (`raw`), not the record read from it: an upgraded
      // record differs from its text, and the comparison must see exactly what was read.
      const current = this.decode<T>(kind, key, raw);
      const proposed = change(current);
      if (!proposed) return current;
      const next = this.written<T>(kind, proposed, current.version + 1);
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
      const key = this.recordKey(kind, id);
      const raw = await this.redis.get(key);
      if (!raw) return null;
      const current = this.decode<T>(kind, key, raw);
      options.guard?.(current);
      const last = { ...current, version: current.version + 1 };
      const name = options.index?.name ?? '';
      const result = await this.write(kind, id, raw, current, last, options, name, name, true);
      if (result === 1) return current;
    }
    throw new RecordConflict(`${kind} ${id} is changing too often to delete`);
  }

  /** The record as a write stores it: at `version`, and, for a kind with a layout, in its layout's. */
  private written<T extends Versioned>(kind: string, record: Omit<T, 'version'>, version: number): T {
    const layout = this.layouts.get(kind);
    return (layout ? { ...record, version, schemaVersion: layout.version } : { ...record, version }) as T;
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
    const result = await this.scripts.compareAndSet(
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
