import { z } from 'zod';

/**
 * How far a running job has come: `done` of `total` units of its current `stage` (total is
 * null when the job cannot know it in advance).
 */
export interface Progress {
  stage: string;
  done: number;
  total: number | null;
  updatedAt: string;
}

/**
 * Progress as a record stores it: tagged with the generation of the job that wrote it, so
 * what a superseded or finished job left behind is never shown as the current job's.
 */
export interface StoredProgress extends Progress {
  generation: number;
}

/** StoredProgress as the record schemas check it in a record of an older layout. */
export const storedProgressSchema = z.object({
  stage: z.string(),
  done: z.number(),
  total: z.number().nullable(),
  updatedAt: z.string(),
  generation: z.number(),
});

/** The callback port through which engines and workers report: units done of the stage's total. */
export type ProgressCallback = (done: number, total: number | null) => void;

/** Percent done, to one decimal; null when the total is unknown. */
export function percentOf(progress: Pick<Progress, 'done' | 'total'>): number | null {
  if (progress.total === null) return null;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.round((progress.done / progress.total) * 1000) / 10);
}

/** The stored progress when it belongs to the job now running at `generation`, else null. */
export function progressOf(stored: StoredProgress | null, running: boolean, generation: number): Progress | null {
  if (!stored || !running || stored.generation !== generation) return null;
  const { generation: _generation, ...progress } = stored;
  return progress;
}

/** At most one progress write per resource in this long, so about four events a second. */
const PROGRESS_INTERVAL_MS = 250;

/** Time as the throttle sees it; tests drive their own. */
export interface ProgressClock {
  now(): number;
  /** Runs `task` after `ms`; the returned function cancels it. */
  schedule(task: () => void, ms: number): () => void;
}

const systemClock: ProgressClock = {
  now: () => Date.now(),
  schedule(task, ms) {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  },
};

/** What a job holds while it runs: reports go out throttled, the job's own state changes do not. */
export interface ProgressReporter {
  /** Notes `done` of `total` for `stage`. Sent at once when the interval allows, else the newest report goes out when it ends. */
  report(stage: string, done: number, total: number | null): void;
  /** Sends the report still waiting and waits for every write: call it before the job's final write. */
  flush(): Promise<void>;
  /** Drops the report still waiting and waits for writes under way; later reports are ignored. */
  stop(): Promise<void>;
  /**
   * As `stop`, then takes the progress written off the record: the attempt failed, and what it
   * reached means nothing to the next one (meanwhile the record says why it waits, in `queue`).
   */
  clear(): Promise<void>;
}

/**
 * A reporter that writes at most once per interval, always the newest report, one write at a
 * time. Writes are chained, so each lands in report order, and `flush` or `stop` returns only
 * when the last has: the caller's final write can then never be overtaken by progress.
 * A failed progress write is dropped, since progress must never fail the job it describes.
 */
export function throttledProgress(
  write: (progress: Progress | null) => Promise<unknown>,
  options: { intervalMs?: number; clock?: ProgressClock } = {},
): ProgressReporter {
  const intervalMs = options.intervalMs ?? PROGRESS_INTERVAL_MS;
  const clock = options.clock ?? systemClock;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let waiting: Omit<Progress, 'updatedAt'> | null = null;
  let cancelTimer: (() => void) | null = null;
  let writes: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const send = () => {
    cancelTimer?.();
    cancelTimer = null;
    if (!waiting) return;
    const progress: Progress = { ...waiting, updatedAt: new Date(clock.now()).toISOString() };
    waiting = null;
    lastSentAt = clock.now();
    writes = writes.then(() => write(progress)).catch(() => undefined);
  };

  return {
    report(stage, done, total) {
      if (stopped) return;
      waiting = { stage, done, total };
      if (cancelTimer) return;
      const wait = lastSentAt + intervalMs - clock.now();
      if (wait <= 0) send();
      else cancelTimer = clock.schedule(send, wait);
    },
    async flush() {
      if (!stopped) send();
      stopped = true;
      await writes;
    },
    async stop() {
      stopped = true;
      waiting = null;
      send();
      await writes;
    },
    async clear() {
      await this.stop();
      await write(null).catch(() => undefined);
    },
  };
}

/**
 * Runs a job's work with its reporter: on success the last report is sent, on failure the
 * progress is cleared, and either way every progress write has landed before the caller's
 * final write.
 */
export async function withProgress<T>(reporter: ProgressReporter, work: (reporter: ProgressReporter) => Promise<T>): Promise<T> {
  try {
    const result = await work(reporter);
    await reporter.flush();
    return result;
  } catch (error) {
    await reporter.clear();
    throw error;
  }
}
