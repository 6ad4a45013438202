import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { EngineError } from '../engines/engine-error';
import type { Platform } from '../platform';
import type { QueueDefinition } from '../queues/queue-registry';

/** What a queue's worker does, and what it records when a job has failed for good. */
export interface JobProcessor<Payload> {
  queue: QueueDefinition<Payload>;
  concurrency?: number;
  process(job: Job<Payload>): Promise<void>;
  /** Stores the readable failure on the resource; runs once, after the last attempt. */
  failed(job: Job<Payload>, reason: string): Promise<void>;
}

export interface RunningWorkers {
  /** Finishes active jobs within the grace period, then hands the rest back to the queue. */
  close(graceMs: number): Promise<void>;
}

export function readableReason(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Processing failed for an unknown reason';
}

export function startWorkers(platform: Platform, processors: JobProcessor<never>[]): RunningWorkers {
  const workers = processors.map((processor) => {
    const worker = new Worker(
      processor.queue.name,
      async (job: Job) => {
        try {
          await processor.process(job as Job<never>);
        } catch (error) {
          const attempts = job.opts.attempts ?? 1;
          const final = (error instanceof EngineError && !error.retryable) || job.attemptsMade + 1 >= attempts;
          if (!final) throw error;
          await processor.failed(job as Job<never>, readableReason(error));
          // Marked unrecoverable so BullMQ does not retry what we already recorded as failed.
          throw new UnrecoverableError(readableReason(error));
        }
      },
      {
        connection: platform.redis.bullmq,
        prefix: `${platform.config.REDIS_PREFIX}:bull`,
        concurrency: processor.concurrency ?? platform.config.WORKER_CONCURRENCY,
      },
    );
    worker.on('error', () => undefined);
    return worker;
  });

  return {
    async close(graceMs: number) {
      const graceful = Promise.all(workers.map((worker) => worker.close()));
      const timedOut = await Promise.race([
        graceful.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
      ]);
      // Past the grace period the jobs are left unfinished; their locks lapse and another
      // worker picks them up as stalled, which idempotent processors allow.
      if (timedOut) await Promise.all(workers.map((worker) => worker.close(true)));
    },
  };
}
