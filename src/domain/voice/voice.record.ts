import { z } from 'zod';
import { recordLayout } from '../shared/record-layout';
import { storedProgressSchema } from '../shared/progress';
import { QUALITY_REASON_CODES } from './sample-quality';
import { PROCESSING_STATUSES, SPLIT_MODES, type VoiceRecord } from './voice.types';

// A voice as stored. Layout 1 is every voice written before records said their layout; what was
// added to voices since the first of them has a default here, the value a voice written before
// it reads with (see VoiceRecord for what each field means).

const processingState = z.object({
  status: z.enum(PROCESSING_STATUSES),
  error: z.string().nullable(),
  generation: z.number(),
  updatedAt: z.string(),
});

const sampleQuality = z.object({
  score: z.number(),
  reasons: z.array(z.object({ code: z.enum(QUALITY_REASON_CODES), message: z.string(), value: z.number(), unit: z.string() })),
});

const sample = z.object({
  index: z.number(),
  blobId: z.string(),
  sourceTimestamp: z.string().nullable(),
  sourceStartSeconds: z.number().nullable().default(null),
  durationSeconds: z.number(),
  quality: sampleQuality.nullable().default(null),
  speechSeconds: z.number().nullable().default(null),
});

const sampleScore = z.object({ sampleIndex: z.number(), score: z.number() });

const ttsEmbedding = z.object({
  ttsType: z.string(),
  engine: z.string(),
  archiveBlobId: z.string(),
  testSamples: z.array(z.object({ filename: z.string(), blobId: z.string(), sampleIndex: z.number(), sentenceIndex: z.number() })),
  sampleScores: z.array(sampleScore),
  completedAt: z.string(),
  sampleBlobIds: z.array(z.string()).nullable().default(null),
});

const embeddingInfo = z.object({
  ttsType: z.string(),
  lastUpdateStatus: z.enum(['success', 'failed']),
  lastUpdateTime: z.string(),
  testSamples: z.array(z.object({ sampleIndex: z.number(), sentenceIndex: z.number(), filename: z.string() })),
  sampleScores: z.array(sampleScore),
});

const voiceRecord = z.object({
  id: z.string(),
  partner: z.string(),
  name: z.string(),
  creatorName: z.string().nullable(),
  creatorEmail: z.string().nullable(),
  original: z.object({ blobId: z.string().nullable(), uploadBlobId: z.string().nullable(), uploadedName: z.string(), durationSeconds: z.number() }).nullable(),
  samples: z.array(sample),
  splitting: processingState,
  embedding: processingState,
  embeddingType: z.string(),
  embeddingInfo: embeddingInfo.nullable(),
  embeddings: z.record(z.string(), ttsEmbedding),
  preferredSampleIndex: z.number().nullable(),
  splitMode: z.enum(SPLIT_MODES).nullable().default(null),
  retiredSampleBlobIds: z.array(z.string()).default([]),
  progress: storedProgressSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/** Layout 2: every field a voice has now, written with its version. */
export const VOICE_LAYOUT = recordLayout<VoiceRecord>()({ version: 2, schema: voiceRecord });
