import { z } from 'zod';
import { Invalid } from '../errors';
import { isHttpUrl } from '../shared/form-values';
import { invalid, MAX_URL_LENGTH } from '../transcription/transcript.inputs';
import { MESSAGE_ROLES, type AudioFileInput, type CompletionInput } from './completion.types';

/** The documented bounds of a completion request (docs/completions.md). */
export const COMPLETION_LIMITS = {
  messages: 100,
  messageChars: 100_000,
  parts: 20,
  audioFiles: 10,
  nameChars: 100,
  characterChars: 100,
  characterParams: 20,
  characterParamChars: 2_000,
} as const;

const DATA_URI = /^data:(audio\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,([a-z0-9+/=\s]*)$/i;

function decodeDataUri(value: string): { mimeType: string; bytes: Buffer } | null {
  const match = DATA_URI.exec(value);
  if (!match?.[1] || match[3] === undefined) return null;
  const base64 = match[3].replace(/\s+/g, '');
  if (base64.length === 0 || base64.length % 4 === 1) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.length > 0 ? { mimeType: match[1].toLowerCase(), bytes } : null;
}

/*
 * Messages are written as the end of a /v2 sentence ("must be a string."): the parser puts
 * "The <member> field" in front, as Laravel words it for the clients /v2 was written for.
 * A message that starts with a capital letter is a sentence of its own.
 */
const requiredOr = (otherwise: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? 'is required.' : otherwise);
const text = (max: number) => z.string({ error: 'must be a string.' }).max(max, `must not be greater than ${max} characters.`);
const CONTENT_SHAPE = `must be a string or an array of 1 to ${COMPLETION_LIMITS.parts} parts.`;
/** A record of named entries: each name of 1 to nameChars characters, at most `max` entries. */
function named<Value extends z.ZodType>(names: string, value: Value, max: number, notAnObject: string) {
  const nameLength = `${names} must have between 1 and ${COMPLETION_LIMITS.nameChars} characters.`;
  return z
    .record(z.string().min(1, nameLength).max(COMPLETION_LIMITS.nameChars, nameLength), value, { error: notAnObject })
    .refine((entries) => Object.keys(entries).length <= max, `must not have more than ${max} items.`);
}

const audioFile = z
  .string({ error: 'must be a string.' })
  .transform((value, context): AudioFileInput => {
    if (value.startsWith('data:')) {
      const decoded = decodeDataUri(value);
      if (decoded) return { kind: 'inline', ...decoded };
      context.addIssue({ code: 'custom', message: 'must be a base64 data URI of audio (data:audio/...;base64,...).' });
    } else if (value.length > MAX_URL_LENGTH) {
      context.addIssue({ code: 'custom', message: `must not be greater than ${MAX_URL_LENGTH} characters.` });
    } else if (isHttpUrl(value)) {
      return { kind: 'url', url: value };
    } else {
      context.addIssue({ code: 'custom', message: 'must be a valid http or https URL or an audio data URI.' });
    }
    return z.NEVER;
  })
  .meta({ description: 'An http(s) URL or a base64 data URI (data:audio/...;base64,...).' });

// Anything but an object is a part without a valid type: said of its `type`, as of any other.
const part = z.preprocess(
  (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { type: value }),
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('text'), text: text(COMPLETION_LIMITS.messageChars) }),
      z.object({
        type: z.literal('audio'),
        audio_file: z
          .string({ error: requiredOr('must be a string.') })
          .min(1, 'is required.')
          .meta({ description: 'The name of an entry of audio_files.' }),
      }),
    ],
    { error: 'must be one of text, audio.' },
  ),
);

/**
 * A `POST /v2/completions` body: what the OpenAPI document describes and what the route
 * parses, one schema. Members it does not know are ignored.
 */
export const completionRequestShape = z.preprocess(
  // A body that is not an object has no input.
  (body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}),
  z.object(
    {
      input: z.object(
        {
          messages: z
            .array(
              z.object(
                {
                  role: z.enum(MESSAGE_ROLES, { error: `must be one of ${MESSAGE_ROLES.join(', ')}.` }),
                  content: z.union([text(COMPLETION_LIMITS.messageChars), z.array(part).min(1, CONTENT_SHAPE).max(COMPLETION_LIMITS.parts, CONTENT_SHAPE)], {
                    error: CONTENT_SHAPE,
                  }),
                },
                { error: 'must be an object with role and content.' },
              ),
              { error: requiredOr('must be an array.') },
            )
            .min(1, 'must have at least 1 item.')
            .max(COMPLETION_LIMITS.messages, `must not have more than ${COMPLETION_LIMITS.messages} items.`),
          audio_files: named('Audio file names', audioFile, COMPLETION_LIMITS.audioFiles, 'must be an object mapping names to audio URLs.')
            .nullish()
            .meta({ description: `Audio by name: an http(s) URL or a base64 data URI (data:audio/...;base64,...); at most ${COMPLETION_LIMITS.audioFiles}.` }),
          character: text(COMPLETION_LIMITS.characterChars)
            .nullish()
            .meta({ description: `The persona that answers; at most ${COMPLETION_LIMITS.characterChars} characters.` }),
          character_params: named(
            'Character parameter names',
            text(COMPLETION_LIMITS.characterParamChars),
            COMPLETION_LIMITS.characterParams,
            'must be an object.',
          )
            .nullish()
            .meta({ description: `Values for the persona's prompt; at most ${COMPLETION_LIMITS.characterParams}.` }),
        },
        { error: requiredOr('must be an object.') },
      ),
    },
    { error: requiredOr('must be an object.') },
  ),
);

/**
 * Checks a `POST /v2/completions` body against completionRequestShape, reporting every failing
 * member at once, keyed by its path in the request (`input.messages.0.role`).
 */
export function parseCompletionRequest(body: unknown): CompletionInput {
  const parsed = completionRequestShape.safeParse(body, { reportInput: true });
  const errors: Record<string, string[]> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) addIssue(errors, issue, []);
  // Parts that name an audio file must name one of audio_files: a check across members,
  // made on the raw body so it reports alongside everything else.
  for (const [path, name] of audioReferences(body)) {
    if (!hasAudioFile(body, name)) (errors[path] ??= []).push(`The ${path} field must name an entry of input.audio_files.`);
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw invalid(errors);
  const { input } = parsed.data;
  return {
    messages: input.messages,
    audioFiles: input.audio_files ?? {},
    character: input.character?.trim() || null,
    characterParams: Object.fromEntries(
      Object.entries(input.character_params ?? {}).flatMap(([name, value]) => (value.trim() === '' ? [] : [[name, value.trim()] as const])),
    ),
  };
}

/** One zod issue in /v2 wording; a union's branch issues speak for it when the value had that branch's type. */
function addIssue(errors: Record<string, string[]>, issue: z.core.$ZodIssue, prefix: PropertyKey[]): void {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_key') {
    for (const inner of issue.issues) addIssue(errors, inner, path);
    return;
  }
  if (issue.code === 'invalid_union' && issue.errors.length === 2) {
    const branch = typeof issue.input === 'string' ? issue.errors[0] : Array.isArray(issue.input) ? issue.errors[1] : undefined;
    if (branch) {
      for (const inner of branch) addIssue(errors, inner, path);
      return;
    }
  }
  const name = path.map(String).join('.');
  const message = /^[A-Z]/.test(issue.message) ? issue.message : `The ${name} field ${issue.message}`;
  (errors[name] ??= []).push(message);
}

/** Every well-formed audio part of the body: its path and the name it gives. */
function audioReferences(body: unknown): [string, string][] {
  const messages = (body as { input?: { messages?: unknown } } | null)?.input?.messages;
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((message: unknown, index) => {
    const content = (message as { content?: unknown } | null)?.content;
    if (!Array.isArray(content)) return [];
    return content.flatMap((item: unknown, at): [string, string][] => {
      const { type, audio_file: name } = (item ?? {}) as { type?: unknown; audio_file?: unknown };
      return type === 'audio' && typeof name === 'string' && name !== '' ? [[`input.messages.${index}.content.${at}.audio_file`, name]] : [];
    });
  });
}

function hasAudioFile(body: unknown, name: string): boolean {
  const files = (body as { input?: { audio_files?: unknown } } | null)?.input?.audio_files;
  return typeof files === 'object' && files !== null && !Array.isArray(files) && Object.hasOwn(files, name);
}

type Maybe<T> = T | null | undefined;

/** GraphQL's SubmitCompletionInput: messages carry text in `content` or mixed parts in `parts`, and audio files come as a list. */
export interface SubmitCompletionArgs {
  messages: readonly {
    role: string;
    content?: Maybe<string>;
    parts?: Maybe<readonly { type: 'text' | 'audio'; text?: Maybe<string>; audioFile?: Maybe<string> }[]>;
  }[];
  audioFiles?: Maybe<readonly { name: string; url: string }[]>;
  character?: Maybe<string>;
  characterParams?: unknown;
}

/**
 * Checks what only GraphQL's shape can get wrong (REST has one `content` member, and a JSON
 * object cannot name an audio file twice), then the request under its REST member names,
 * so that both doors answer with the same messages.
 */
export function parseSubmitCompletionArgs(args: SubmitCompletionArgs): CompletionInput {
  const both = args.messages.flatMap((message, index) => (message.content != null && message.parts != null ? [index] : []));
  if (both.length > 0) {
    throw new Invalid(
      'A message has both content and parts',
      Object.fromEntries(both.map((index) => [`input.messages.${index}.content`, ['Give either content or parts, not both.']])),
    );
  }
  const names = (args.audioFiles ?? []).map((file) => file.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate !== undefined) throw Invalid.param(`input.audio_files.${duplicate}`, 'Each audio file name may be used once.');
  return parseCompletionRequest({
    input: {
      messages: args.messages.map((message) => ({
        role: message.role,
        content:
          message.parts?.map((part) => (part.type === 'audio' ? { type: 'audio', audio_file: part.audioFile } : { type: 'text', text: part.text })) ??
          message.content,
      })),
      audio_files: args.audioFiles ? Object.fromEntries(args.audioFiles.map((file) => [file.name, file.url])) : undefined,
      character: args.character ?? undefined,
      character_params: args.characterParams ?? undefined,
    },
  });
}
