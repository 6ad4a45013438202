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
}

/**
 * Compares the records that say work is in progress with the jobs that exist. A claim
 * without a live job is queued again once when its record can rebuild the payload, and
 * failed with a reason otherwise, so no status stays in progress after its job is gone.
 * Several processes may run it at once: the requeue is guarded by a Redis marker, and the
 * failure writes are idempotent.
 */
export async function reconcile(platform: Platform, sources: ReconcileSource[], graceMs: number): Promise<ReconcileOutcome> {
  const outcome: ReconcileOutcome = { requeued: 0, failed: 0 };
  const settledBefore = Date.now() - graceMs;
  // One pass over each kind of record, however many queues read it.
  const byKind = new Map<string, ReconcileSource[]>();
  for (const source of sources) byKind.set(source.kind, [...(byKind.get(source.kind) ?? []), source]);
  for (const [kind, kindSources] of byKind) {
    for await (const batch of platform.records.scan(kind)) {
      for (const record of batch) {
        for (const source of kindSources) {
          const claim = source.claim(record);
          if (claim && Date.parse(claim.since) <= settledBefore) await settle(platform, source, claim, outcome);
        }
      }
    }
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
