import { z } from 'zod';
import { formInteger, optionalText, resourceName, single } from '../shared/form-values';
import { SPLIT_MODES, type NewVoice, type SplitSettings } from './voice.types';

/**
 * Inputs of the voice operations, shared by REST (form strings) and GraphQL (typed values).
 * Keys are the parameter names errors report; each input parses into the domain's shape.
 */
const text = (max: number) => z.preprocess(single, optionalText(max));

const splitMode = z
  .preprocess(
    (value) => {
      const last = single(value);
      return typeof last === 'string' ? last.trim().toLowerCase() : last;
    },
    z.enum(SPLIT_MODES, { error: `must be one of ${SPLIT_MODES.join(', ')}` }).meta({
      description: 'fixed: consecutive slices of sample_duration; curated: cut at pauses, trimmed and levelled to one loudness.',
    }),
  )
  .default('fixed');

const newVoice = {
  name: z.preprocess(single, resourceName),
  creator_name: text(255),
  creator_email: text(320),
};

/** A voice created with a recording; split_mode says how the recording is split. */
export const createVoiceInput = z.object({ ...newVoice, split_mode: splitMode }).transform(({ name, creator_name, creator_email, split_mode }): NewVoice => ({
  name,
  creatorName: creator_name,
  creatorEmail: creator_email,
  splitMode: split_mode,
}));

export const createEmptyVoiceInput = z
  .object(newVoice)
  .transform(({ name, creator_name, creator_email }): NewVoice => ({ name, creatorName: creator_name, creatorEmail: creator_email }));

export const renameVoiceInput = z.object({ name: z.preprocess(single, resourceName) }).transform(({ name }) => name);

export const splitVoiceInput = z
  .object({
    max_samples: z.preprocess(single, formInteger(1, 100, 'must be between 1 and 100')).default(25),
    sample_duration: z.preprocess(single, formInteger(5, 60, 'must be between 5 and 60')).default(15),
    split_mode: splitMode,
  })
  .transform(({ max_samples, sample_duration, split_mode }): SplitSettings => ({
    maxSamples: max_samples,
    sampleDurationSeconds: sample_duration,
    mode: split_mode,
  }));

const ttsType = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'may contain only letters, digits, dot, dash and underscore');

/** The TTS type a request names, if any; the domain falls back to its default. */
export const ttsTypeInput = z.object({ tts_type: z.preprocess(single, ttsType.optional()) }).transform(({ tts_type }) => tts_type);
/** A TTS type the operation requires (GraphQL's deleteVoiceTestFiles). */
export const requiredTtsTypeInput = z.object({ tts_type: z.preprocess(single, ttsType) }).transform(({ tts_type }) => tts_type);
export const ttsTypeParam = ttsType;

/** An empty value clears the preferred sample. */
export const preferredSampleInput = z
  .object({
    sample_index: z.preprocess(
      (value) => {
        const last = single(value);
        return last === '' || last === undefined ? null : last;
      },
      formInteger(0, undefined, 'must not be negative').nullable(),
    ),
  })
  .transform(({ sample_index }) => sample_index);

export const sampleIndexParam = z.preprocess(single, formInteger(0, undefined, 'must not be negative'));
