import { z } from 'zod';
import { booleanWord } from '../../config/boolean-words';
import { Invalid } from '../errors';
import { BOOLEAN_WIRE_SHAPES, describedAs, httpUrlShape, isHttpUrl, single } from '../shared/form-values';
import type { UploadedFile } from '../shared/uploaded-file';
import { DEFAULT_CHARS_PER_CAPTION } from './transcript-structure';
import { AUDIO_FORMATS, LANGUAGE_CODES, MAX_BOOSTED_WORDS, type TranscriptOptions, type TranscriptWebhook } from './transcript.types';

/**
 * The transcript request as partners send it (snake_case, form strings or JSON values),
 * checked with Laravel's wording because that is what the /v2 clients were written against.
 */
export const MAX_URL_LENGTH = 2048;
const MAX_BOOSTED_WORD_LENGTH = 100;

/** Absent, an empty form field and null all mean "not given", as Laravel's empty-string middleware has it. */
function given(value: unknown): unknown {
  const last = single(value);
  return last === '' || last === null ? undefined : last;
}

function toBoolean(value: unknown): unknown {
  if (typeof value === 'string') return booleanWord(value) ?? value;
  if (value === 1 || value === 0) return value === 1;
  return value;
}

/** The wire shape of a parameter that may also be null or an empty form value: both leave it unset. */
function orUnset(shape: Record<string, unknown>): Record<string, unknown> {
  const { description, ...value } = shape;
  const alternatives = Array.isArray(value.anyOf) ? (value.anyOf as unknown[]) : [value];
  return { anyOf: [...alternatives, { type: 'null' }, { const: '' }], ...(description ? { description } : {}) };
}

const booleanField = (label: string, fallback: boolean, description?: string) =>
  describedAs(
    z.preprocess((value) => toBoolean(given(value)), z.boolean({ error: `The ${label} field must be true or false.` }).default(fallback)),
    orUnset({ anyOf: BOOLEAN_WIRE_SHAPES, ...(description ? { description } : {}) }),
  );

const urlField = (label: string, description?: string) =>
  describedAs(
    z.preprocess(
      given,
      z
        .string({ error: `The ${label} field must be a string.` })
        .max(MAX_URL_LENGTH, `The ${label} field must not be greater than ${MAX_URL_LENGTH} characters.`)
        .refine(isHttpUrl, `The ${label} field must be a valid URL.`)
        .optional(),
    ),
    orUnset(httpUrlShape(MAX_URL_LENGTH, description)),
  );

const audioUrl = urlField('audio url');

const languageCode = describedAs(
  z.preprocess(
    (value) => {
      const code = given(value);
      return typeof code === 'string' ? code.trim().toLowerCase() : code;
    },
    z.enum(LANGUAGE_CODES, { error: `The language code field must be one of ${LANGUAGE_CODES.join(', ')}.` }).default('en_us'),
  ),
  orUnset({ type: 'string', enum: LANGUAGE_CODES, description: 'In any case.' }),
);

const boostedWords = describedAs(
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .array(z.unknown(), { error: 'The boosted words field must be an array.' })
      .max(MAX_BOOSTED_WORDS, `The boosted words field must not have more than ${MAX_BOOSTED_WORDS} items.`)
      .superRefine((words, context) => {
        words.forEach((word, index) => {
          if (typeof word !== 'string') {
            context.addIssue({ code: 'custom', path: [index], message: `The boosted_words.${index} field must be a string.` });
          } else if (word.length > MAX_BOOSTED_WORD_LENGTH) {
            context.addIssue({
              code: 'custom',
              path: [index],
              message: `The boosted_words.${index} field must not be greater than ${MAX_BOOSTED_WORD_LENGTH} characters.`,
            });
          }
        });
      })
      .transform((words) => (words as string[]).map((word) => word.trim()).filter((word) => word !== ''))
      .default([]),
  ),
  orUnset({ type: 'array', maxItems: MAX_BOOSTED_WORDS, items: { type: 'string', maxLength: MAX_BOOSTED_WORD_LENGTH } }),
);

/** OpenAI's diarizing model takes at most four known speakers a request (docs/transcripts.md#speakers). */
export const MAX_SPEAKER_VOICES = 4;
export const MAX_SPEAKERS_EXPECTED = 10;

/** A whole number from `min` to `max`, from JSON or as form digits, with Laravel's messages under `label`. */
const integerIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `The ${label} field must be an integer.` })
    .int(`The ${label} field must be an integer.`)
    .min(min, `The ${label} field must be at least ${min}.`)
    .max(max, `The ${label} field must not be greater than ${max}.`);

function formInteger(value: unknown): unknown {
  const raw = given(value);
  return typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
}

const speakersExpected = describedAs(
  z.preprocess(formInteger, integerIn('speakers expected', 1, MAX_SPEAKERS_EXPECTED).optional()),
  orUnset({
    type: 'integer',
    minimum: 1,
    maximum: MAX_SPEAKERS_EXPECTED,
    description: 'With speaker_labels: how many people speak. Kept with the transcript; the engine takes no count, so labels are never forced to it.',
  }),
);

const speakerVoices = describedAs(
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? [value] : value),
    z
      .array(z.unknown(), { error: 'The speaker voices field must be an array.' })
      .max(MAX_SPEAKER_VOICES, `The speaker voices field must not have more than ${MAX_SPEAKER_VOICES} items.`)
      .superRefine((names, context) => {
        names.forEach((name, index) => {
          if (typeof name !== 'string' || name.trim() === '')
            context.addIssue({ code: 'custom', path: [index], message: `The speaker_voices.${index} field must be a voice name.` });
        });
        const distinct = new Set(names.map((name) => (typeof name === 'string' ? name.trim() : name)));
        if (distinct.size < names.length) context.addIssue({ code: 'custom', message: 'The speaker voices field must not name a voice twice.' });
      })
      .transform((names) => (names as string[]).map((name) => name.trim()))
      .default([]),
  ),
  orUnset({
    type: 'array',
    maxItems: MAX_SPEAKER_VOICES,
    items: { type: 'string' },
    description:
      "With speaker_labels: at most 4 of the calling partner's voice names, each with samples; a speaker recognised as one of them is labelled with its name.",
  }),
);

const webhookUrl = urlField('webhook url', 'Where the finished transcript (completed or error) is POSTed; docs/webhooks.md.');

// RFC 9110 token characters; headers the service sets itself cannot be replaced.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const OWN_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'user-agent',
]);

const webhookAuthHeaderName = describedAs(
  z.preprocess(
    given,
    z
      .string({ error: 'The webhook auth header name field must be a string.' })
      .max(256, 'The webhook auth header name field must not be greater than 256 characters.')
      .regex(HEADER_NAME, 'The webhook auth header name field must be a valid HTTP header name.')
      .refine(
        (name) => !OWN_HEADERS.has(name.toLowerCase()) && !name.toLowerCase().startsWith('webhook-'),
        'The webhook auth header name field must not name a header the service sets itself.',
      )
      .optional(),
  ),
  orUnset({
    type: 'string',
    maxLength: 256,
    pattern: HEADER_NAME.source,
    description:
      'A header sent with the webhook POST, for the receiver to check; needs webhook_url and webhook_auth_header_value. Not one the service sets itself (Content-Type, Host, webhook-*, ...).',
  }),
);

const webhookAuthHeaderValue = describedAs(
  z.preprocess(
    given,
    z
      .string({ error: 'The webhook auth header value field must be a string.' })
      .max(4096, 'The webhook auth header value field must not be greater than 4096 characters.')
      .refine((value) => !/[\r\n\0]/.test(value), 'The webhook auth header value field must not contain line breaks.')
      .optional(),
  ),
  orUnset({
    type: 'string',
    maxLength: 4096,
    pattern: '^[^\\r\\n\\u0000]*$',
    description: 'The value of webhook_auth_header_name; stored with the transcript and never shown by any answer.',
  }),
);

/** Every transcript parameter but the upload (the route also reads it for the OpenAPI document). */
export const transcriptParams = z
  .object({
    audio_url: audioUrl,
    language_code: languageCode,
    language_auto: booleanField('language auto', false),
    filler_words: booleanField('filler words', false),
    format_text: booleanField('format text', true),
    boosted_words: boostedWords,
    speaker_labels: booleanField('speaker labels', false, 'Label who said what: utterances and speakers in the result (docs/transcripts.md#speakers).'),
    speakers_expected: speakersExpected,
    speaker_voices: speakerVoices,
    webhook_url: webhookUrl,
    webhook_auth_header_name: webhookAuthHeaderName,
    webhook_auth_header_value: webhookAuthHeaderValue,
  })
  .superRefine((input, context) => {
    const requiredWith = (param: string, other: string) =>
      context.addIssue({
        code: 'custom',
        path: [param],
        message: `The ${param.replaceAll('_', ' ')} field is required when ${other.replaceAll('_', ' ')} is present.`,
      });
    if (input.webhook_auth_header_name !== undefined && input.webhook_auth_header_value === undefined)
      requiredWith('webhook_auth_header_value', 'webhook_auth_header_name');
    if (input.webhook_auth_header_value !== undefined && input.webhook_auth_header_name === undefined)
      requiredWith('webhook_auth_header_name', 'webhook_auth_header_value');
    if (input.webhook_auth_header_name !== undefined && input.webhook_url === undefined) requiredWith('webhook_url', 'webhook_auth_header_name');
    if (input.speaker_voices.length > 0 && !input.speaker_labels)
      context.addIssue({ code: 'custom', path: ['speaker_voices'], message: 'The speaker voices field requires speaker_labels to be true.' });
  })
  .transform((input): Omit<TranscriptRequest, 'audio'> => ({
    audioUrl: input.audio_url,
    webhook: transcriptWebhook(input.webhook_url, input.webhook_auth_header_name, input.webhook_auth_header_value),
    options: {
      languageCode: input.language_code,
      languageAuto: input.language_auto,
      fillerWords: input.filler_words,
      formatText: input.format_text,
      boostedWords: input.boosted_words,
      speakerLabels: input.speaker_labels,
      speakersExpected: input.speakers_expected ?? null,
    },
    speakerVoices: input.speaker_voices,
  }));

function transcriptWebhook(url: string | undefined, name: string | undefined, value: string | undefined): TranscriptWebhook | null {
  if (url === undefined) return null;
  return { url, authHeader: name !== undefined && value !== undefined ? { name, value } : null };
}

export interface TranscriptRequest {
  audioUrl?: string;
  audio?: UploadedFile;
  /** Everything but the speaker voices, which the service looks up among the caller's. */
  options: Omit<TranscriptOptions, 'speakerVoices'>;
  /** The names given as speaker_voices, not yet looked up. */
  speakerVoices: string[];
  /** Where the finished transcript is POSTed, if the partner asked for it. */
  webhook: TranscriptWebhook | null;
}

/**
 * A submission as a door parsed it. Whether an upload is audio only a probe can tell, and
 * the service probes, so parameter errors travel with the upload instead of being thrown:
 * the 422 then lists the audio along with every other failing parameter.
 */
export interface TranscriptSubmission {
  /** Set when every parameter is valid. */
  request?: TranscriptRequest;
  /** The uploaded file, also when other parameters fail. */
  audio?: UploadedFile;
  errors: Record<string, string[]>;
}

export const NEITHER_SOURCE = 'Either audio_url or an audio file is required.';
export const BOTH_SOURCES = 'Only one of audio_url or an audio file may be given, not both.';
export const AUDIO_FORMAT_MESSAGE = `The audio field must be a file of type: ${AUDIO_FORMATS.join(', ')}.`;

function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && typeof (value as UploadedFile).path === 'string';
}

/** Checks every parameter and the audio_url/audio rule. `values.audio` is the uploaded file when there is one. */
export function parseTranscriptRequest(values: Record<string, unknown>): TranscriptSubmission {
  const errors: Record<string, string[]> = {};
  const add = (param: string, message: string) => (errors[param] ??= []).push(message);

  const parsed = transcriptParams.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.map(String).join('.') || 'body', issue.message);
  }

  const rawAudio = given(values.audio);
  const audio = isUploadedFile(rawAudio) ? rawAudio : undefined;
  if (rawAudio !== undefined && !audio) add('audio', 'The audio field must be a file.');
  const hasUrl = given(values.audio_url) !== undefined;
  if (!hasUrl && rawAudio === undefined) add('audio_url', NEITHER_SOURCE);
  if (hasUrl && rawAudio !== undefined) add('audio_url', BOTH_SOURCES);

  if (!parsed.success || Object.keys(errors).length > 0) return { audio, errors };
  return { request: { ...parsed.data, audio }, audio, errors };
}

// GraphQL's SubmitTranscriptInput has the REST parameters under camelCase names; they are
// checked under their REST names so that both doors answer with the same messages.
const REST_NAMES = {
  audioUrl: 'audio_url',
  audio: 'audio',
  languageCode: 'language_code',
  languageAuto: 'language_auto',
  fillerWords: 'filler_words',
  formatText: 'format_text',
  boostedWords: 'boosted_words',
  speakerLabels: 'speaker_labels',
  speakersExpected: 'speakers_expected',
  speakerVoices: 'speaker_voices',
  webhookUrl: 'webhook_url',
  webhookAuthHeaderName: 'webhook_auth_header_name',
  webhookAuthHeaderValue: 'webhook_auth_header_value',
} as const;

export type SubmitTranscriptArgs = { [Name in keyof typeof REST_NAMES]?: unknown };

export function parseSubmitTranscriptArgs(args: SubmitTranscriptArgs): TranscriptSubmission {
  return parseTranscriptRequest(
    Object.fromEntries(Object.entries(REST_NAMES).map(([graphqlName, restName]) => [restName, args[graphqlName as keyof SubmitTranscriptArgs]])),
  );
}

/** The /v2 validation failure: every parameter's messages, the first one as the summary. */
export function invalid(errors: Record<string, string[]>): Invalid {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new Invalid(first, errors);
}

/** The most characters a caption may be asked to hold; more would not be a caption. */
export const MAX_CHARS_PER_CAPTION = 1000;

/** GET /v2/transcript/{id}/srt and /vtt: `chars_per_caption`, default 32 as AssemblyAI. */
export const captionParams = z.object({
  chars_per_caption: z.preprocess(formInteger, integerIn('chars per caption', 1, MAX_CHARS_PER_CAPTION).default(DEFAULT_CHARS_PER_CAPTION)).meta({
    description: `The most characters in one caption (1 to ${MAX_CHARS_PER_CAPTION}, default ${DEFAULT_CHARS_PER_CAPTION}); a longer word stands alone.`,
  }),
  speaker_labels: booleanField(
    'speaker labels',
    false,
    'Start each caption with its speaker (SRT `Ada: ...`, WebVTT `<v Ada>`); for a transcript submitted with speaker_labels, else 400.',
  ),
});

/** What a caption request asks for, or the /v2 validation failure naming the parameter. */
export function parseCaptionRequest(values: Record<string, unknown>): { charsPerCaption: number; speakerLabels: boolean } {
  const parsed = captionParams.safeParse(values);
  if (parsed.success) return { charsPerCaption: parsed.data.chars_per_caption, speakerLabels: parsed.data.speaker_labels };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'chars_per_caption'] ??= []).push(issue.message);
  throw invalid(errors);
}
