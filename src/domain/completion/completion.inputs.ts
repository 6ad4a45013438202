import { z } from 'zod';
import { Invalid } from '../errors';
import { invalid, isHttpUrl, MAX_URL_LENGTH } from '../transcription/transcript.inputs';
import { MESSAGE_ROLES, type AudioFileInput, type CompletionInput, type CompletionMessage, type ContentPart, type MessageRole } from './completion.types';

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

/**
 * The shape of a completion request for the OpenAPI document. `parseCompletionRequest` checks
 * it by hand, to report every failing member at once in the wording of the rest of /v2; both
 * take their bounds from COMPLETION_LIMITS.
 */
export const completionRequestShape = z.object({
  input: z.object({
    messages: z
      .array(
        z.object({
          role: z.enum(MESSAGE_ROLES),
          content: z.union([
            z.string().max(COMPLETION_LIMITS.messageChars),
            z
              .array(
                z.union([
                  z.object({ type: z.literal('text'), text: z.string().max(COMPLETION_LIMITS.messageChars) }),
                  z.object({ type: z.literal('audio'), audio_file: z.string().meta({ description: 'The name of an entry of audio_files.' }) }),
                ]),
              )
              .min(1)
              .max(COMPLETION_LIMITS.parts),
          ]),
        }),
      )
      .min(1)
      .max(COMPLETION_LIMITS.messages),
    audio_files: z
      .record(z.string().min(1).max(COMPLETION_LIMITS.nameChars), z.string())
      .optional()
      .meta({ description: `Audio by name: an http(s) URL or a base64 data URI (data:audio/...;base64,...); at most ${COMPLETION_LIMITS.audioFiles}.` }),
    character: z.string().max(COMPLETION_LIMITS.characterChars).optional().meta({ description: 'The persona that answers.' }),
    character_params: z
      .record(z.string().min(1).max(COMPLETION_LIMITS.nameChars), z.string().max(COMPLETION_LIMITS.characterParamChars))
      .optional()
      .meta({ description: `Values for the persona's prompt; at most ${COMPLETION_LIMITS.characterParams}.` }),
  }),
});

const DATA_URI = /^data:(audio\/[a-z0-9.+-]+)((?:;[a-z0-9-]+=[^;,]*)*);base64,([a-z0-9+/=\s]*)$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decodeDataUri(value: string): { mimeType: string; bytes: Buffer } | null {
  const match = DATA_URI.exec(value);
  if (!match?.[1] || match[3] === undefined) return null;
  const base64 = match[3].replace(/\s+/g, '');
  if (base64.length === 0 || base64.length % 4 === 1) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.length > 0 ? { mimeType: match[1].toLowerCase(), bytes } : null;
}

/**
 * Checks a `POST /v2/completions` body, reporting every failing member at once (keyed by its
 * path in the request, `input.messages.0.role`) in the wording of the rest of /v2. Members
 * it does not know are ignored.
 */
export function parseCompletionRequest(body: unknown): CompletionInput {
  const raw = isObject(body) ? body.input : undefined;
  if (raw === undefined || raw === null) throw invalid({ input: ['The input field is required.'] });
  if (!isObject(raw)) throw invalid({ input: ['The input field must be an object.'] });

  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);

  const audioFiles: Record<string, AudioFileInput> = {};
  const rawFiles = raw.audio_files;
  if (rawFiles !== undefined && rawFiles !== null) {
    if (!isObject(rawFiles)) add('input.audio_files', 'The input.audio_files field must be an object mapping names to audio URLs.');
    else {
      const entries = Object.entries(rawFiles);
      if (entries.length > COMPLETION_LIMITS.audioFiles) {
        add('input.audio_files', `The input.audio_files field must not have more than ${COMPLETION_LIMITS.audioFiles} items.`);
      }
      for (const [name, value] of entries) {
        const path = `input.audio_files.${name}`;
        if (name.length === 0 || name.length > COMPLETION_LIMITS.nameChars) {
          add(path, `Audio file names must have between 1 and ${COMPLETION_LIMITS.nameChars} characters.`);
          continue;
        }
        if (typeof value !== 'string') {
          add(path, `The ${path} field must be a string.`);
          continue;
        }
        if (value.startsWith('data:')) {
          const decoded = decodeDataUri(value);
          if (decoded) audioFiles[name] = { kind: 'inline', ...decoded };
          else add(path, `The ${path} field must be a base64 data URI of audio (data:audio/...;base64,...).`);
        } else if (value.length > MAX_URL_LENGTH) {
          add(path, `The ${path} field must not be greater than ${MAX_URL_LENGTH} characters.`);
        } else if (isHttpUrl(value)) {
          audioFiles[name] = { kind: 'url', url: value };
        } else {
          add(path, `The ${path} field must be a valid http or https URL or an audio data URI.`);
        }
      }
    }
  }
  const knownFile = (name: string) => rawFiles !== null && isObject(rawFiles) && Object.hasOwn(rawFiles, name);

  const messages: CompletionMessage[] = [];
  const rawMessages = raw.messages;
  if (rawMessages === undefined || rawMessages === null) add('input.messages', 'The input.messages field is required.');
  else if (!Array.isArray(rawMessages)) add('input.messages', 'The input.messages field must be an array.');
  else if (rawMessages.length === 0) add('input.messages', 'The input.messages field must have at least 1 item.');
  else if (rawMessages.length > COMPLETION_LIMITS.messages) {
    add('input.messages', `The input.messages field must not have more than ${COMPLETION_LIMITS.messages} items.`);
  } else {
    rawMessages.forEach((message, index) => {
      const path = `input.messages.${index}`;
      if (!isObject(message)) {
        add(path, `The ${path} field must be an object with role and content.`);
        return;
      }
      const role = message.role;
      if (typeof role !== 'string' || !(MESSAGE_ROLES as readonly string[]).includes(role)) {
        add(`${path}.role`, `The ${path}.role field must be one of ${MESSAGE_ROLES.join(', ')}.`);
      }
      const content = parseContent(message.content, `${path}.content`, add, knownFile);
      if (content !== undefined) messages.push({ role: role as MessageRole, content });
    });
  }

  let character: string | null = null;
  if (raw.character !== undefined && raw.character !== null && raw.character !== '') {
    if (typeof raw.character !== 'string') add('input.character', 'The input.character field must be a string.');
    else if (raw.character.length > COMPLETION_LIMITS.characterChars) {
      add('input.character', `The input.character field must not be greater than ${COMPLETION_LIMITS.characterChars} characters.`);
    } else character = raw.character.trim() || null;
  }

  const characterParams: Record<string, string> = {};
  const rawParams = raw.character_params;
  if (rawParams !== undefined && rawParams !== null) {
    if (!isObject(rawParams)) add('input.character_params', 'The input.character_params field must be an object.');
    else {
      const entries = Object.entries(rawParams);
      if (entries.length > COMPLETION_LIMITS.characterParams) {
        add('input.character_params', `The input.character_params field must not have more than ${COMPLETION_LIMITS.characterParams} items.`);
      }
      for (const [name, value] of entries) {
        const path = `input.character_params.${name}`;
        if (name.length === 0 || name.length > COMPLETION_LIMITS.nameChars) {
          add(path, `Character parameter names must have between 1 and ${COMPLETION_LIMITS.nameChars} characters.`);
        } else if (typeof value !== 'string') add(path, `The ${path} field must be a string.`);
        else if (value.length > COMPLETION_LIMITS.characterParamChars) {
          add(path, `The ${path} field must not be greater than ${COMPLETION_LIMITS.characterParamChars} characters.`);
        } else if (value.trim() !== '') characterParams[name] = value.trim();
      }
    }
  }

  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { messages, audioFiles, character, characterParams };
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

function parseContent(
  content: unknown,
  path: string,
  add: (path: string, message: string) => void,
  knownFile: (name: string) => boolean,
): string | ContentPart[] | undefined {
  if (typeof content === 'string') {
    if (content.length > COMPLETION_LIMITS.messageChars) {
      add(path, `The ${path} field must not be greater than ${COMPLETION_LIMITS.messageChars} characters.`);
      return undefined;
    }
    return content;
  }
  if (!Array.isArray(content) || content.length === 0 || content.length > COMPLETION_LIMITS.parts) {
    add(path, `The ${path} field must be a string or an array of 1 to ${COMPLETION_LIMITS.parts} parts.`);
    return undefined;
  }
  const parts: ContentPart[] = [];
  content.forEach((part, index) => {
    const partPath = `${path}.${index}`;
    if (!isObject(part) || (part.type !== 'text' && part.type !== 'audio')) {
      add(`${partPath}.type`, `The ${partPath}.type field must be one of text, audio.`);
      return;
    }
    if (part.type === 'text') {
      if (typeof part.text !== 'string') add(`${partPath}.text`, `The ${partPath}.text field must be a string.`);
      else if (part.text.length > COMPLETION_LIMITS.messageChars) {
        add(`${partPath}.text`, `The ${partPath}.text field must not be greater than ${COMPLETION_LIMITS.messageChars} characters.`);
      } else parts.push({ type: 'text', text: part.text });
      return;
    }
    if (typeof part.audio_file !== 'string' || part.audio_file === '') {
      add(`${partPath}.audio_file`, `The ${partPath}.audio_file field is required.`);
    } else if (!knownFile(part.audio_file)) {
      add(`${partPath}.audio_file`, `The ${partPath}.audio_file field must name an entry of input.audio_files.`);
    } else parts.push({ type: 'audio', audio_file: part.audio_file });
  });
  return parts.length === content.length ? parts : undefined;
}
