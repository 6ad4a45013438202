import { queueTopic } from '../../queues/fair-scheduler';
import type { AnyQueueDefinition, JobKeyOf, PayloadOf, QueueRegistry } from '../../queues/queue-registry';
import type { QueueWait } from '../../queues/queue-wait';
import type { RecordStore } from '../../store/record-store';

export { WAIT_REASONS, type QueueWait, type WaitReason } from '../../queues/queue-wait';
export { traceOrigin } from '../../queues/queue-registry';

/**
 * The job a record's work is under way in, as the record says it: the one answer that the
 * `queue` field, live waiting positions, the in-flight index and the reconciler all read.
 * `Endings` are the failure writes of the record's kind (its domain service), through which
 * the reconciler ends work whose job is lost.
 */
export interface QueuedWork<Endings = never, Definition extends AnyQueueDefinition = AnyQueueDefinition> {
  queue: Definition;
  key: JobKeyOf<Definition>;
  /** Whether the job has begun reporting progress, the sign that it runs. */
  reporting: boolean;
  /** When the record entered this state: a younger claim may still be waiting for its producer to add the job. */
  since: string;
  /** The job's payload rebuilt from the record, queued again when the job is lost; null when the record does not hold all of it. */
  payload: PayloadOf<Definition> | null;
  /** The failure write that ends this work; it changes nothing once a newer trigger superseded it. */
  fail(endings: Endings, reason: string): Promise<unknown>;
}

/** Keeps the key's and the payload's types to the queue they belong to. */
export function queuedWork<Endings, Definition extends AnyQueueDefinition>(work: QueuedWork<Endings, Definition>): QueuedWork<Endings> {
  return work;
}

/** Work a record claims, as the reconciler settles it: its job, and the failure write bound to the record's service. */
export interface Claim extends Omit<QueuedWork, 'fail'> {
  /** Names the record in log lines. */
  subject: string;
  fail(reason: string): Promise<unknown>;
}

/** What the in-flight index and the reconciler know of one kind of record: `RecordJobs.inFlight`. */
export interface InFlightRule {
  /** The record store's kind. */
  kind: string;
  /** Every queue a record of the kind may wait in. */
  queues: readonly AnyQueueDefinition[];
  claim(record: unknown): Claim | null;
}

/**
 * Tells the record store which records hold work in flight (those their kind's rule claims),
 * so its write script keeps them in the in-flight index the reconciler reads. Before the first
 * write: a record written untracked is missing from the index.
 */
export function trackInFlight(records: Pick<RecordStore, 'trackInFlight'>, rules: readonly InFlightRule[]): void {
  const kinds = new Set<string>();
  for (const rule of rules) {
    // The store keeps one test per kind: a second rule would silently replace the first.
    if (kinds.has(rule.kind)) throw new Error(`Two rules of work in flight for records of kind ${rule.kind}`);
    kinds.add(rule.kind);
    records.trackInFlight(rule.kind, (record) => rule.claim(record) !== null);
  }
}

/**
 * A record kind's jobs: the one place the domain queues work (`*.jobs.ts`), and says which job
 * a record's work waits in (`workOf`), once, for everything that asks. Work is superseded one
 * way everywhere: a trigger raises the record's generation, queues the job of the new
 * generation, and takes the previous generation's job off its queue if it still waits; one
 * already running finds itself out of date (the generation guard of its domain writes) and
 * changes nothing.
 */
export abstract class RecordJobs<Record extends { id: string }, Endings = never> {
  /** The record store's kind of the records these jobs are for. */
  abstract readonly kind: string;
  /** Every queue `workOf` may name. */
  abstract readonly waitsIn: readonly AnyQueueDefinition[];

  constructor(protected readonly queues: QueueRegistry) {}

  /** The job the record's work is under way in, if any: a record waits in one job at a time. */
  abstract workOf(record: Record): QueuedWork<Endings> | null;

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

  /**
   * The kind's rule for the in-flight index and the reconciler: `workOf` itself, each claim
   * ended through `endings` (the service that writes the kind's failures).
   */
  inFlight(endings: Endings): InFlightRule {
    return {
      kind: this.kind,
      queues: this.waitsIn,
      claim: (record) => {
        const work = this.workOf(record as Record);
        return work && { ...work, subject: `${this.kind} ${(record as Record).id}`, fail: (reason: string) => work.fail(endings, reason) };
      },
    };
  }

  /** Takes the job of `key` off its queue if it still waits; a running job is locked and stays. */
  protected async withdraw<Definition extends AnyQueueDefinition>(queue: Definition, key: JobKeyOf<Definition>): Promise<void> {
    await this.queues.remove(queue, key);
  }
}
