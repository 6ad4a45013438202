import type { TestSampleFile, VoiceRecord, VoiceSample } from '../domain/voice/voice.types';
import { ORIGINAL_FILENAME } from '../domain/voice/voice.types';

/** The voice service's JSON, field for field as the spec names them. */
const voicePath = (voice: VoiceRecord) => `/api/voices/${encodeURIComponent(voice.partner)}/${encodeURIComponent(voice.name)}`;

export function voiceListItem(voice: VoiceRecord) {
  return {
    name: voice.name,
    has_original: voice.original !== null,
    sample_count: voice.samples.length,
    splitting_status: voice.splitting.status,
    embedding_status: voice.embedding.status,
    creator_name: voice.creatorName,
    creator_email: voice.creatorEmail,
  };
}

export function sampleJson(sample: VoiceSample) {
  return { index: sample.index, source_timestamp: sample.sourceTimestamp, duration: sample.durationSeconds };
}

export function voiceDetail(voice: VoiceRecord) {
  const info = voice.embeddingInfo;
  const archive = voice.embeddings[voice.embeddingType];
  return {
    name: voice.name,
    original_filename: voice.original?.blobId ? ORIGINAL_FILENAME : null,
    original_uploaded_name: voice.original?.uploadedName ?? null,
    original_duration: voice.original?.durationSeconds ?? null,
    status: {
      splitting: voice.splitting.status,
      embedding: voice.embedding.status,
      splitting_error: voice.splitting.error,
      embedding_error: voice.embedding.error,
    },
    samples: voice.samples.map(sampleJson),
    embedding_info: info
      ? {
          tts_type: info.ttsType,
          last_update_status: info.lastUpdateStatus,
          last_update_time: info.lastUpdateTime,
          test_samples: info.testSamples.map((file) => ({ sample_index: file.sampleIndex, sentence_index: file.sentenceIndex, filename: file.filename })),
          sample_scores: info.sampleScores.map((entry) => ({ sample_index: entry.sampleIndex, score: entry.score })),
        }
      : null,
    embedding_type: voice.embeddingType,
    embedding_zip_url: archive ? `${voicePath(voice)}/embedding-archive?tts_type=${encodeURIComponent(voice.embeddingType)}` : null,
    preferred_sample_index: voice.preferredSampleIndex,
    creator_name: voice.creatorName,
    creator_email: voice.creatorEmail,
  };
}

export function testSampleJson(voice: VoiceRecord, ttsType: string, file: TestSampleFile) {
  return {
    filename: file.filename,
    sample_index: file.sampleIndex,
    sentence_index: file.sentenceIndex,
    tts_type: ttsType,
    url: `${voicePath(voice)}/test-samples/${encodeURIComponent(file.filename)}?tts_type=${encodeURIComponent(ttsType)}`,
  };
}

/** What the samples bundle says about the voice next to its `{index}.opus` files. */
export function voiceInfoJson(voice: VoiceRecord) {
  const { samples: _samples, ...detail } = voiceDetail(voice);
  return {
    ...detail,
    partner: voice.partner,
    sample_count: voice.samples.length,
    samples: voice.samples.map((sample) => ({ ...sampleJson(sample), filename: `${sample.index}.opus` })),
    created_at: voice.createdAt,
    updated_at: voice.updatedAt,
  };
}
