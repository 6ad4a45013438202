import { slotTagOf, type KeySpace } from './keys';
import type { RedisClient } from './redis';
import { SlotRegistry } from './slot-registry';

/** One entry taken from the outbox: what a write left behind, to be handed on, then settled. */
export interface OutboxEntry {
  key: string;
  id: string;
  entry: string;
}

/** The consumer group every drainer of the fleet reads through, so each entry goes to one of them. */
const GROUP = 'drain';
/**
 * An entry taken and not settled this long ago belongs to a drainer that died or lost Redis;
 * another takes it over (handing it on twice is harmless: entries name what they create).
 */
const ABANDONED_AFTER_MS = 10_000;
/** A consumer with nothing pending that has not read for this long is forgotten by the sweep. */
const IDLE_CONSUMER_MS = 10 * 60_000;

/**
 * Removes the group's consumers that hold no entry and have been idle for ARGV[2] ms; how many.
 * Checked and removed in one script: a consumer that took an entry between a check and its
 * removal would take the entry's place in the pending list with it, and no drainer could then
 * take the entry over. A missing stream or group has no consumers to forget.
 */
const FORGET_IDLE_CONSUMERS = `
local ok, consumers = pcall(redis.call, 'XINFO', 'CONSUMERS', KEYS[1], ARGV[1])
if not ok then return 0 end
local idleFor = tonumber(ARGV[2])
local removed = 0
for _, consumer in ipairs(consumers) do
  local fields = {}
  for i = 1, #consumer, 2 do fields[consumer[i]] = consumer[i + 1] end
  if fields['pending'] == 0 and fields['idle'] >= idleFor then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], fields['name'])
    removed = removed + 1
  end
end
return removed
`;

type ForgetIdleConsumers = (key: string, group: string, idleMs: number) => Promise<number>;

/**
 * What writes leave for workers to carry out after them (webhook deliveries), recorded by the
 * write script itself in the record's slot, so a change and its follow-up commit together and
 * a process that dies after the write loses nothing. Each slot's outbox is a Redis stream read
 * through one consumer group: an entry goes to one drainer, and one that drainer never settled
 * goes to another after ABANDONED_AFTER_MS. On a single server there is one stream; on a
 * cluster one per slot that has had entries, listed in a registry that a writer joins before
 * its write (so no stream with entries is ever missing from it): draining reads the slots
 * written lately, never every record.
 */
export class Outbox {
  private readonly groups = new Set<string>();
  /** On a cluster: the outboxes that have had entries, by their keys. */
  private readonly slots: SlotRegistry;

  constructor(
    private readonly redis: RedisClient,
    private readonly keys: KeySpace,
  ) {
    this.slots = new SlotRegistry(redis, keys.key('outbox-slots'));
    if (!('outboxForgetIdleConsumers' in redis)) redis.defineCommand('outboxForgetIdleConsumers', { numberOfKeys: 1, lua: FORGET_IDLE_CONSUMERS });
  }

  /** The topic a write with entries announces its outbox on, so drainers start at once. */
  static readonly TOPIC = 'outbox';

  /** The outbox of the slot of `recordKey`: one key on a single server. */
  keyFor(recordKey: string): string {
    return this.redis.isCluster ? this.keys.key('outbox', `{${slotTagOf(recordKey)}}`) : this.keys.key('outbox');
  }

  /** Before a write that leaves entries in `key`, on a cluster: the slot is listed. */
  async register(key: string): Promise<void> {
    if (this.redis.isCluster) await this.slots.register(key);
  }

  /** Every outbox that may hold entries. */
  async outboxKeys(): Promise<string[]> {
    return this.redis.isCluster ? this.slots.members() : [this.keys.key('outbox')];
  }

  /**
   * Up to `count` entries of `key` for `consumer`: with `abandoned`, first those another
   * drainer took and never settled, then new ones.
   */
  async take(key: string, consumer: string, count: number, options: { abandoned: boolean }): Promise<OutboxEntry[]> {
    await this.ensureGroup(key);
    const taken: [string, string[]][] = [];
    try {
      if (options.abandoned) {
        const [, claimed] = (await this.redis.xautoclaim(key, GROUP, consumer, ABANDONED_AFTER_MS, '0-0', 'COUNT', count)) as [string, [string, string[]][]];
        taken.push(...claimed);
      }
      const read = (await this.redis.xreadgroup('GROUP', GROUP, consumer, 'COUNT', count, 'STREAMS', key, '>')) as [string, [string, string[]][]][] | null;
      taken.push(...(read?.[0]?.[1] ?? []));
    } catch (error) {
      // The stream went (a flushed database): its group goes with it and is made again next time.
      if ((error as Error).message.startsWith('NOGROUP')) this.groups.delete(key);
      throw error;
    }
    return taken.flatMap(([id, fields]) => (fields[0] === 'entry' && fields[1] !== undefined ? [{ key, id, entry: fields[1] }] : []));
  }

  /** Entries handed on: gone from their stream. */
  async settle(entries: readonly OutboxEntry[]): Promise<void> {
    const byKey = new Map<string, string[]>();
    for (const { key, id } of entries) byKey.set(key, [...(byKey.get(key) ?? []), id]);
    for (const [key, ids] of byKey) {
      await this.redis
        .multi()
        .xack(key, GROUP, ...ids)
        .xdel(key, ...ids)
        .exec();
    }
  }

  /**
   * Forgets the consumers of `key`'s group that hold nothing and have not read for `idleMs`; how
   * many. Every drainer process reads under a name of its own, so without this each process that
   * ever ran stayed in the group for good. A live drainer forgotten while quiet is made again by
   * its next read.
   */
  forgetIdleConsumers(key: string, idleMs = IDLE_CONSUMER_MS): Promise<number> {
    return (this.redis as unknown as { outboxForgetIdleConsumers: ForgetIdleConsumers }).outboxForgetIdleConsumers(key, GROUP, idleMs);
  }

  /** On a cluster, drops a slot from the registry once its outbox has been empty since long before. */
  async forgetIfEmpty(key: string): Promise<void> {
    if (this.redis.isCluster && (await this.redis.xlen(key)) === 0) await this.slots.forgetEmpty(key);
  }

  private async ensureGroup(key: string): Promise<void> {
    if (this.groups.has(key)) return;
    try {
      await this.redis.xgroup('CREATE', key, GROUP, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error as Error).message.startsWith('BUSYGROUP')) throw error;
    }
    this.groups.add(key);
  }
}
