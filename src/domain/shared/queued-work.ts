import { queueTopic } from '../../queues/fair-scheduler';
import type { AnyQueueDefinition, JobKeyOf, QueueRegistry } from '../../queues/queue-registry';
import type { QueueWait } from '../../queues/queue-wait';

export { WAIT_REASONS, type QueueWait, type WaitReason } from '../../queues/queue-wait';

/** The job a record's work is under way in, and whether that job has begun reporting progress. */
export interface QueuedWork<Definition extends AnyQueueDefinition = AnyQueueDefinition> {
  queue: Definition;
  key: JobKeyOf<Definition>;
  reporting: boolean;
}

export function queuedWork<Definition extends AnyQueueDefinition>(queue: Definition, key: JobKeyOf<Definition>, reporting: boolean): QueuedWork {
  return { queue, key, reporting };
}

/** Why the work has not started yet, and when it should; null when no work is under way or it runs. */
export function waitOfWork(queues: QueueRegistry, work: QueuedWork | null): Promise<QueueWait | null> {
  return work ? queues.waitOf(work.queue, work.key) : Promise.resolve(null);
}

/**
 * The topic of the queue the work waits in, for live streams (`waitingOn`): followed until the
 * job reports progress, the sign that it runs.
 */
export function waitingTopic(work: QueuedWork | null): string | null {
  return work && !work.reporting ? queueTopic(work.queue.name) : null;
}
