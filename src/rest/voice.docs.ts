import { z } from 'zod';
import { createEmptyVoiceInput, createVoiceInput, preferredSampleInput, renameVoiceInput, splitVoiceInput, ttsTypeInput } from '../domain/voice/voice.inputs';
import { ANY_ENCODING } from '../http/openapi/route-doc';
import { apiRoute, noContent, TAGS } from './openapi';
import { sampleSchema, testSampleSchema, voiceDetailSchema, voiceListItemSchema } from './voice.wire';

const voiceRoute = (options: Omit<Parameters<typeof apiRoute>[0], 'tag'>) => apiRoute({ ...options, tag: TAGS.voices, keyInQuery: true });
const detail = (description: string) => ({ description, schema: voiceDetailSchema });
const ttsTypeDefault = 'tts_type defaults to the voice’s embedding_type (DEFAULT_TTS_TYPE for a new voice).';

const UNREADABLE_AUDIO = 'A parameter is invalid (the detail names it), or the file is not readable audio (detail: The file is not readable audio).';

/** The voice service's routes as /openapi.json and docs/api/voices.md describe them. */
export const voiceDocs = {
  list: voiceRoute({ summary: 'List a partner’s voices', success: { 200: { description: 'The voices.', schema: z.array(voiceListItemSchema) } } }),
  create: voiceRoute({
    summary: 'Create a voice from a recording',
    description:
      'With a file, the recording is stored, split into samples (split_mode: fixed slices by default, or curated: cut at pauses and levelled), and the samples are embedded; poll the voice until its statuses leave in_progress.',
    body: { schema: createVoiceInput, encodings: ANY_ENCODING, files: { file: 'The recording (any format ffmpeg reads); optional.' } },
    success: { 201: detail('The voice; with a file, splitting is in_progress.') },
    // Audio that cannot be read is a 422 naming it, as the service answers (never 415).
    errors: [409],
    errorDescriptions: { 422: UNREADABLE_AUDIO },
  }),
  createEmpty: voiceRoute({
    summary: 'Create an empty voice',
    description: 'A voice without audio; upload its samples one by one.',
    body: { schema: createEmptyVoiceInput, encodings: ANY_ENCODING },
    success: { 201: detail('The voice.') },
    errors: [409],
  }),
  get: voiceRoute({ summary: 'Read a voice', success: { 200: detail('The voice.') }, errors: [404] }),
  delete: voiceRoute({ summary: 'Delete a voice', success: { 204: noContent }, errors: [404, 409] }),
  rename: voiceRoute({
    summary: 'Rename a voice',
    body: { schema: renameVoiceInput, encodings: ANY_ENCODING },
    success: { 200: detail('The renamed voice.') },
    errors: [404, 409],
  }),
  split: voiceRoute({
    summary: 'Split the recording again',
    description:
      'Clears the samples and splits the original with these settings; embedding follows. split_mode curated cuts at pauses within ±20% of sample_duration, trims silence and levels each sample to one loudness (docs/voice-samples.md).',
    body: { schema: splitVoiceInput, encodings: ANY_ENCODING },
    success: { 202: detail('The voice; splitting is in_progress.') },
    errors: [404, 409],
  }),
  addSample: voiceRoute({
    summary: 'Upload a sample',
    description: 'Converted to Ogg Opus, 96 kbps, mono.',
    body: { schema: z.object({}), encodings: ['multipart/form-data'], files: { file: 'The audio (any format ffmpeg reads).' }, requiredFile: 'file' },
    success: { 201: { description: 'The new sample.', schema: sampleSchema } },
    errors: [404, 409],
    errorDescriptions: { 422: UNREADABLE_AUDIO },
  }),
  sample: voiceRoute({ summary: 'Download a sample', success: { 200: { description: 'The sample (Ogg Opus).', mediaType: 'audio/ogg' } }, errors: [404, 422] }),
  deleteSample: voiceRoute({ summary: 'Delete a sample', success: { 204: noContent }, errors: [404, 409, 422] }),
  samplesBundle: voiceRoute({
    summary: 'Download every sample as a ZIP',
    description: 'Each sample as {index}.opus, plus voice_info.json (the voice detail with its partner, sample filenames and timestamps).',
    success: { 200: { description: 'The ZIP archive.', mediaType: 'application/zip' } },
    errors: [404],
  }),
  preferredSample: voiceRoute({
    summary: 'Set or clear the preferred sample',
    body: { schema: preferredSampleInput, encodings: ANY_ENCODING, description: 'An empty sample_index clears the preferred sample.' },
    success: { 200: detail('The voice.') },
    errors: [404],
  }),
  embed: voiceRoute({
    summary: 'Embed the voice',
    description: `Submits the samples for embedding (the GPU job service, or the local engine). ${ttsTypeDefault}`,
    body: { schema: ttsTypeInput, encodings: ANY_ENCODING },
    success: { 202: detail('The voice; embedding is in_progress.') },
    errors: [404, 409],
  }),
  testSamples: voiceRoute({
    summary: 'List the test audio of an embedding',
    description: ttsTypeDefault,
    query: ttsTypeInput,
    success: { 200: { description: 'The test samples.', schema: z.array(testSampleSchema) } },
    errors: [404, 422],
  }),
  testSample: voiceRoute({
    summary: 'Download a test sample',
    description: ttsTypeDefault,
    query: ttsTypeInput,
    success: { 200: { description: 'The audio (Ogg Opus).', mediaType: 'audio/ogg' } },
    errors: [404, 422],
  }),
  deleteTestFiles: voiceRoute({ summary: 'Delete the test audio of one TTS type', success: { 204: noContent }, errors: [404, 409, 422] }),
  embeddingArchive: voiceRoute({
    summary: 'Download the embedding archive',
    description: `The archive the embedding produced (embedding_zip_url points here). ${ttsTypeDefault}`,
    query: ttsTypeInput,
    success: { 200: { description: 'The ZIP archive.', mediaType: 'application/zip' } },
    errors: [404, 422],
  }),
};
