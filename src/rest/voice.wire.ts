import type { FastifyReply } from 'fastify';
import type { TestSampleFile, VoiceRecord, VoiceSample } from '../domain/voice/voice.types';
import { ORIGINAL_FILENAME, sampleFilename } from '../domain/voice/voice.types';
import { embeddingArchiveUrl, testSampleUrl } from '../domain/voice/voice.urls';
import { attachment } from './attachment';

// The voice service's JSON, field for field as the spec names them.

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
    embedding_zip_url: embeddingArchiveUrl(voice),
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
    url: testSampleUrl(voice, ttsType, file.filename),
  };
}

/** What the samples bundle says about the voice next to its `{index}.opus` files. */
export function voiceInfoJson(voice: VoiceRecord) {
  const { samples: _samples, ...detail } = voiceDetail(voice);
  return {
    ...detail,
    partner: voice.partner,
    sample_count: voice.samples.length,
    samples: voice.samples.map((sample) => ({ ...sampleJson(sample), filename: sampleFilename(sample.index) })),
    created_at: voice.createdAt,
    updated_at: voice.updatedAt,
  };
}

/** An audio file (sample or test sample) as a download. */
export function sendAudio(reply: FastifyReply, stream: NodeJS.ReadableStream, filename: string) {
  return reply.header('content-type', 'audio/ogg').header('content-disposition', attachment(filename)).send(stream);
}
