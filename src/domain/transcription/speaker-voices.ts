import type { Caller } from '../shared/caller';
import type { VoiceRecord } from '../voice/voice.types';
import type { SpeakerVoice } from './transcript.types';

/** A reference clip must last 2 to 10 s (OpenAI's limits on known_speaker_references[]). */
export const MIN_REFERENCE_SECONDS = 2;
export const MAX_REFERENCE_SECONDS = 10;

/** Where speaker_voices are looked up: the partner's voices by name (the voice service). */
export interface VoiceDirectory {
  find(partner: string, name: string): Promise<VoiceRecord | null>;
}

/**
 * The voices `names` give, looked up among the calling key's partners, or the 422 messages
 * under `speaker_voices`. A name no partner of the key has (another partner's voice reads the
 * same, so a key learns nothing of voices it cannot see), a name two of its partners have, and
 * a voice with no sample long enough to be a reference are refused.
 */
export async function resolveSpeakerVoices(
  caller: Caller,
  names: readonly string[],
  directory: VoiceDirectory,
): Promise<{ voices: SpeakerVoice[]; errors: string[] }> {
  const partners = [...caller.partners].sort();
  const voices: SpeakerVoice[] = [];
  const errors: string[] = [];
  for (const [index, name] of names.entries()) {
    const found = (await Promise.all(partners.map((partner) => directory.find(partner, name)))).filter((voice): voice is VoiceRecord => voice !== null);
    const field = `The speaker_voices.${index} field`;
    if (found.length === 0) errors.push(`${field} must name one of your voices: there is no voice named ${JSON.stringify(name)}.`);
    else if (found.length > 1) errors.push(`${field} names a voice of several of your partners (${found.map((voice) => voice.partner).join(', ')}).`);
    else if (!found[0]!.samples.some((sample) => sample.durationSeconds >= MIN_REFERENCE_SECONDS)) {
      errors.push(`${field} must name a voice with samples: ${JSON.stringify(name)} has no sample of ${MIN_REFERENCE_SECONDS} s or more.`);
    } else voices.push({ voiceId: found[0]!.id, partner: found[0]!.partner, name: found[0]!.name });
  }
  return { voices, errors };
}

/**
 * The sample a voice is recognised by: its preferred sample, else the one its latest embedding
 * scored best, else its longest; only samples long enough to be a reference count.
 */
export function referenceSampleOf(voice: VoiceRecord): VoiceRecord['samples'][number] | null {
  const usable = voice.samples.filter((sample) => sample.durationSeconds >= MIN_REFERENCE_SECONDS);
  const preferred = usable.find((sample) => sample.index === voice.preferredSampleIndex);
  if (preferred) return preferred;
  const scores = new Map((voice.embeddingInfo?.sampleScores ?? []).map(({ sampleIndex, score }) => [sampleIndex, score]));
  const ranked = [...usable].sort(
    (a, b) => (scores.get(b.index) ?? Number.NEGATIVE_INFINITY) - (scores.get(a.index) ?? Number.NEGATIVE_INFINITY) || b.durationSeconds - a.durationSeconds,
  );
  return ranked[0] ?? null;
}
