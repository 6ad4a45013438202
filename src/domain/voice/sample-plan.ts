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

/** A stretch without sound in the original, in seconds from its start. */
export interface Pause {
  startSeconds: number;
  endSeconds: number;
}

/** A curated slice: where it lies in the original, and which of its ends had to cut into sound. */
export interface CuratedSamplePlan extends SamplePlan {
  cutInSpeech: { start: boolean; end: boolean };
}

/** What the split looks for: at least this long and below this level. */
export const PAUSE_SETTINGS = { thresholdDb: -50, minSeconds: 0.3 };
/** Curated samples never peak above this (EBU R128's true peak, dBTP, of the Opus file). */
export const SAMPLE_TRUE_PEAK_DBTP = -1;
/** A pause this long ends a stretch of speech: no sample spans it. */
const LONG_PAUSE_SECONDS = 2;
/** Silence kept before and after the speech of a sample (at most half the pause it lies in). */
const MARGIN_SECONDS = 0.2;
/** A cut may move this far from sample_duration to reach a pause. */
const CUT_TOLERANCE = 0.2;
const MIN_SAMPLE_SECONDS = 5;
const MAX_SAMPLE_SECONDS = 60;
/** The shortest sample kept when the recording has no stretch of speech as long as MIN_SAMPLE_SECONDS. */
const SHORTEST_SAMPLE_SECONDS = 1;
/** A sample whose sound is less than this share of it would be mostly silence. */
const MIN_SOUND_SHARE = 0.5;

/** A stretch of sound between two pauses, with the length of silence on either side of it. */
interface Sound {
  start: number;
  end: number;
  silenceBefore: number;
  silenceAfter: number;
}

/**
 * Slices that follow the speech: each cut lies in the pause nearest to `sampleDurationSeconds`
 * from the slice's start, within ±20% of it (and within 5-60 s), and moves into speech only when
 * no pause lies there; each slice keeps a short margin of its pauses and no slice spans a
 * pause of LONG_PAUSE_SECONDS or more, so long silences are left out. Slices shorter than 5 s
 * (the end of a stretch of speech) are dropped unless the recording has nothing longer.
 */
export function planCuratedSamples(durationSeconds: number, pauses: readonly Pause[], maxSamples: number, sampleDurationSeconds: number): CuratedSamplePlan[] {
  if (!(durationSeconds > 0) || !(sampleDurationSeconds > 0) || maxSamples < 1) return [];
  const sounds = soundsBetween(durationSeconds, pauses);
  const plan = curatedSlices(sounds, maxSamples, sampleDurationSeconds, MIN_SAMPLE_SECONDS);
  return plan.length > 0 ? plan : curatedSlices(sounds, maxSamples, sampleDurationSeconds, SHORTEST_SAMPLE_SECONDS);
}

function soundsBetween(durationSeconds: number, pauses: readonly Pause[]): Sound[] {
  const sounds: Sound[] = [];
  let cursor = 0;
  let silenceBefore = 0;
  const ordered = [...pauses].sort((a, b) => a.startSeconds - b.startSeconds);
  for (const pause of ordered) {
    const start = Math.max(0, Math.min(durationSeconds, pause.startSeconds));
    const end = Math.max(start, Math.min(durationSeconds, pause.endSeconds));
    if (start > cursor) sounds.push({ start: cursor, end: start, silenceBefore, silenceAfter: end - start });
    // Overlapping pauses merge; the silence before the next sound is what lies since the last sound.
    silenceBefore = start > cursor ? end - start : silenceBefore + Math.max(0, end - Math.max(cursor, start));
    cursor = Math.max(cursor, end);
  }
  if (cursor < durationSeconds) sounds.push({ start: cursor, end: durationSeconds, silenceBefore, silenceAfter: 0 });
  return sounds;
}

/** Runs of sounds that no long pause separates: speech the samples may be cut from. */
function stretchesOf(sounds: Sound[]): Sound[][] {
  const stretches: Sound[][] = [];
  for (const sound of sounds) {
    const current = stretches.at(-1);
    if (current && sound.silenceBefore < LONG_PAUSE_SECONDS) current.push(sound);
    else stretches.push([sound]);
  }
  return stretches;
}

function curatedSlices(sounds: Sound[], maxSamples: number, sampleDurationSeconds: number, minSeconds: number): CuratedSamplePlan[] {
  const margin = (silence: number) => Math.min(MARGIN_SECONDS, silence / 2);
  const longest = Math.min(sampleDurationSeconds * (1 + CUT_TOLERANCE), MAX_SAMPLE_SECONDS - 2 * MARGIN_SECONDS);
  const shortest = Math.max(sampleDurationSeconds * (1 - CUT_TOLERANCE), MIN_SAMPLE_SECONDS - 2 * MARGIN_SECONDS);
  const plan: CuratedSamplePlan[] = [];
  const add = (from: number, to: number, cutInSpeech: CuratedSamplePlan['cutInSpeech'], stretch: Sound[]) => {
    const length = to - from;
    const sound = stretch.reduce((sum, each) => sum + Math.max(0, Math.min(to, each.end) - Math.max(from, each.start)), 0);
    if (length >= minSeconds && sound >= length * MIN_SOUND_SHARE && plan.length < maxSamples) {
      plan.push({ index: plan.length, startSeconds: roundSeconds(from), durationSeconds: roundSeconds(length), cutInSpeech });
    }
  };

  for (const stretch of stretchesOf(sounds)) {
    const last = stretch.at(-1)!;
    const stretchEnd = last.end + margin(last.silenceAfter);
    // Where the slice being planned starts: at a sound (after its margin of pause) or at a cut in speech.
    let from = stretch[0]!.start - margin(stretch[0]!.silenceBefore);
    let startsInSpeech = false;
    let next = 0;
    while (plan.length < maxSamples) {
      if (stretchEnd - from <= longest) {
        add(from, stretchEnd, { start: startsInSpeech, end: false }, stretch);
        break;
      }
      // Of the pauses that reach into the window of lengths allowed, the one whose cut comes
      // nearest to the target; a cut stays a margin away from the speech on either side.
      let best: { index: number; to: number } | null = null;
      for (let index = next; index < stretch.length - 1; index++) {
        const sound = stretch[index]!;
        const pauseEnd = stretch[index + 1]!.start;
        const edge = margin(sound.silenceAfter);
        if (sound.end + edge - from > longest) break;
        if (pauseEnd - edge - from < shortest) continue;
        const to = Math.min(Math.max(sound.end + edge, from + shortest), from + longest);
        if (!best || Math.abs(to - from - sampleDurationSeconds) < Math.abs(best.to - from - sampleDurationSeconds)) best = { index, to };
      }
      if (best) {
        add(from, best.to, { start: startsInSpeech, end: false }, stretch);
        next = best.index + 1;
        const following = stretch[next]!;
        from = following.start - margin(following.silenceBefore);
        startsInSpeech = false;
      } else {
        const to = from + sampleDurationSeconds;
        add(from, to, { start: startsInSpeech, end: true }, stretch);
        from = to;
        startsInSpeech = true;
        while (next < stretch.length - 1 && stretch[next]!.end <= from) next++;
      }
    }
  }
  return plan;
}
