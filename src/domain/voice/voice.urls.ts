import type { VoiceRecord } from './voice.types';

/**
 * The REST routes that serve a voice's audio files, under `/api`: the routes register these
 * patterns, and the paths REST bodies and GraphQL hand out are filled in from them, so the
 * two cannot drift apart.
 */
export const VOICE_FILE_ROUTES = {
  voice: '/voices/:partner/:voice',
  sample: '/voices/:partner/:voice/samples/:index',
  testSample: '/voices/:partner/:voice/test-samples/:filename',
  embeddingArchive: '/voices/:partner/:voice/embedding-archive',
} as const;

const API_PREFIX = '/api';

/** A route pattern with its `:parameters` filled in, each percent-encoded. */
function fill(pattern: string, values: Record<string, string | number>): string {
  return API_PREFIX + pattern.replace(/:([a-z]+)/gi, (_match, name: string) => encodeURIComponent(String(values[name])));
}

const voiceValues = (voice: VoiceRecord) => ({ partner: voice.partner, voice: voice.name });

export function voiceUrl(voice: VoiceRecord): string {
  return fill(VOICE_FILE_ROUTES.voice, voiceValues(voice));
}

export function sampleUrl(voice: VoiceRecord, index: number): string {
  return fill(VOICE_FILE_ROUTES.sample, { ...voiceValues(voice), index });
}

export function testSampleUrl(voice: VoiceRecord, ttsType: string, filename: string): string {
  return `${fill(VOICE_FILE_ROUTES.testSample, { ...voiceValues(voice), filename })}?tts_type=${encodeURIComponent(ttsType)}`;
}

/** The archive of the voice's current embedding type, or null before one exists. */
export function embeddingArchiveUrl(voice: VoiceRecord): string | null {
  if (!voice.embeddings[voice.embeddingType]) return null;
  return `${fill(VOICE_FILE_ROUTES.embeddingArchive, voiceValues(voice))}?tts_type=${encodeURIComponent(voice.embeddingType)}`;
}
