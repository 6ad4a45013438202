import type { Platform } from '../platform';
import type { AnyQueueDefinition, JobKeyOf, PayloadOf } from '../queues/queue-registry';
import { readableReason } from './worker-runner';

/** Work a record says is under way on one queue: enough to find its job, and to end or redo it. */
export interface Claim<Definition extends AnyQueueDefinition = AnyQueueDefinition> {
  /** Names the record in log lines. */
  subject: string;
  key: JobKeyOf<Definition>;
  /** When the record entered this state: a younger claim may still be waiting for its producer to add the job. */
  since: string;
  /** The job's payload rebuilt from the record, or null when the record does not hold all of it. */
  payload: PayloadOf<Definition> | null;
  /** The domain's failure write for this work; it changes nothing once a newer trigger superseded it. */
  fail(reason: string): Promise<unknown>;
}

/** How the reconciler sees one queue: the kind of record that holds its work, and what work a record claims. */
export interface ReconcileSource<Definition extends AnyQueueDefinition = AnyQueueDefinition, Record = unknown> {
  queue: Definition;
  kind: string;
  claim(record: Record): Claim<Definition> | null;
}

/** Lets a list hold sources of different queues and record types. */
export function sourceFor<Definition extends AnyQueueDefinition, Record>(source: ReconcileSource<Definition, Record>): ReconcileSource {
  return source;
}

// A job in one of these states will still run, and its processor or BullMQ will end it.
const LIVE_STATES = new Set(['waiting', 'wait', 'active', 'delayed', 'prioritized', 'waiting-children']);
/** Long enough to outlive any retry of the same job id; a new trigger gets a new id. */
const REQUEUE_MARKER_SECONDS = 7 * 24 * 3600;

export const LOST_REASON = 'The job was lost before it finished; start the work again';
export const LOST_TWICE_REASON = 'The job was lost twice before it finished; start the work again';

export interface ReconcileOutcome {
  requeued: number;
  failed: number;
  /** Jobs found parked without a lane (their adder died mid-add) and put in line. */
  relaned: number;
}

/** The reconcile sources by the kind of record they read. */
function byKind(sources: readonly ReconcileSource[]): Map<string, ReconcileSource[]> {
  const kinds = new Map<string, ReconcileSource[]>();
  for (const source of sources) kinds.set(source.kind, [...(kinds.get(source.kind) ?? []), source]);
  return kinds;
}

/**
 * Tells the record store which records hold work in flight (those some source claims), so
 * its write script keeps them in the in-flight index the reconciler reads.
 */
export function trackInFlight(platform: Pick<Platform, 'records'>, sources: readonly ReconcileSource[]): void {
  for (const [kind, kindSources] of byKind(sources)) {
    platform.records.trackInFlight(kind, (record) => kindSources.some((source) => source.claim(record) !== null));
  }
}

/**
 * Compares the records that say work is in progress with the jobs that exist. A claim
 * without a live job is queued again once when its record can rebuild the payload, and
 * failed with a reason otherwise, so no status stays in progress after its job is gone.
 * It reads the in-flight index, which the write that sets a status keeps: a run costs what
 * is under way, however many records exist. Several processes may run it at once (the
 * maintenance lock makes that rare): the requeue is guarded by a Redis marker, and the
 * failure writes are idempotent.
 */
export async function reconcile(platform: Platform, sources: ReconcileSource[], graceMs: number): Promise<ReconcileOutcome> {
  const outcome: ReconcileOutcome = { requeued: 0, failed: 0, relaned: 0 };
  const settledBefore = Date.now() - graceMs;
  const kinds = byKind(sources);
  for await (const batch of platform.records.inFlightRecords()) {
    const ids = new Map<string, string[]>();
    for (const { kind, id } of batch) ids.set(kind, [...(ids.get(kind) ?? []), id]);
    for (const [kind, kindIds] of ids) {
      const records = await platform.records.getMany(kind, kindIds);
      for (const [index, record] of records.entries()) {
        const claims = (record ? (kinds.get(kind) ?? []) : []).flatMap((source) => {
          const claim = source.claim(record);
          return claim ? [{ source, claim }] : [];
        });
        // Gone (an expired completion), or written by a process that did not track it.
        if (claims.length === 0) await platform.records.dropInFlight({ kind, id: kindIds[index]! }, record?.version ?? null);
        for (const { source, claim } of claims) if (Date.parse(claim.since) <= settledBefore) await settle(platform, source, claim, outcome);
      }
    }
  }
  for (const queue of new Set(sources.map((source) => source.queue))) {
    const relaned = await platform.queues.relaneParked(queue);
    if (relaned > 0) platform.logger.warn({ queue: queue.name, jobs: relaned }, 'reconciler: put jobs parked without a lane in line');
    outcome.relaned += relaned;
  }
  return outcome;
}

async function settle(platform: Platform, source: ReconcileSource, claim: Claim, outcome: ReconcileOutcome): Promise<void> {
  const { keys, queues, logger, redis } = platform;
  const queue = queues.get(source.queue);
  const jobId = source.queue.jobId(claim.key);
  const state = await queue.getJobState(jobId);
  if (LIVE_STATES.has(state)) return;
  const log = { queue: source.queue.name, jobId, subject: claim.subject, jobState: state };

  if (state === 'failed') {
    // BullMQ gave up and the failure write did not happen (its process died first).
    const reason = readableReason((await queue.getJob(jobId))?.failedReason);
    await claim.fail(reason);
    outcome.failed++;
    logger.warn({ ...log, reason }, 'reconciler: failed a record whose job had failed');
    return;
  }
  const marker = keys.key('requeued', source.queue.name, jobId);
  if (claim.payload !== null && (await redis.commands.set(marker, '1', 'EX', REQUEUE_MARKER_SECONDS, 'NX')) === 'OK') {
    // A finished job under the same id would make the add a no-op.
    await queue.remove(jobId).catch(() => 0);
    await queues.add(source.queue, claim.payload);
    outcome.requeued++;
    logger.warn(log, 'reconciler: queued a lost job again');
    return;
  }
  const reason = claim.payload === null ? LOST_REASON : LOST_TWICE_REASON;
  await claim.fail(reason);
  outcome.failed++;
  logger.warn({ ...log, reason }, 'reconciler: failed a record whose job was lost');
}
