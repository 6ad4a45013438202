import type { VoiceRecord } from './voice.types';

// REST serves a voice's audio files; GraphQL hands out the same paths, so both take them from here.

export function voiceUrl(voice: VoiceRecord): string {
  return `/api/voices/${encodeURIComponent(voice.partner)}/${encodeURIComponent(voice.name)}`;
}

export function sampleUrl(voice: VoiceRecord, index: number): string {
  return `${voiceUrl(voice)}/samples/${index}`;
}

export function testSampleUrl(voice: VoiceRecord, ttsType: string, filename: string): string {
  return `${voiceUrl(voice)}/test-samples/${encodeURIComponent(filename)}?tts_type=${encodeURIComponent(ttsType)}`;
}

/** The archive of the voice's current embedding type, or null before one exists. */
export function embeddingArchiveUrl(voice: VoiceRecord): string | null {
  return voice.embeddings[voice.embeddingType] ? `${voiceUrl(voice)}/embedding-archive?tts_type=${encodeURIComponent(voice.embeddingType)}` : null;
}
