import { z } from 'zod';
import { storedProgressSchema } from '../shared/progress';
import { recordLayout } from '../shared/record-layout';
import { LANGUAGE_CODES, TRANSCRIPT_STATUSES, type TranscriptRecord } from './transcript.types';

// A transcript as stored. Layout 1 is every transcript written before records said their layout;
// what was added since the first of them has a default here, the value a transcript written
// before it reads with (see TranscriptRecord for what each field means). What the engine gives
// only sometimes (words, phrases, a detected language) stays absent when it gave none, as the
// REST answer leaves it out.

const timedText = z.object({ text: z.string(), start: z.number(), end: z.number() });

const speakerVoice = z.object({ voiceId: z.string(), partner: z.string(), name: z.string() });
const word = timedText.extend({ confidence: z.number().optional(), speaker: z.string().optional() });

const transcriptRecord = z.object({
  id: z.string(),
  keyId: z.string(),
  status: z.enum(TRANSCRIPT_STATUSES),
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('url'), url: z.string() }),
    z.object({
      kind: z.literal('upload'),
      blobId: z.string(),
      filename: z.string(),
      keep: z.boolean().default(false),
      secret: z.string().nullable().default(null),
      contentType: z.string().default('application/octet-stream'),
    }),
  ]),
  options: z.object({
    languageCode: z.enum(LANGUAGE_CODES),
    languageAuto: z.boolean(),
    fillerWords: z.boolean(),
    formatText: z.boolean(),
    boostedWords: z.array(z.string()),
    speakerLabels: z.boolean().default(false),
    speakersExpected: z.number().nullable().default(null),
    speakerVoices: z.array(speakerVoice).default([]),
  }),
  text: z.string().nullable(),
  audioDuration: z.number().nullable(),
  words: z.array(word).optional(),
  segments: z.array(timedText).optional(),
  detectedLanguageCode: z.string().optional(),
  languageConfidence: z.number().optional(),
  utterances: z.array(timedText.extend({ speaker: z.string(), words: z.array(word).optional() })).optional(),
  speakers: z.array(z.object({ label: z.string(), voice: speakerVoice.nullable(), speakingTime: z.number() })).optional(),
  error: z.string().nullable(),
  progress: storedProgressSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  partners: z.array(z.string()).default([]),
  webhook: z
    .object({ url: z.string(), authHeader: z.object({ name: z.string(), value: z.string() }).nullable() })
    .nullable()
    .default(null),
  version: z.number(),
});

/**
 * Layout 3: every field a transcript has now, written with its version. Layout 3 added speaker
 * labels (the options' speakerLabels, speakersExpected and speakerVoices, and the utterances and
 * speakers of the result), which a transcript written before reads without.
 */
export const TRANSCRIPT_LAYOUT = recordLayout<TranscriptRecord>()({ version: 3, schema: transcriptRecord });
