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

/**
 * A record kind's jobs: the one place the domain queues work (`*.jobs.ts`), and says which job
 * a record's work waits in. Work is superseded one way everywhere: a trigger raises the
 * record's generation, queues the job of the new generation, and takes the previous
 * generation's job off its queue if it still waits; one already running finds itself out of
 * date (the generation guard of its domain writes) and changes nothing.
 */
export abstract class RecordJobs<Record> {
  constructor(protected readonly queues: QueueRegistry) {}

  /** The job the record's work is under way in, if any. */
  abstract workOf(record: Record): QueuedWork | null;

  /** Why the record's job has not started, and when it should; null when none waits. */
  waitOf(record: Record): Promise<QueueWait | null> {
    const work = this.workOf(record);
    return work ? this.queues.waitOf(work.queue, work.key) : Promise.resolve(null);
  }

  /**
   * For live streams (`waitingOn`): the topic of the queue the record's job waits in, followed
   * until the job reports progress, the sign that it runs.
   */
  readonly waitingOn = (record: Record): string | null => {
    const work = this.workOf(record);
    return work && !work.reporting ? queueTopic(work.queue.name) : null;
  };

  /** Takes the job of `key` off its queue if it still waits; a running job is locked and stays. */
  protected async withdraw<Definition extends AnyQueueDefinition>(queue: Definition, key: JobKeyOf<Definition>): Promise<void> {
    await this.queues.remove(queue, key);
  }
}
