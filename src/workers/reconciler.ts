import type { Claim, InFlightRule } from '../domain/shared/queued-work';
import type { Platform } from '../platform';
import { UnreadableRecord } from '../store/record.types';
import { readableReason } from './worker-runner';

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

/**
 * Compares the records that say work is in progress with the jobs that exist: which record
 * waits on which job, and how lost work ends, is the domain's (`RecordJobs.inFlight`, one rule
 * per kind of record, from the same `workOf` its `queue` field reads). A claim without a live
 * job is queued again once when its record can rebuild the payload, and failed with a reason
 * otherwise, so no status stays in progress after its job is gone. It reads the in-flight
 * index, which the write that sets a status keeps: a run costs what is under way, however
 * many records exist. Several processes may run it at once (the maintenance lock makes that
 * rare): the requeue is guarded by a Redis marker, and the failure writes are idempotent.
 */
export async function reconcile(platform: Platform, rules: readonly InFlightRule[], graceMs: number): Promise<ReconcileOutcome> {
  const outcome: ReconcileOutcome = { requeued: 0, failed: 0, relaned: 0 };
  const settledBefore = Date.now() - graceMs;
  const kinds = new Map(rules.map((rule) => [rule.kind, rule]));
  for await (const batch of platform.records.inFlightRecords()) {
    const ids = new Map<string, string[]>();
    for (const { kind, id } of batch) ids.set(kind, [...(ids.get(kind) ?? []), id]);
    for (const [kind, kindIds] of ids) {
      const records = await readableRecords(platform, kind, kindIds);
      for (const [index, record] of records.entries()) {
        if (record === UNREADABLE) continue;
        const claim = record ? (kinds.get(kind)?.claim(record) ?? null) : null;
        // Gone (an expired completion), or written by a process that did not track it.
        if (!claim) await platform.records.dropInFlight({ kind, id: kindIds[index]! }, record?.version ?? null);
        else if (Date.parse(claim.since) <= settledBefore) await settle(platform, claim, outcome);
      }
    }
  }
  for (const queue of new Set(rules.flatMap((rule) => rule.queues))) {
    const relaned = await platform.queues.relaneParked(queue);
    if (relaned > 0) platform.logger.warn({ queue: queue.name, jobs: relaned }, 'reconciler: put jobs parked without a lane in line');
    outcome.relaned += relaned;
  }
  return outcome;
}

const UNREADABLE = Symbol('unreadable');

/**
 * The records of `ids`, each read on its own once the batch holds one this build cannot read:
 * that record is logged and left in the index (an operator must see it), and the run goes on
 * with the others rather than failing for all of them.
 */
async function readableRecords(platform: Platform, kind: string, ids: readonly string[]) {
  try {
    return await platform.records.getMany<{ version: number }>(kind, ids);
  } catch (error) {
    if (!(error instanceof UnreadableRecord)) throw error;
  }
  return Promise.all(
    ids.map(async (id) => {
      try {
        return await platform.records.get<{ version: number }>(kind, id);
      } catch (error) {
        if (!(error instanceof UnreadableRecord)) throw error;
        platform.logger.error({ kind, id, reason: error.message }, 'reconciler: skipped a record it cannot read');
        return UNREADABLE;
      }
    }),
  );
}

async function settle(platform: Platform, claim: Claim, outcome: ReconcileOutcome): Promise<void> {
  const { keys, queues, logger, redis } = platform;
  const queue = queues.get(claim.queue);
  const jobId = claim.queue.jobId(claim.key);
  const state = await queue.getJobState(jobId);
  if (LIVE_STATES.has(state)) return;
  const log = { queue: claim.queue.name, jobId, subject: claim.subject, jobState: state };

  if (state === 'failed') {
    // BullMQ gave up and the failure write did not happen (its process died first).
    const reason = readableReason((await queue.getJob(jobId))?.failedReason);
    await claim.fail(reason);
    outcome.failed++;
    logger.warn({ ...log, reason }, 'reconciler: failed a record whose job had failed');
    return;
  }
  const marker = keys.key('requeued', claim.queue.name, jobId);
  if (claim.payload !== null && (await redis.commands.set(marker, '1', 'EX', REQUEUE_MARKER_SECONDS, 'NX')) === 'OK') {
    // A finished job under the same id would make the add a no-op.
    await queue.remove(jobId).catch(() => 0);
    await queues.add(claim.queue, claim.payload);
    outcome.requeued++;
    logger.warn(log, 'reconciler: queued a lost job again');
    return;
  }
  const reason = claim.payload === null ? LOST_REASON : LOST_TWICE_REASON;
  await claim.fail(reason);
  outcome.failed++;
  logger.warn({ ...log, reason }, 'reconciler: failed a record whose job was lost');
}
