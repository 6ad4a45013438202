import { EngineUnavailable } from '../domain/shared/engine-error';
import { JobFailure } from '../domain/shared/job-failure';

/** How long jobs may take, and how they are tried again; from the configuration, handed down by the composition root. */
export interface RetryPolicy {
  /**
   * The most a job may take from its first start, through its waits for an engine that was
   * away (JOB_TIMEOUT_SECONDS). An ordinary new attempt (one of the queue's attempts: a
   * webhook delivery's are hours apart) has as long again.
   */
  jobTimeoutMs: number;
  /** How long after a job's first transient engine failure it is still tried again (ENGINE_RETRY_WINDOW_SECONDS); 0: never. */
  windowMs: number;
  /** The wait before the first such retry, doubled for each next one up to MAX_BACKOFF_MS (ENGINE_RETRY_BACKOFF_SECONDS). */
  backoffMs: number;
}

/** The longest wait between two tries of a job whose engine is away: a restarted engine is found within a minute. */
export const MAX_BACKOFF_MS = 60_000;

/**
 * What a job carries from one attempt to the next, outside its payload's contract (as its
 * origin is), written only when an attempt fails: a job that succeeds costs no write.
 */
export interface RetryState {
  /** When the job must be done (epoch ms): the start of the attempt that first met an engine away, plus JOB_TIMEOUT_SECONDS. */
  deadline?: number;
  /** When its engine first failed transiently. */
  firstFailedAt?: number;
  /** Tries given to an engine that was away. */
  retries: number;
}

/** The field of a job's data that holds its RetryState. */
export const RETRY_STATE_FIELD = 'retryState';

/** The state a job's raw data carries; anything unreadable counts as a first attempt. */
export function retryStateOf(data: unknown): RetryState {
  const stored = (data as Record<string, unknown> | null)?.[RETRY_STATE_FIELD] as Partial<Record<keyof RetryState, unknown>> | undefined;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  return { deadline: number(stored?.deadline), firstFailedAt: number(stored?.firstFailedAt), retries: number(stored?.retries) ?? 0 };
}

/** Why an attempt was stopped at the job's deadline; final, since the time is up. */
export function outOfTime(policy: RetryPolicy): JobFailure {
  return new JobFailure(`The job ran out of time: it did not finish within ${duration(policy.jobTimeoutMs)} (JOB_TIMEOUT_SECONDS)`, false);
}

/**
 * What follows a failed attempt:
 * - `final`: the job fails for good, with `reason` stored on its resource;
 * - `counted`: BullMQ tries again after its backoff, spending one of the queue's attempts
 *   (a failure that is neither final nor an engine that is away), with a deadline of its own;
 * - `later`: the engine was away (EngineUnavailable): the job waits until `at` and runs again,
 *   without spending an attempt, while the window and the deadline allow.
 */
export type AfterFailure = { kind: 'final'; reason: string } | { kind: 'counted' } | { kind: 'later'; at: number; state: RetryState; note?: string };

export function afterFailure(
  error: unknown,
  reason: string,
  job: { attemptsMade: number; attempts: number; state: RetryState; deadline: number },
  now: number,
  policy: RetryPolicy,
): AfterFailure {
  if (error instanceof JobFailure && !error.retryable) return { kind: 'final', reason };
  if (!(error instanceof EngineUnavailable)) {
    return job.attemptsMade + 1 >= job.attempts ? { kind: 'final', reason } : { kind: 'counted' };
  }
  if (policy.windowMs <= 0) return { kind: 'final', reason };
  const firstFailedAt = job.state.firstFailedAt ?? now;
  const windowEnd = firstFailedAt + policy.windowMs;
  const backoff = Math.min(policy.backoffMs * 2 ** job.state.retries, MAX_BACKOFF_MS);
  const lastStart = Math.min(windowEnd, job.deadline);
  if (now + backoff > lastStart) {
    return { kind: 'final', reason: `${reason}; still failing after ${job.state.retries + 1} tries over ${duration(now - firstFailedAt)}` };
  }
  const next: RetryState = { deadline: job.deadline, firstFailedAt, retries: job.state.retries + 1 };
  const asked = error.retryAfterMs ?? 0;
  if (now + asked <= lastStart) return { kind: 'later', at: now + Math.max(backoff, asked), state: next };
  if (windowEnd < job.deadline) {
    const note = `the engine asked to wait ${duration(asked)} (Retry-After), past the retry window: trying once more at its end`;
    return { kind: 'later', at: windowEnd, state: next, note };
  }
  return { kind: 'final', reason: `${reason}; the engine asked to wait ${duration(asked)}, past the job's deadline` };
}

/** A span of time as people say it: `45 s`, `10 min`, `1 h 30 min`. */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return ms < 1000 && ms > 0 ? `${Number((ms / 1000).toFixed(1))} s` : `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
