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

/** The callback port through which engines and workers report: units done of the stage's total. */
export type ProgressCallback = (done: number, total: number | null) => void;

/** Percent done, to one decimal; null when the total is unknown. */
export function percentOf(progress: Pick<Progress, 'done' | 'total'>): number | null {
  if (progress.total === null) return null;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.round((progress.done / progress.total) * 1000) / 10);
}

/** The stored progress when it belongs to the job now running at `generation`, else null. */
export function progressOf(stored: StoredProgress | null | undefined, running: boolean, generation: number): Progress | null {
  if (!stored || !running || stored.generation !== generation) return null;
  const { generation: _generation, ...progress } = stored;
  return progress;
}
