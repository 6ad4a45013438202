import { Invalid } from '../domain/errors';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import { requireCaller, type GraphqlContext } from './context';

type Ctx = GraphqlContext;
type Maybe<T> = T | null | undefined;

export interface SubmitTranscriptArgs {
  audioUrl?: Maybe<string>;
  audio?: Maybe<UploadedFile>;
  languageCode?: Maybe<string>;
  languageAuto?: Maybe<boolean>;
  fillerWords?: Maybe<boolean>;
  formatText?: Maybe<boolean>;
  boostedWords?: Maybe<readonly string[]>;
}

export interface CompletionPartArgs {
  type: 'text' | 'audio';
  text?: Maybe<string>;
  audioFile?: Maybe<string>;
}

export interface SubmitCompletionArgs {
  messages: readonly { role: string; content?: Maybe<string>; parts?: Maybe<readonly CompletionPartArgs[]> }[];
  audioFiles?: Maybe<readonly { name: string; url: string }[]>;
  character?: Maybe<string>;
  characterParams?: unknown;
}

const given = <T>(value: Maybe<T>): T | undefined => value ?? undefined;

/**
 * GraphQL's doors to the transcript and completion services. Arguments are handed over
 * under the REST parameter names, so validation and its messages are the same on both.
 */
export const transcriptionResolvers = {
  transcript(ctx: Ctx, id: string) {
    return ctx.services.transcripts.get(requireCaller(ctx), id);
  },

  submitTranscript(ctx: Ctx, input: SubmitTranscriptArgs) {
    return ctx.services.transcripts.submit(requireCaller(ctx), {
      audio_url: given(input.audioUrl),
      audio: given(input.audio),
      language_code: given(input.languageCode),
      language_auto: given(input.languageAuto),
      filler_words: given(input.fillerWords),
      format_text: given(input.formatText),
      boosted_words: given(input.boostedWords),
    });
  },

  transcriptUpdated(ctx: Ctx, id: string) {
    return ctx.services.transcripts.watch(requireCaller(ctx), id);
  },

  completion(ctx: Ctx, id: string) {
    return ctx.services.completions.get(requireCaller(ctx), id);
  },

  submitCompletion(ctx: Ctx, input: SubmitCompletionArgs) {
    const caller = requireCaller(ctx);
    const both = input.messages.flatMap((message, index) => (message.content != null && message.parts != null ? [index] : []));
    if (both.length > 0) {
      throw new Invalid(
        'A message has both content and parts',
        Object.fromEntries(both.map((index) => [`input.messages.${index}.content`, ['Give either content or parts, not both.']])),
      );
    }
    const names = (input.audioFiles ?? []).map((file) => file.name);
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate !== undefined) throw Invalid.param(`input.audio_files.${duplicate}`, 'Each audio file name may be used once.');
    return ctx.services.completions.submit(caller, {
      input: {
        messages: input.messages.map((message) => ({
          role: message.role,
          content:
            message.parts?.map((part) => (part.type === 'audio' ? { type: 'audio', audio_file: part.audioFile } : { type: 'text', text: part.text })) ??
            message.content,
        })),
        audio_files: input.audioFiles ? Object.fromEntries(input.audioFiles.map((file) => [file.name, file.url])) : undefined,
        character: given(input.character),
        character_params: given(input.characterParams),
      },
    });
  },

  completionUpdated(ctx: Ctx, id: string) {
    return ctx.services.completions.watch(requireCaller(ctx), id);
  },
};
