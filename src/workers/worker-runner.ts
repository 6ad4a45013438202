import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { z } from 'zod';
import { EngineError } from '../domain/shared/engine-error';
import type { Platform } from '../platform';
import type { AnyQueueDefinition } from '../queues/queue-registry';

/** What a queue's worker does, and what it records when a job has failed for good. */
export interface JobProcessor<Definition extends AnyQueueDefinition = AnyQueueDefinition> {
  queue: Definition;
  concurrency?: number;
  process(job: Job<z.output<Definition['schema']>>): Promise<void>;
  /** Stores the readable failure on the resource; runs once, after the last attempt. */
  failed(job: Job<z.output<Definition['schema']>>, reason: string): Promise<void>;
}

/** Lets a list hold processors of different queues while each keeps its own payload type. */
export function processorFor<Definition extends AnyQueueDefinition>(processor: JobProcessor<Definition>): JobProcessor {
  return processor as unknown as JobProcessor;
}

export interface RunningWorkers {
  /** Finishes active jobs within the grace period, then hands the rest back to the queue. */
  close(graceMs: number): Promise<void>;
}

export function readableReason(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Processing failed for an unknown reason';
}

export function startWorkers(platform: Platform, processors: JobProcessor[]): RunningWorkers {
  const { logger } = platform;
  const workers = processors.map((processor) => {
    const queue = processor.queue.name;
    const worker = new Worker(
      queue,
      async (job: Job) => {
        try {
          // The contract holds on both ends: a payload that no longer parses is a bug, not a retry.
          const parsed = processor.queue.schema.safeParse(job.data);
          if (!parsed.success) throw new EngineError(`The job's payload does not match the ${queue} queue: ${parsed.error.message}`, false);
          job.data = parsed.data;
          await processor.process(job);
        } catch (error) {
          const attempts = job.opts.attempts ?? 1;
          const final = (error instanceof EngineError && !error.retryable) || job.attemptsMade + 1 >= attempts;
          logger.warn({ queue, jobId: job.id, attempt: job.attemptsMade + 1, final, reason: readableReason(error) }, 'job attempt failed');
          if (!final) throw error;
          await processor.failed(job, readableReason(error));
          // Marked unrecoverable so BullMQ does not retry what we already recorded as failed.
          throw new UnrecoverableError(readableReason(error));
        }
      },
      {
        connection: platform.redis.bullmq,
        prefix: platform.queues.bullPrefix,
        concurrency: processor.concurrency ?? platform.config.WORKER_CONCURRENCY,
      },
    );
    // Connection errors surface here while ioredis reconnects; they are worth a line, not a crash.
    worker.on('error', (error) => logger.error({ queue, err: error }, 'worker error'));
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
