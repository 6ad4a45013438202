import { Queue, type ConnectionOptions, type Job, type JobsOptions } from 'bullmq';
import { z } from 'zod';
import DataLoader from 'dataloader';
import { PARK_MS, type ClaimOptions, type FairScheduler } from './fair-scheduler';
import { engineWait, waitOf, type EngineBacklog, type QueueWait } from './queue-wait';
import { traceCarrier, type TraceCarrier } from '../observability/tracing';

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
  /**
   * The lane a job waits in for its turn: the partner it is for, or the API key that asked
   * (transcripts and completions belong to a key). Lanes share the queue's workers in turn.
   */
  lane(payload: z.output<Schema>): string;
  /** The id of the resource the job works on (a voice, a document, a transcript), for its log lines. */
  resource?(payload: z.output<Schema>): string;
  readonly defaultJobOptions?: JobsOptions;
}

// `any`: a definition's key is narrower than its payload, and every key must fit here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQueueDefinition = QueueDefinition<z.ZodType, any>;
export type PayloadOf<Definition extends AnyQueueDefinition> = z.output<Definition['schema']>;
export type JobKeyOf<Definition extends AnyQueueDefinition> = Parameters<Definition['jobId']>[0];

/**
 * Who a job is for, in its payload: the partner, or for transcripts and completions the API
 * key's id. It names the job's lane in the fair scheduler. Jobs queued before lanes existed
 * carry none and share the lane ''.
 */
export const ownerField = z.string().default('');

/** Transcripts and completions belong to the API key that submitted them: the key is their lane. */
export const keyLane = (keyId: string): string => `key:${keyId}`;

// BullMQ keys jobs as `<prefix>:<queue>:<id>`; a colon inside an id would read as a key separator.
const JOB_ID = /^[A-Za-z0-9_.-]+$/;

export function defineQueue<Schema extends z.ZodType, Key>(definition: {
  name: string;
  schema: Schema;
  jobId: (key: Key) => string;
  lane: (payload: z.output<Schema>) => string;
  resource?: (payload: z.output<Schema>) => string;
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

/**
 * Where work comes from, carried with its job outside the payload's contract: the request
 * that asked for it (for log lines), and whether it is bulk work (a batch import, a bulk
 * rewrite), which waits behind the same partner's interactive work. A job that queues a
 * follow-up passes its own origin on (`originOf`).
 */
export interface JobOrigin {
  requestId?: string;
  bulk?: boolean;
  /**
   * The trace the job belongs to, when it was asked for outside the work under way (a webhook
   * delivery queued from the outbox carries the trace of the write that left it); otherwise
   * the active span's, read when the job is added. Empty when tracing is off.
   */
  trace?: TraceCarrier;
}

/**
 * The trace context of the work under way, for work queued later on its behalf (the outbox
 * entries of a write): `JobOrigin.trace` when that work is queued. Empty when tracing is off.
 */
export function traceOrigin(): TraceCarrier {
  return traceCarrier();
}

/** The origin a job was added with, for the follow-up work it queues. */
export function originOf(job: Job): JobOrigin {
  const data = (job.data ?? {}) as { requestId?: unknown; bulk?: unknown };
  return {
    ...(typeof data.requestId === 'string' && { requestId: data.requestId }),
    ...(data.bulk === true && { bulk: true }),
  };
}

/**
 * Opens each BullMQ queue once per process, all under the deployment's key prefix. Every job
 * goes through the fair scheduler: added parked, in its lane, and started in turn.
 */
export class QueueRegistry {
  private readonly queues = new Map<string, Queue>();
  /**
   * Waits asked for in the same tick (every resource of a list, every subscriber refreshed
   * after a queue moved) are answered from one snapshot per queue. Nothing is cached.
   */
  private readonly waits = new DataLoader<{ queue: string; jobId: string }, QueueWait | null, string>((keys) => this.readWaits(keys), {
    cache: false,
  });

  constructor(
    private readonly connection: ConnectionOptions,
    readonly prefix: string,
    readonly scheduler: FairScheduler,
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
   * `origin.requestId` names the request that asked for the job, when one did: the doors pass
   * it down explicitly, and the worker logs the job's lines with it.
   */
  async add<Definition extends AnyQueueDefinition>(definition: Definition, payload: PayloadOf<Definition>, origin?: JobOrigin): Promise<void> {
    await this.addBulk(definition, [payload], origin);
  }

  /**
   * One round trip for many jobs, then one to the scheduler; each payload is checked against
   * the contract first. The jobs wait parked in their lanes until their turn.
   */
  async addBulk<Definition extends AnyQueueDefinition>(
    definition: Definition,
    payloads: PayloadOf<Definition>[],
    origin: JobOrigin = {},
    options?: JobsOptions,
  ): Promise<void> {
    if (payloads.length === 0) return;
    const fair = this.scheduler.enabled;
    // The W3C trace context (`traceparent`), so the worker's span joins the request's trace.
    const { trace, ...rest } = origin;
    const carried = { ...rest, ...(trace ?? traceCarrier()) };
    const jobs = payloads.map((payload) => {
      const data = definition.schema.parse(payload) as object;
      // Outside the contract: the worker reads the origin before parsing the payload.
      return { name: definition.name, data: { ...data, ...carried }, opts: { ...options, jobId: definition.jobId(data), ...(fair && { delay: PARK_MS }) } };
    });
    const queue = this.get(definition);
    await queue.addBulk(jobs);
    if (!fair) return;
    // A process that dies here leaves its jobs parked without a lane: the maintenance run
    // finds them (see `parkedWithoutLane`) and puts them in line.
    await this.scheduler.enqueueAndClaim(
      queue,
      jobs.map((job) => ({ jobId: job.opts.jobId, lane: definition.lane(job.data), bulk: origin.bulk === true })),
    );
  }

  /**
   * Starts the next jobs in turn as far as free worker slots allow: after a job ends (with
   * the slot it frees), and now and then from every worker process.
   */
  async claim(definition: AnyQueueDefinition, options: ClaimOptions = {}): Promise<string[]> {
    if (!this.scheduler.enabled) return [];
    return this.scheduler.enqueueAndClaim(this.get(definition), [], options);
  }

  /** Why the job of `key` has not started, and when it should; null when it runs (and its engine reports no backlog) or is gone. */
  waitOf<Definition extends AnyQueueDefinition>(definition: Definition, key: JobKeyOf<Definition>): Promise<QueueWait | null> {
    this.get(definition);
    return this.waits.load({ queue: definition.name, jobId: definition.jobId(key) });
  }

  /** Where a running job stands in its engine's own backlog; undefined when the engine no longer reports one. */
  async reportEngineBacklog(definition: AnyQueueDefinition, jobId: string, backlog: EngineBacklog | undefined): Promise<void> {
    await this.scheduler.reportEngineBacklog(this.get(definition), jobId, backlog);
  }

  private async readWaits(keys: readonly { queue: string; jobId: string }[]): Promise<(QueueWait | null)[]> {
    const byQueue = new Map<string, string[]>();
    for (const { queue, jobId } of keys) byQueue.set(queue, [...(byQueue.get(queue) ?? []), jobId]);
    const now = Date.now();
    const snapshots = new Map(
      await Promise.all([...byQueue].map(async ([name, jobIds]) => [name, await this.scheduler.snapshot(this.queues.get(name)!, jobIds)] as const)),
    );
    return keys.map(({ queue, jobId }) => {
      const snapshot = snapshots.get(queue)!;
      const job = snapshot.jobs.get(jobId);
      if (job?.state === 'active') return job.engineBacklog ? engineWait(job.engineBacklog) : null;
      return waitOf(snapshot, jobId, (lane) => this.scheduler.strideOf(lane), this.scheduler.maxRunningPerLane, now);
    });
  }

  /**
   * Puts in line the jobs left parked without a lane by a process that died while adding them
   * (they keep their origin, which the job carries); how many. With fair scheduling switched
   * off, starts every parked job instead, which nothing else would.
   */
  async relaneParked(definition: AnyQueueDefinition): Promise<number> {
    const queue = this.get(definition);
    const parked = await this.scheduler.parkedJobs(queue);
    if (!this.scheduler.enabled) {
      await Promise.all(parked.map(async ({ jobId }) => (await queue.getJob(jobId))?.promote().catch(() => undefined)));
      return parked.length;
    }
    const jobIds = parked.filter((job) => !job.laned).map((job) => job.jobId);
    const jobs = (await Promise.all(jobIds.map((jobId) => queue.getJob(jobId)))).filter((job) => job !== undefined);
    const entries = jobs.flatMap((job) => {
      const parsed = definition.schema.safeParse(job.data);
      // A payload that no longer parses is failed by its worker when it runs: it keeps the shared lane.
      const lane = parsed.success ? definition.lane(parsed.data) : '';
      return [{ jobId: job.id!, lane, bulk: originOf(job).bulk === true }];
    });
    if (entries.length > 0) await this.scheduler.enqueueAndClaim(queue, entries);
    return entries.length;
  }

  /**
   * Takes a waiting or delayed job off its queue. An active job is locked and stays: it
   * finds itself superseded through its generation.
   */
  async remove<Definition extends AnyQueueDefinition>(definition: Definition, key: JobKeyOf<Definition>): Promise<void> {
    const queue = this.get(definition);
    const jobId = definition.jobId(key);
    await this.scheduler.unpark(queue, jobId);
    await queue.remove(jobId).catch(() => 0);
  }

  /**
   * Job counts by state of every queue this process has opened, for the metrics scrape. Jobs
   * parked for their turn count as waiting (BullMQ counts them delayed), and by lane.
   */
  async jobCounts(): Promise<Record<string, { states: Record<string, number>; waitingByLane: Record<string, number> }>> {
    const entries = await Promise.all(
      [...this.queues.values()].map(async (queue) => {
        const [states, snapshot] = await Promise.all([queue.getJobCounts('waiting', 'active', 'delayed', 'failed'), this.scheduler.snapshot(queue)]);
        const waitingByLane = Object.fromEntries(snapshot.lanes.map((lane) => [lane.lane, lane.interactive + lane.bulk]));
        const parked = snapshot.lanes.reduce((sum, lane) => sum + lane.interactive + lane.bulk, 0);
        const adjusted = { ...states, waiting: (states.waiting ?? 0) + parked, delayed: Math.max(0, (states.delayed ?? 0) - parked) };
        return [queue.name, { states: adjusted, waitingByLane }] as const;
      }),
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
