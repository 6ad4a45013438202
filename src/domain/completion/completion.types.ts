import type { Versioned } from '../../store/record-store';

export const COMPLETION_STATES = ['in-progress', 'completed', 'failed'] as const;
export type CompletionState = (typeof COMPLETION_STATES)[number];

export const MESSAGE_ROLES = ['system', 'user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export type ContentPart = { type: 'text'; text: string } | { type: 'audio'; audio_file: string };

export interface CompletionMessage {
  role: MessageRole;
  /** Plain text, or parts that mix text with references to entries of `audio_files`. */
  content: string | ContentPart[];
}

/** An audio file as the partner gave it: a URL, or the bytes of a data URI. */
export type AudioFileInput = { kind: 'url'; url: string } | { kind: 'inline'; mimeType: string; bytes: Buffer };

/** A valid completion request; its audio files as the partner gave them until they are stored. */
export interface CompletionInput<AudioFile = AudioFileInput> {
  messages: CompletionMessage[];
  audioFiles: Record<string, AudioFile>;
  character: string | null;
  characterParams: Record<string, string>;
}

/** An audio file as stored: a partner URL fetched by the job, or a data URI decoded at submission. */
export type AudioSource = { kind: 'url'; url: string } | { kind: 'inline'; blobId: string; mimeType: string };

export type StoredCompletionInput = CompletionInput<AudioSource>;

export interface CompletionOutput {
  message: { role: 'assistant'; content: string };
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  model: string;
  /** The text heard in each audio file, by its name. */
  transcripts: Record<string, string>;
}

export interface CompletionFailure {
  error: string;
}

export interface CompletionRecord extends Versioned {
  id: string;
  /** The API key that submitted it: completions belong to a key, not to a partner. */
  keyId: string;
  state: CompletionState;
  input: StoredCompletionInput;
  output: CompletionOutput | CompletionFailure | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** The submitting key's partners at submission, whose webhook endpoints hear of the completion (none on completions submitted before it was kept). */
  partners: string[];
}

export function isFinished(completion: CompletionRecord): boolean {
  return completion.state !== 'in-progress';
}

export const COMPLETION_PATH = '/v2/completions/';

export function completionPath(id: string): string {
  return `${COMPLETION_PATH}${id}`;
}

/** The names of the audio files the messages point at, each once, in order of first use. */
export function referencedAudioFiles(messages: readonly CompletionMessage[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === 'string') continue;
    for (const part of message.content) if (part.type === 'audio') names.add(part.audio_file);
  }
  return [...names];
}

/** The audio files no message points at, in the order of `audio_files`: the LLM hears them after the messages. */
export function unreferencedAudioFiles(input: StoredCompletionInput): string[] {
  const referenced = new Set(referencedAudioFiles(input.messages));
  return Object.keys(input.audioFiles).filter((name) => !referenced.has(name));
}

/** The record kind of completions in the record store. */
export const COMPLETION_KIND = 'completion';

/** The inline audio files a completion holds, which the orphan sweep keeps. */
export function completionBlobs(completion: CompletionRecord): (string | null)[] {
  return Object.values(completion.input.audioFiles).map((file) => (file.kind === 'inline' ? file.blobId : null));
}
