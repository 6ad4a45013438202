import { Queue, type JobsOptions, type RedisOptions } from 'bullmq';

/** A queue's name and payload type, importable by producers without the processor. */
export interface QueueDefinition<Payload> {
  readonly name: string;
  readonly defaultJobOptions?: JobsOptions;
  /** Only carries the payload type. */
  readonly payload?: Payload;
}

export function defineQueue<Payload>(name: string, defaultJobOptions?: JobsOptions): QueueDefinition<Payload> {
  return { name, defaultJobOptions };
}

const standardJobOptions: JobsOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 3_600, count: 1_000 },
  removeOnFail: { age: 24 * 3_600 },
};

/** Opens each BullMQ queue once per process, all under the deployment's key prefix. */
export class QueueRegistry {
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly connection: RedisOptions,
    readonly prefix: string,
  ) {}

  get<Payload>(definition: QueueDefinition<Payload>): Queue<Payload> {
    let queue = this.queues.get(definition.name);
    if (!queue) {
      queue = new Queue(definition.name, {
        connection: this.connection,
        prefix: `${this.prefix}:bull`,
        defaultJobOptions: { ...standardJobOptions, ...definition.defaultJobOptions },
      });
      this.queues.set(definition.name, queue);
    }
    return queue as unknown as Queue<Payload>;
  }

  /**
   * Enqueues with a job id derived from the resource and its generation, so an
   * at-least-once retry of the trigger itself does not queue the same work twice.
   */
  async add<Payload>(definition: QueueDefinition<Payload>, jobId: string, payload: Payload, options?: JobsOptions): Promise<void> {
    const queue = this.get(definition) as unknown as Queue;
    await queue.add(definition.name, payload, { ...options, jobId: jobId.replaceAll(':', '_') });
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
  }
}
