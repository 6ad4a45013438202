import { completionPath, COMPLETION_STATES, MESSAGE_ROLES, type CompletionRecord } from '../domain/completion/completion.types';
import { builder } from './builder';

export const CompletionStateEnum = builder.enumType('CompletionState', {
  description: 'IN_PROGRESS, then COMPLETED or FAILED.',
  values: Object.fromEntries(COMPLETION_STATES.map((state) => [state.replace('-', '_').toUpperCase(), { value: state }])) as Record<
    'IN_PROGRESS' | 'COMPLETED' | 'FAILED',
    { value: (typeof COMPLETION_STATES)[number] }
  >,
});

const ChatRoleEnum = builder.enumType('ChatRole', {
  values: Object.fromEntries(MESSAGE_ROLES.map((role) => [role.toUpperCase(), { value: role }])) as Record<
    'SYSTEM' | 'USER' | 'ASSISTANT',
    { value: (typeof MESSAGE_ROLES)[number] }
  >,
});

const ContentPartTypeEnum = builder.enumType('ContentPartType', {
  values: { TEXT: { value: 'text' as const }, AUDIO: { value: 'audio' as const } },
});

export const CompletionRef = builder.objectRef<CompletionRecord>('Completion').implement({
  description: 'A persona reply generated from messages and audio; readable for a while after it finishes.',
  fields: (t) => ({
    id: t.id({ description: 'The path form, /v2/completions/<uuid>, as REST gives it.', resolve: (completion) => completionPath(completion.id) }),
    state: t.field({ type: CompletionStateEnum, resolve: (completion) => completion.state }),
    output: t.field({
      type: 'JSON',
      nullable: true,
      description: 'As in REST: {message, usage, model, transcripts} once COMPLETED, {error} once FAILED.',
      resolve: (completion) => completion.output,
    }),
    partialOutput: t.string({
      nullable: true,
      description: 'The reply written so far while IN_PROGRESS (null before any, and once finished: output has it); completionOutput streams it.',
      resolve: (completion, _args, ctx) => ctx.domain.completions.partialOutput(completion),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (completion) => completion.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (completion) => completion.updatedAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (completion) => completion.finishedAt }),
  }),
});

const ContentPartInput = builder.inputType('CompletionContentPartInput', {
  fields: (t) => ({
    type: t.field({ type: ContentPartTypeEnum, required: true }),
    text: t.string({ description: 'For TEXT parts.' }),
    audioFile: t.string({ description: 'For AUDIO parts: the name of one of the audioFiles.' }),
  }),
});

const MessageInput = builder.inputType('CompletionMessageInput', {
  description: 'Either content (plain text) or parts (text and audio), not both.',
  fields: (t) => ({
    role: t.field({ type: ChatRoleEnum, required: true }),
    content: t.string(),
    parts: t.field({ type: [ContentPartInput] }),
  }),
});

const AudioFileInput = builder.inputType('CompletionAudioFileInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    url: t.string({ required: true, description: 'An http(s) URL or a data:audio/...;base64,... URI.' }),
  }),
});

export const SubmitCompletionInput = builder.inputType('SubmitCompletionInput', {
  fields: (t) => ({
    messages: t.field({ type: [MessageInput], required: true }),
    audioFiles: t.field({ type: [AudioFileInput], description: 'Files that no message part names are heard after the messages, in this order.' }),
    character: t.string({ description: 'The persona to play.' }),
    characterParams: t.field({ type: 'JSON', description: 'String values: description, personality, speaking_style, language, ...' }),
  }),
});
