import { setTimeout as delay } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { KNOWLEDGE_BASE_NAME_INDEX } from '../domain/knowledge-base/knowledge-base.repository';
import { VOICE_NAME_INDEX } from '../domain/voice/voice.repository';
import type { Platform } from '../platform';
import type { AnyQueueDefinition } from '../queues/queue-registry';
import { isRedisUnavailable } from '../store/redis';

/**
 * The key layout this build writes. 1: the layout before Redis Cluster support (name indexes
 * at `<kind>:<partner>`, BullMQ under `<prefix>:bull`); 2: hash-tagged name indexes and the
 * `{<prefix>:bull}` BullMQ prefix; 3: the in-flight index of records whose work is under way.
 */
export const LAYOUT_VERSION = 3;

const LOCK_MS = 60_000;
const WAIT_STEP_MS = 1_000;
const JOB_PAGE = 500;
// Job states a stopped release can leave behind that still owe work: an active job's process is gone.
const UNFINISHED_STATES = ['wait', 'paused', 'prioritized', 'delayed', 'active'] as const;

export interface MigrationOutcome {
  /** Name index entries moved to the tagged index. */
  names: number;
  /** Entries left in an old index because the new one already gives their name to another record. */
  conflicts: number;
  /** Jobs of the old BullMQ prefix added to the new queues. */
  jobs: number;
  /** Keys of the old layout deleted. */
  removedKeys: number;
  /** Records in flight put in the in-flight index. */
  inFlight: number;
}

/** The migration's lock and the layout version a Redis holds. */
export const layoutKeys = (keys: Platform['keys']) => ({ lock: keys.key('layout', 'lock'), version: keys.key('layout', 'version') });

/**
 * Brings data written by an older build to the layout this build reads, once per Redis: the
 * first process to start takes a lock, migrates, and records the layout version; others wait
 * for that record (or take over the lock when its holder died). Records keep their ids:
 * `KeySpace.recordKey` gives an id without a partner tag the key it always had, so a record,
 * and a knowledge base's document set, are found where the old build left them; only what
 * points to them by name moves. Every command touches one key, so it runs on a cluster too.
 */
export async function migrateLayout(platform: Platform, queues: readonly AnyQueueDefinition[]): Promise<MigrationOutcome | null> {
  let reported = false;
  for (;;) {
    try {
      return await migrateOnce(platform, queues);
    } catch (error) {
      // Like every connection of the service, the start waits for Redis rather than crash;
      // a run cut short resumes where it stopped, as each step is idempotent.
      if (!isRedisUnavailable(error)) throw error;
      if (!reported) platform.logger.warn({ err: error }, 'layout migration waits for Redis');
      reported = true;
      await delay(WAIT_STEP_MS);
    }
  }
}

async function migrateOnce(platform: Platform, queues: readonly AnyQueueDefinition[]): Promise<MigrationOutcome | null> {
  const { redis, logger } = platform;
  const { lock, version } = layoutKeys(platform.keys);
  const token = randomUUID();
  for (;;) {
    if (Number(await redis.commands.get(version)) >= LAYOUT_VERSION) return null;
    if ((await redis.commands.set(lock, token, 'PX', LOCK_MS, 'NX')) === 'OK') break;
    await delay(WAIT_STEP_MS);
  }
  try {
    const renewLock = () => redis.commands.pexpire(lock, LOCK_MS);
    const outcome: MigrationOutcome = { names: 0, conflicts: 0, jobs: 0, removedKeys: 0, inFlight: 0 };
    for (const kind of [VOICE_NAME_INDEX, KNOWLEDGE_BASE_NAME_INDEX]) await moveNameIndexes(platform, kind, outcome, renewLock);
    const oldBullPrefix = `${platform.queues.prefix}:bull`;
    for (const definition of queues) await moveJobs(platform, oldBullPrefix, definition, outcome, renewLock);
    for await (const found of platform.records.scanKeys(`${oldBullPrefix}:*`)) {
      await Promise.all(found.map((key) => redis.commands.unlink(key)));
      outcome.removedKeys += found.length;
      await renewLock();
    }
    // Records whose work was under way before the index existed: the reconciler reads only the index.
    outcome.inFlight = await platform.records.indexInFlightRecords();
    // A name left behind in an old index is moved by the next start, once its newer holder is renamed.
    if (outcome.conflicts === 0) await redis.commands.set(version, String(LAYOUT_VERSION));
    logger.info(
      { ...outcome, layoutVersion: LAYOUT_VERSION },
      outcome.conflicts === 0 ? 'layout migration done' : 'layout migration done but for names in use twice; it runs again at the next start',
    );
    return outcome;
  } finally {
    await redis.commands.eval(`if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`, 1, lock, token);
  }
}

/**
 * Copies each entry of the old `<kind>:<partner>` hashes into the partner's tagged index,
 * then deletes it. A name the tagged index already gives to another record (made while the
 * old entry was not readable) stays in the old hash and is logged: neither record is lost,
 * and once the newer one is renamed, the next start moves the old entry.
 */
async function moveNameIndexes(platform: Platform, kind: string, outcome: MigrationOutcome, renewLock: () => Promise<unknown>): Promise<void> {
  const { redis, keys, records, logger } = platform;
  const prefix = keys.key(kind, '');
  for await (const found of records.scanKeys(`${prefix}*`)) {
    for (const oldKey of found.filter((key) => !keys.isPartnerKey(kind, key))) {
      const partner = oldKey.slice(prefix.length);
      const newKey = keys.partnerKey(kind, partner);
      const moved: string[] = [];
      for (const [name, id] of Object.entries(await redis.commands.hgetall(oldKey))) {
        if ((await redis.commands.hsetnx(newKey, name, id)) === 1 || (await redis.commands.hget(newKey, name)) === id) {
          moved.push(name);
        } else {
          outcome.conflicts++;
          logger.error(
            { kind, partner, name, id },
            'layout migration: the name is taken by a newer record; rename that one, and the next start moves this entry',
          );
        }
      }
      if (moved.length > 0) await redis.commands.hdel(oldKey, ...moved);
      outcome.names += moved.length;
      if ((await redis.commands.exists(oldKey)) === 0) outcome.removedKeys++;
      await renewLock();
    }
  }
}

/**
 * Adds the jobs a stopped release left unfinished under the old BullMQ prefix to the new
 * queue (their ids derive from the payload, so the same work keeps the same id); the caller
 * then deletes the old keys. A job whose payload no longer fits the contract is left out with
 * a log line: the reconciler then requeues or fails its record, as for any lost job.
 */
async function moveJobs(
  platform: Platform,
  oldPrefix: string,
  definition: AnyQueueDefinition,
  outcome: MigrationOutcome,
  renewLock: () => Promise<unknown>,
): Promise<void> {
  const { redis, queues, records, logger } = platform;
  // The old prefix has no hash tag, so BullMQ's scripts cannot read it on a cluster; no build
  // before the tagged prefix ran on one, so only a copied data set can bring such keys there,
  // and then the reconciler's path is the one left.
  if (redis.commands.isCluster) return;
  if ((await records.scanKeys(`${oldPrefix}:${definition.name}:*`).next()).done) return;
  const old = new Queue(definition.name, { connection: redis.bullmq, prefix: oldPrefix });
  try {
    // Nothing takes jobs off the old queue meanwhile, so pages by position see each job once.
    for (let start = 0; ; start += JOB_PAGE) {
      const jobs = await old.getJobs([...UNFINISHED_STATES], start, start + JOB_PAGE - 1);
      if (jobs.length === 0) break;
      for (const job of jobs) {
        const parsed = definition.schema.safeParse(job.data);
        if (!parsed.success) {
          logger.warn(
            { queue: definition.name, jobId: job.id },
            'layout migration: an old job does not fit its queue any more; the reconciler takes its record',
          );
          continue;
        }
        await queues.add(definition, parsed.data);
        outcome.jobs++;
      }
      await renewLock();
    }
  } finally {
    await old.close();
  }
}
