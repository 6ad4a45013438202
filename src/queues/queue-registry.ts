import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import type { z } from 'zod';

/**
 * A queue's contract, importable by producers without the processor: its name, the zod
 * schema of its payload (parsed when a job is added and again when it is processed), and
 * the one function that derives a job's id from its payload.
 */
export interface QueueDefinition<Schema extends z.ZodType = z.ZodType, Key = z.output<Schema>> {
  readonly name: string;
  readonly schema: Schema;
  /**
   * Derived from the resource and its generation (the key: the payload's fields that name
   * the work), so re-adding the same work is a no-op and a remove finds the job.
   */
  jobId(key: Key): string;
  readonly defaultJobOptions?: JobsOptions;
}

// `any`: a definition's key is narrower than its payload, and every key must fit here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQueueDefinition = QueueDefinition<z.ZodType, any>;
export type PayloadOf<Definition extends AnyQueueDefinition> = z.output<Definition['schema']>;
export type JobKeyOf<Definition extends AnyQueueDefinition> = Parameters<Definition['jobId']>[0];

// BullMQ keys jobs as `<prefix>:<queue>:<id>`; a colon inside an id would read as a key separator.
const JOB_ID = /^[A-Za-z0-9_.-]+$/;

export function defineQueue<Schema extends z.ZodType, Key>(definition: {
  name: string;
  schema: Schema;
  jobId: (key: Key) => string;
  defaultJobOptions?: JobsOptions;
}): QueueDefinition<Schema, Key> {
  return {
    ...definition,
    jobId(key) {
      const id = definition.jobId(key);
      if (!JOB_ID.test(id)) throw new Error(`Queue ${definition.name} derived an invalid job id: ${id}`);
      return id;
    },
  };
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
    private readonly connection: ConnectionOptions,
    readonly prefix: string,
  ) {}

  /**
   * The BullMQ prefix every queue and worker of this deployment shares. BullMQ's scripts
   * touch several keys of a queue at once, so on a Redis Cluster those keys must share a
   * slot: the braces make the whole prefix the hash tag, as BullMQ's documentation asks.
   */
  get bullPrefix(): string {
    return `{${this.prefix}:bull}`;
  }

  get(definition: AnyQueueDefinition): Queue {
    let queue = this.queues.get(definition.name);
    if (!queue) {
      queue = new Queue(definition.name, {
        connection: this.connection,
        prefix: this.bullPrefix,
        defaultJobOptions: { ...standardJobOptions, ...definition.defaultJobOptions },
      });
      this.queues.set(definition.name, queue);
    }
    return queue;
  }

  /**
   * `requestId` names the request that asked for the job, when one did: the doors pass it
   * down explicitly, and the worker logs the job's lines with it.
   */
  async add<Definition extends AnyQueueDefinition>(definition: Definition, payload: PayloadOf<Definition>, requestId?: string): Promise<void> {
    await this.addBulk(definition, [payload], requestId);
  }

  /** One round trip for many jobs; each payload is checked against the contract first. */
  async addBulk<Definition extends AnyQueueDefinition>(
    definition: Definition,
    payloads: PayloadOf<Definition>[],
    requestId?: string,
    options?: JobsOptions,
  ): Promise<void> {
    if (payloads.length === 0) return;
    // Outside the contract: the worker reads it for its log lines before parsing the payload.
    const jobs = payloads.map((payload) => {
      const data = definition.schema.parse(payload);
      return { name: definition.name, data: requestId ? { ...(data as object), requestId } : data, opts: { ...options, jobId: definition.jobId(data) } };
    });
    await this.get(definition).addBulk(jobs);
  }

  /**
   * Takes a waiting or delayed job off its queue. An active job is locked and stays: it
   * finds itself superseded through its generation.
   */
  async remove<Definition extends AnyQueueDefinition>(definition: Definition, key: JobKeyOf<Definition>): Promise<void> {
    await this.get(definition)
      .remove(definition.jobId(key))
      .catch(() => 0);
  }

  /** Job counts by state of every queue this process has opened, for the metrics scrape. */
  async jobCounts(): Promise<Record<string, Record<string, number>>> {
    const entries = await Promise.all(
      [...this.queues.values()].map(async (queue) => [queue.name, await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')] as const),
    );
    return Object.fromEntries(entries);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
  }

  /** Cuts the queues' connections at once, for a shutdown that cannot wait for Redis. */
  async disconnect(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.disconnect()));
  }
}
