/** One slice of a voice's original recording, as the split job cuts it. */
export interface SamplePlan {
  index: number;
  startSeconds: number;
  durationSeconds: number;
}

/** Consecutive slices from 0, at most maxSamples; a last slice shorter than 1 s is dropped. */
export function planSamples(durationSeconds: number, maxSamples: number, sampleDurationSeconds: number): SamplePlan[] {
  const plan: SamplePlan[] = [];
  if (!(durationSeconds > 0) || !(sampleDurationSeconds > 0)) return plan;
  for (let index = 0; index < maxSamples; index++) {
    const startSeconds = index * sampleDurationSeconds;
    const remaining = durationSeconds - startSeconds;
    if (remaining < 1) break;
    plan.push({ index, startSeconds, durationSeconds: roundSeconds(Math.min(sampleDurationSeconds, remaining)) });
  }
  return plan;
}

/** `MM:SS`; minutes keep counting past 59 (`75:03`). */
export function formatTimestamp(totalSeconds: number): string {
  // The epsilon absorbs float noise such as 0.1 * 30 = 2.9999999999999996.
  const whole = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds + 1e-6) : 0;
  const minutes = Math.floor(whole / 60);
  const secs = whole % 60;
  return `${String(minutes).padStart(2, '0')}:${String(secs).padStart(2, '0')}`;
}

/** Durations are stored to the millisecond. */
export function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
