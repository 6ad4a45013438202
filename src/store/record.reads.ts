import type { Cluster, Redis } from 'ioredis';
import { inOneSlot, type KeySpace } from './keys';
import type { RedisClient } from './redis';
import { UnreadableRecord, type RecordLayout, type Versioned } from './record.types';

/**
 * What reads the stored records and the indexes kept beside them: records by id, name
 * indexes, sets, time-ordered indexes, and scans for maintenance. RecordStore adds the writes.
 * Every record read goes through `decode`, and so through its kind's layout.
 */
export class RecordReads {
  /** The layout of each kind, as its repository defined it; a kind without one is read as stored. */
  protected readonly layouts = new Map<string, RecordLayout>();

  constructor(
    protected readonly redis: RedisClient,
    readonly keys: KeySpace,
  ) {}

  /**
   * Reads the records of `kind` through `layout` from now on (every read, and the read before
   * each write), and stamps its version on every record of the kind written. The kind's
   * repository says so when it is made, before it reads or writes.
   */
  define<T>(kind: string, layout: RecordLayout<T>): void {
    this.layouts.set(kind, layout);
  }

  recordKey(kind: string, id: string): string {
    return this.keys.recordKey(kind, id);
  }

  async get<T extends Versioned>(kind: string, id: string): Promise<T | null> {
    const key = this.recordKey(kind, id);
    const raw = await this.redis.get(key);
    return raw ? this.decode<T>(kind, key, raw) : null;
  }

  /** One round trip for any number of ids; the answer follows the order of the ids. */
  async getMany<T extends Versioned>(kind: string, ids: readonly string[]): Promise<(T | null)[]> {
    if (ids.length === 0) return [];
    const keys = ids.map((id) => this.recordKey(kind, id));
    const raws = await this.getRaw(keys);
    return raws.map((raw, index) => (raw ? this.decode<T>(kind, keys[index]!, raw) : null));
  }

  /**
   * A stored record (`raw`, at `key`) as its kind's layout has it. A record that says it is of
   * the current layout costs a property check; an older one is upgraded. Throws
   * UnreadableRecord, naming the key and why, for what cannot be read.
   */
  protected decode<T>(kind: string, key: string, raw: string): T {
    const layout = this.layouts.get(kind);
    let stored: unknown;
    try {
      stored = JSON.parse(raw);
    } catch {
      throw new UnreadableRecord(`The record at ${key} cannot be read: it is not JSON`);
    }
    if (!layout) return stored as T;
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
      throw new UnreadableRecord(`The record at ${key} cannot be read: it is not an object`);
    }
    const written = (stored as { schemaVersion?: unknown }).schemaVersion ?? 1;
    if (written === layout.version) return stored as T;
    if (!Number.isInteger(written) || (written as number) < 1) {
      throw new UnreadableRecord(`The record at ${key} cannot be read: its layout version (${JSON.stringify(written)}) is not a positive integer`);
    }
    if ((written as number) > layout.version) {
      throw new UnreadableRecord(
        `The record at ${key} cannot be read: it was written in layout ${written as number}, newer than this build's ${layout.version}`,
      );
    }
    try {
      return layout.upgrade(stored, written as number) as T;
    } catch (error) {
      throw new UnreadableRecord(`The record at ${key} cannot be read as layout ${written as number}: ${(error as Error).message}`, { cause: error });
    }
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
  protected getRaw(keys: readonly string[]): Promise<(string | null)[]> {
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
      const records = raws.flatMap((raw, index) => (raw ? [this.decode<T>(kind, keys[index]!, raw)] : []));
      if (records.length > 0) yield records;
    }
  }
}
