import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { TestSampleFile, VoiceRecord, VoiceSample } from '../domain/voice/voice.types';
import { originalFilenameOf, PROCESSING_STATUSES, sampleFilename } from '../domain/voice/voice.types';
import { embeddingArchiveUrl, testSampleUrl } from '../domain/voice/voice.urls';
import { attachment } from './attachment';

// The voice service's JSON, field for field as the spec names them. Each answer has a schema
// (the OpenAPI document shows it, and the REST tests hold every answer to it) and a function
// typed by that schema, so the two cannot disagree.

const status = z.enum(PROCESSING_STATUSES);
const timestamp = z.string().meta({ format: 'date-time' });

export const voiceListItemSchema = z
  .object({
    name: z.string(),
    has_original: z.boolean(),
    sample_count: z.int().min(0),
    splitting_status: status,
    embedding_status: status,
    creator_name: z.string().nullable(),
    creator_email: z.string().nullable(),
  })
  .meta({ id: 'VoiceListItem', description: 'A voice as the list shows it.' });

export const sampleSchema = z
  .object({
    index: z.int().min(0),
    source_timestamp: z.string().nullable().meta({ description: 'MM:SS offset in the original recording; null for a sample uploaded on its own.' }),
    duration: z.number().meta({ description: 'Seconds.' }),
  })
  .meta({ id: 'VoiceSample' });

export const voiceDetailSchema = z
  .object({
    name: z.string(),
    original_filename: z.string().nullable().meta({ description: 'Stored name of the converted original (Ogg Opus); null until it is converted.' }),
    original_uploaded_name: z.string().nullable(),
    original_duration: z.number().nullable().meta({ description: 'Seconds.' }),
    status: z.object({
      splitting: status,
      embedding: status,
      splitting_error: z.string().nullable().meta({ description: 'Why splitting failed.' }),
      embedding_error: z.string().nullable().meta({ description: 'Why embedding failed.' }),
    }),
    samples: z.array(sampleSchema),
    embedding_info: z
      .object({
        tts_type: z.string(),
        last_update_status: z.enum(['success', 'failed']),
        last_update_time: timestamp,
        test_samples: z.array(z.object({ sample_index: z.int(), sentence_index: z.int(), filename: z.string() })),
        sample_scores: z.array(z.object({ sample_index: z.int(), score: z.number() })),
      })
      .nullable(),
    embedding_type: z.string().meta({ description: 'TTS type of the embedding.' }),
    embedding_zip_url: z.string().nullable().meta({ description: 'Path of the embedding archive; null before an embedding exists.' }),
    preferred_sample_index: z.int().nullable(),
    creator_name: z.string().nullable(),
    creator_email: z.string().nullable(),
  })
  .meta({ id: 'VoiceDetail', description: 'A voice with its samples, statuses and embedding.' });

export const testSampleSchema = z
  .object({
    filename: z.string(),
    sample_index: z.int(),
    sentence_index: z.int(),
    tts_type: z.string(),
    url: z.string().meta({ description: 'Path that serves the audio.' }),
  })
  .meta({ id: 'TestSample', description: 'A test sentence spoken with the voice during embedding.' });

export function voiceListItem(voice: VoiceRecord): z.output<typeof voiceListItemSchema> {
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

export function sampleJson(sample: VoiceSample): z.output<typeof sampleSchema> {
  return { index: sample.index, source_timestamp: sample.sourceTimestamp, duration: sample.durationSeconds };
}

export function voiceDetail(voice: VoiceRecord): z.output<typeof voiceDetailSchema> {
  const info = voice.embeddingInfo;
  return {
    name: voice.name,
    original_filename: originalFilenameOf(voice),
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

export function testSampleJson(voice: VoiceRecord, ttsType: string, file: TestSampleFile): z.output<typeof testSampleSchema> {
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
