import type { SpeakerVoice, Utterance } from '../../domain/transcription/transcript.types';
import { MAX_KNOWN_SPEAKERS } from '../diarizing-speech-to-text.client';

/** OpenAI's bounds on a reference clip, in milliseconds. */
export const MIN_CLIP_MS = 2_000;
export const MAX_CLIP_MS = 10_000;

/** A stretch of the recording, in milliseconds. */
export interface ClipStretch {
  start: number;
  end: number;
}

/** A speaker the next request names, and what it is recognised by. */
export interface PlannedReference {
  /** The name sent in known_speaker_names[]. */
  name: string;
  /** The label the transcript gives the speaker. */
  label: string;
  /** A named voice's sample, or a stretch of the recording where only this speaker speaks. */
  source: { voice: SpeakerVoice } | { stretch: ClipStretch };
}

interface Speaker {
  label: string;
  voice: SpeakerVoice | null;
  speakingMs: number;
  /** The speaker's longest stretch alone so far, cut to at most MAX_CLIP_MS; null while none lasted MIN_CLIP_MS. */
  clip: ClipStretch | null;
  order: number;
}

/** A turn as the engine labelled it, already on the recording's timeline. */
export type EngineTurn = Utterance;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Keeps a speaker's label the same across the segments of one recording. The engine labels
 * each request on its own (a new voice is `A` in every request), so every request after the
 * first names the speakers found so far, each with a clip of their own voice; the engine then
 * answers with those names, which map back to the labels given first. Named voices
 * (speaker_voices) are named from the first request on, by their samples.
 *
 * OpenAI takes at most four known speakers a request. The named voices always go (there are
 * at most four); the places left go to the speakers found so far who have spoken the longest.
 * A speaker left out of a request may be heard there as a new speaker and get a new label:
 * past four speakers, labels are kept for the four that matter most, not promised for all.
 */
export class SpeakerContinuity {
  private readonly speakers = new Map<string, Speaker>();

  constructor(private readonly voices: readonly SpeakerVoice[]) {
    voices.forEach((voice, order) => this.speakers.set(voice.name, { label: voice.name, voice, speakingMs: 0, clip: null, order }));
  }

  /** Who the next request names: the named voices, then the longest-speaking speakers that have a clip. */
  references(): PlannedReference[] {
    const named = this.voices.map((voice): PlannedReference => ({ name: voice.name, label: voice.name, source: { voice } }));
    const found = [...this.speakers.values()]
      .filter((speaker) => speaker.voice === null && speaker.clip !== null)
      .sort((a, b) => b.speakingMs - a.speakingMs || a.order - b.order)
      .slice(0, Math.max(0, MAX_KNOWN_SPEAKERS - named.length))
      .map((speaker): PlannedReference => ({ name: referenceName(speaker.label), label: speaker.label, source: { stretch: speaker.clip! } }));
    return [...named, ...found];
  }

  /**
   * One request's turns with the transcript's labels: a known name is its speaker's label; any
   * other label the engine gave is a speaker not heard before (or not named in this request),
   * who gets the next free letter. Then each speaker's time and clip are brought up to date.
   */
  label(turns: readonly EngineTurn[], sent: readonly PlannedReference[]): Utterance[] {
    const byName = new Map(sent.map((reference) => [reference.name, reference.label]));
    const fresh = new Map<string, string>();
    const labelled = turns.map((turn) => {
      let label = byName.get(turn.speaker) ?? fresh.get(turn.speaker);
      if (label === undefined) {
        label = this.newLabel();
        fresh.set(turn.speaker, label);
        this.speakers.set(label, { label, voice: null, speakingMs: 0, clip: null, order: this.speakers.size });
      }
      return { ...turn, speaker: label, ...(turn.words ? { words: turn.words.map((word) => ({ ...word, speaker: label })) } : {}) };
    });
    labelled.forEach((turn, index) => {
      const speaker = this.speakers.get(turn.speaker)!;
      speaker.speakingMs += turn.end - turn.start;
      const alone = cleanStretch(turn, labelled[index - 1], labelled[index + 1]);
      if (alone && (speaker.clip === null || length(alone) > length(speaker.clip))) speaker.clip = alone;
    });
    return labelled;
  }

  private newLabel(): string {
    for (let index = 0; ; index++) {
      const label = index < LETTERS.length ? LETTERS[index]! : `S${index + 1}`;
      if (!this.speakers.has(label)) return label;
    }
  }
}

/**
 * The name a found speaker is sent under. Not the bare letter: the engine labels a speaker it
 * does not know with a letter of its own, which must not be mistaken for one it was told about.
 */
export function referenceName(label: string): string {
  return `speaker ${label}`;
}

const length = (stretch: ClipStretch) => stretch.end - stretch.start;

/**
 * The part of a turn that is surely the speaker alone, at most MAX_CLIP_MS from its middle:
 * clear of the turns around it (an engine's turn boundaries are approximate), or null when that
 * leaves less than MIN_CLIP_MS.
 */
function cleanStretch(turn: Utterance, before: Utterance | undefined, after: Utterance | undefined): ClipStretch | null {
  const margin = 250;
  const start = before && before.speaker !== turn.speaker ? Math.max(turn.start, before.end + margin) : turn.start;
  const end = after && after.speaker !== turn.speaker ? Math.min(turn.end, after.start - margin) : turn.end;
  if (end - start < MIN_CLIP_MS) return null;
  if (end - start <= MAX_CLIP_MS) return { start, end };
  const middle = (start + end) / 2;
  return { start: Math.round(middle - MAX_CLIP_MS / 2), end: Math.round(middle + MAX_CLIP_MS / 2) };
}
