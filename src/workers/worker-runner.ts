import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DelayedError, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { z } from 'zod';
import { JobFailure } from '../domain/shared/job-failure';
import { storageFailureOf } from '../domain/shared/storage-failure';
import type { Logger } from '../logger';
import { jobDuration } from '../observability/metrics';
import type { Platform } from '../platform';
import type { ClaimOptions } from '../queues/fair-scheduler';
import { keyLane, type AnyQueueDefinition } from '../queues/queue-registry';
import { settlesWithin } from '../store/deadline';
import { endSpan, runInSpan } from '../observability/tracing';
import { spanOfJob, startJobSpan } from './job-span';
import { afterFailure, duration, outOfTime, RETRY_STATE_FIELD, retryStateOf, type AfterFailure, type RetryPolicy } from './job-retries';

/** How a lane of an API key (transcripts, completions) starts; other lanes are partners. */
const KEY_LANE = keyLane('');

/**
 * How many times a running job may lose its worker (or its lock) and still be run again.
 * BullMQ's default, one, fails a job interrupted by two independent events: a worker that was
 * killed, then a Redis restart that outlasts the lock of the job's next run (its worker lived,
 * but the lock lapsed while Redis was away). A job that kills its worker three times is
 * still failed, with a reason that says so.
 */
const MAX_STALLS = 2;

/** Past the grace period, how long each step that needs Redis (handing a job back, BullMQ's closing) may wait for it. */
const HAND_BACK_MS = 2_000;

/**
 * How often each worker process renews its slots with the fair scheduler and gives waiting
 * jobs their turn (jobs also start at once when added and whenever one ends: this covers a
 * process that died before starting the next one). Slots not renewed within SLOTS_TTL_MS are
 * no longer counted.
 */
const TURN_INTERVAL_MS = 2_000;
const SLOTS_TTL_MS = 10_000;

/** What a queue's worker does, and what it records when a job has failed for good. */
export interface JobProcessor<Definition extends AnyQueueDefinition = AnyQueueDefinition> {
  queue: Definition;
  concurrency?: number;
  /**
   * `signal` aborts when the job is handed back at shutdown or reaches its `deadline` (epoch
   * ms, JOB_TIMEOUT_SECONDS after its first start): stop, and remove what the attempt made.
   * Engine calls take both, so that no retry of theirs waits past the deadline.
   */
  process(job: Job<z.output<Definition['schema']>>, signal: AbortSignal, deadline: number): Promise<void>;
  /**
   * Stores the readable failure on the resource once BullMQ has given up on the job, for
   * whatever reason. May run more than once for one job: it must be idempotent.
   */
  failed(job: Job<z.output<Definition['schema']>>, reason: string): Promise<void>;
}

/** Lets a list hold processors of different queues while each keeps its own payload type. */
export function processorFor<Definition extends AnyQueueDefinition>(processor: JobProcessor<Definition>): JobProcessor {
  return processor;
}

export interface RunningWorkers {
  /** Finishes active jobs within the grace period, then hands the rest back to the queue. */
  close(graceMs: number): Promise<void>;
}

// BullMQ's own words for the way it gives up on a job without our code failing it (the
// workers set no maxStartedAttempts, so a stall is the one); test/platform/bullmq-contract.test.ts
// holds the pinned BullMQ to them.
const BULLMQ_REASONS: Record<string, string> = {
  'job stalled more than allowable limit': 'The job was interrupted too many times: its worker stopped while running it',
};

export function readableReason(error: unknown): string {
  // A full disk or an unreachable object storage, in the service's words rather than the system's (`ENOSPC: ...`).
  const storage = storageFailureOf(error);
  if (storage) return storage.message;
  if (error instanceof Error && error.message) return BULLMQ_REASONS[error.message] ?? error.message;
  if (typeof error === 'string' && error) return BULLMQ_REASONS[error] ?? error;
  return 'Processing failed for an unknown reason';
}

/** A job this process is running, and how to let go of it at the shutdown deadline. */
interface RunningJob {
  job: Job;
  token: string | undefined;
  handBack: () => void;
  /** Settles once the attempt has stopped, its clean-up done. */
  stopped: Promise<unknown>;
}

/** How this process's workers run jobs; from the configuration, handed down by the composition root. */
export interface WorkerSettings {
  /** Jobs of one queue run at once by this process, unless its processor says otherwise (WORKER_CONCURRENCY). */
  concurrency: number;
  /** How long a running job's lock lasts unless renewed (JOB_LOCK_MS). */
  lockMs: number;
  /** How often stalled jobs are looked for (JOB_STALLED_INTERVAL_MS). */
  stalledIntervalMs: number;
  retries: RetryPolicy;
}

export function startWorkers(platform: Platform, processors: JobProcessor[], settings: WorkerSettings): RunningWorkers {
  const { logger } = platform;
  const policy = settings.retries;
  const running = new Set<RunningJob>();
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const turns: Turns[] = [];
  const workers = processors.map((processor) => {
    const queue = processor.queue.name;
    const concurrency = processor.concurrency ?? settings.concurrency;
    const queueTurns = new Turns(platform, processor.queue, { id: workerId, concurrency });
    turns.push(queueTurns);
    const worker = new Worker(
      queue,
      async (job: Job, token?: string) => {
        let handBack = () => undefined as void;
        const abort = new AbortController();
        const handedBack = new Promise<never>((_resolve, reject) => {
          // BullMQ's signal that the job was moved back to wait by hand: it neither fails nor completes it.
          handBack = () => {
            abort.abort(new Error('The job was handed back at shutdown'));
            reject(new WaitingError());
          };
        });
        const span = startJobSpan(processor.queue, job);
        const attempt = runInSpan(span, () => runAttempt({ processor, job, token, logger, handBack: abort.signal, turns: queueTurns, policy }));
        void attempt.then(
          () => endSpan(span),
          (error: unknown) => endSpan(span, error),
        );
        // Once handed back, the attempt is told to stop and is no longer awaited by BullMQ.
        const stopped = attempt.catch(() => undefined);
        const entry: RunningJob = { job, token, handBack: () => handBack(), stopped };
        running.add(entry);
        try {
          return await Promise.race([attempt, handedBack]);
        } finally {
          running.delete(entry);
        }
      },
      {
        connection: platform.redis.bullmq,
        prefix: platform.queues.bullPrefix,
        concurrency,
        lockDuration: settings.lockMs,
        stalledInterval: settings.stalledIntervalMs,
        maxStalledCount: MAX_STALLS,
      },
    );
    // Every way BullMQ gives up on a job ends here, including a job failed by the stalled
    // checker, which never reaches the processor: the resource records the failure.
    worker.on('failed', (job, error) => {
      if (job && job.finishedOn) void runInSpan(spanOfJob(job), () => recordFailure(processor, job, readableReason(error), logger));
    });
    // Connection errors surface here while ioredis reconnects; they are worth a line, not a crash.
    worker.on('error', (error) => logger.error({ queue, err: error }, 'worker error'));
    return worker;
  });

  for (const queueTurns of turns) queueTurns.start();

  return {
    async close(graceMs: number) {
      // No new turns for this process: its slots stop counting at once.
      for (const queueTurns of turns) queueTurns.stop();
      // BullMQ closes a connection that is still starting (a signal just after the start, on a
      // busy machine) by cutting it, and the failed start is then emitted as an 'error' with no
      // listener left: the process crashed mid-drain. Started connections close politely.
      await settlesWithin(Promise.all(workers.map((worker) => worker.waitUntilReady())), HAND_BACK_MS);
      const graceful = Promise.all(workers.map((worker) => worker.close()));
      // Settled in time: awaited all the same, so a failure to close still reaches the caller.
      if (await settlesWithin(graceful, graceMs)) {
        await graceful;
        return;
      }
      // Past the deadline each job goes straight back to its queue, where another worker
      // takes it at once rather than after a stall timeout; processors are idempotent.
      await Promise.all(
        [...running].map(async ({ job, token, handBack, stopped }) => {
          const moved = job.moveToWait(token);
          try {
            // While Redis is down the move waits for it forever.
            if (!(await settlesWithin(moved, HAND_BACK_MS))) throw new Error('Redis did not answer');
            await moved;
            logger.warn({ queue: job.queueName, jobId: job.id }, 'job handed back at shutdown');
          } catch (error) {
            logger.warn({ queue: job.queueName, jobId: job.id, err: error }, 'job could not be handed back; it will be picked up as stalled');
          }
          handBack();
          // Bounded: an attempt that ignores its signal must not hold the shutdown.
          await settlesWithin(stopped, HAND_BACK_MS);
        }),
      );
      // BullMQ's closing waits for Redis too (its connections quit politely): cut them instead.
      if (await settlesWithin(graceful, HAND_BACK_MS)) {
        await graceful;
        return;
      }
      logger.warn('workers did not close (Redis did not answer); their connections cut');
      await settlesWithin(Promise.all(workers.map((worker) => worker.disconnect())), HAND_BACK_MS);
    },
  };
}

/**
 * What every line about a job says: which job, for whom (the partner, or for transcripts and
 * completions the API key's id), on which resource, started by which request. Read from the
 * raw payload, which may no longer match its queue: whatever parses is told.
 */
function jobFields(definition: AnyQueueDefinition, job: Job): Record<string, unknown> {
  const data = (job.data ?? {}) as { requestId?: unknown };
  const parsed = definition.schema.safeParse(data);
  const lane = parsed.success ? definition.lane(parsed.data) : '';
  return {
    queue: job.queueName,
    jobId: job.id,
    ...(parsed.success && definition.resource && { resource: definition.resource(parsed.data) }),
    ...(lane.startsWith(KEY_LANE) ? { keyId: lane.slice(KEY_LANE.length) } : lane && { partner: lane }),
    ...(typeof data.requestId === 'string' && { requestId: data.requestId }),
  };
}

interface Attempt {
  processor: JobProcessor;
  job: Job;
  token: string | undefined;
  logger: Logger;
  /** Aborts when the job is handed back at shutdown. */
  handBack: AbortSignal;
  turns: Turns;
  policy: RetryPolicy;
}

async function runAttempt({ processor, job, token, logger, handBack, turns, policy }: Attempt): Promise<void> {
  const queue = processor.queue.name;
  // Read before the payload is parsed: the request id and the retry state lie outside the queue's contract.
  const raw = job.data as Record<string, unknown>;
  const fields = jobFields(processor.queue, job);
  const state = retryStateOf(raw);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const deadline = state.deadline ?? Date.now() + policy.jobTimeoutMs;
  const timeUp = new AbortController();
  const timer = setTimeout(() => timeUp.abort(outOfTime(policy)), Math.max(0, deadline - Date.now()));
  const attempt = job.attemptsStarted || job.attemptsMade + 1;
  logger.info({ ...fields, attempt }, 'job started');
  let lane: string | null = null;
  let final = true;
  try {
    // The contract holds on both ends: a payload that no longer parses is a bug, not a retry.
    const parsed = processor.queue.schema.safeParse(job.data);
    if (!parsed.success) throw new JobFailure(`The job's payload does not match the ${queue} queue: ${parsed.error.message}`, false);
    job.data = parsed.data;
    lane = processor.queue.lane(parsed.data);
    await processor.process(job, AbortSignal.any([handBack, timeUp.signal]), deadline);
    jobDuration.observe({ queue, outcome: 'completed' }, seconds());
    logger.info({ ...fields, attempt, durationMs: Math.round(seconds() * 1000), outcome: 'completed' }, 'job ended');
  } catch (thrown) {
    // Handed back: BullMQ no longer waits for this attempt, and the job is another worker's now.
    if (handBack.aborted) throw thrown;
    // Whatever an engine made of the abort, the reason is the deadline.
    const error: unknown = timeUp.signal.aborted ? timeUp.signal.reason : thrown;
    const next = afterFailure(
      error,
      readableReason(error),
      { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1, state, deadline },
      Date.now(),
      policy,
    );
    final = next.kind === 'final';
    const outcome = final ? 'failed' : 'retrying';
    jobDuration.observe({ queue, outcome }, seconds());
    logger.warn(
      {
        ...fields,
        attempt,
        final,
        durationMs: Math.round(seconds() * 1000),
        outcome,
        reason: next.kind === 'final' ? next.reason : readableReason(error),
        ...(next.kind === 'later' && { nextAttemptAt: new Date(next.at).toISOString(), note: next.note }),
      },
      'job attempt failed',
    );
    await retryAsDecided(job, token, raw, next, error);
  } finally {
    clearTimeout(timer);
    // Not awaited: the next job's turn is taken while BullMQ finishes this one, instead of one
    // round trip after the other on every job. Whichever lands first, the slot is counted once
    // (the scheduler frees it only while the job is still active).
    void turns.jobEnded({ jobId: job.id!, lane: lane ?? '', final, durationMs: seconds() * 1000 });
  }
}

/**
 * Hands the failed attempt to BullMQ as decided. Always throws: BullMQ fails the job for good
 * (Unrecoverable), tries it again after its backoff (the error itself), or finds it already
 * moved to wait for its next try (Delayed: no attempt is spent).
 */
async function retryAsDecided(job: Job, token: string | undefined, raw: Record<string, unknown>, next: AfterFailure, error: unknown): Promise<never> {
  if (next.kind === 'final') throw new UnrecoverableError(next.reason);
  if (next.kind === 'counted') throw error;
  // The job's data as it was added (origin included), and the state its next attempt reads.
  await job.updateData({ ...raw, [RETRY_STATE_FIELD]: next.state });
  await job.moveToDelayed(next.at, token);
  throw new DelayedError(`The engine is away; next attempt in ${duration(next.at - Date.now())}`);
}

/**
 * A worker process's part in the fair scheduler for one queue: its slots, renewed every
 * TURN_INTERVAL_MS with a turn for waiting jobs, and a turn whenever one of its jobs ends.
 * A failed turn is logged and never fails a job: the next one makes up for it.
 */
class Turns {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly platform: Platform,
    private readonly queue: AnyQueueDefinition,
    private readonly slots: { id: string; concurrency: number },
  ) {}

  start(): void {
    const tick = () => {
      void this.take({ worker: this.registration(Date.now() + SLOTS_TTL_MS) }).finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, TURN_INTERVAL_MS).unref();
      });
    };
    tick();
  }

  /** Withdraws the slots; not awaited, since during a Redis outage it would wait for Redis (they lapse by themselves). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    void this.take({ worker: this.registration(0) });
  }

  /** `final` when the job will not run again, so its lane's cap counts it no more. */
  async jobEnded(ended: { jobId: string; lane: string; final: boolean; durationMs: number }): Promise<void> {
    const { durationMs, ...attempt } = ended;
    await this.take({ freeing: 1, durationMs, ended: attempt });
  }

  private registration(expiresAtMs: number) {
    return { ...this.slots, expiresAtMs };
  }

  private async take(options: ClaimOptions): Promise<void> {
    try {
      await this.platform.queues.claim(this.queue, options);
    } catch (error) {
      this.platform.logger.warn({ queue: this.queue.name, err: error }, 'fair scheduler turn failed; the next one makes up for it');
    }
  }
}

async function recordFailure(processor: JobProcessor, job: Job, reason: string, logger: Logger): Promise<void> {
  const queue = processor.queue.name;
  const fields = jobFields(processor.queue, job);
  const parsed = processor.queue.schema.safeParse(job.data);
  if (!parsed.success) {
    logger.error({ queue, jobId: job.id, reason }, 'failed job has a payload that does not match its queue; the reconciler will end its record');
    return;
  }
  job.data = parsed.data;
  try {
    await processor.failed(job, reason);
    logger.warn({ ...fields, reason }, 'job failed for good');
  } catch (error) {
    logger.error({ ...fields, reason, err: error }, 'could not record a failed job; the reconciler will end its record');
  }
}
