import { z } from 'zod';
import { recordLayout } from '../shared/record-layout';
import { COMPLETION_STATES, MESSAGE_ROLES, type CompletionRecord } from './completion.types';

// A completion as stored. Layout 1 is every completion written before records said their layout;
// what was added since the first of them has a default here, the value a completion written
// before it reads with (see CompletionRecord for what each field means).

const contentPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('audio'), audio_file: z.string() }),
]);

const audioSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: z.string() }),
  z.object({ kind: z.literal('inline'), blobId: z.string(), mimeType: z.string() }),
]);

const completionOutput = z.object({
  message: z.object({ role: z.literal('assistant'), content: z.string() }),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }),
  model: z.string(),
  transcripts: z.record(z.string(), z.string()),
});

const completionRecord = z.object({
  id: z.string(),
  keyId: z.string(),
  state: z.enum(COMPLETION_STATES),
  input: z.object({
    messages: z.array(z.object({ role: z.enum(MESSAGE_ROLES), content: z.union([z.string(), z.array(contentPart)]) })),
    audioFiles: z.record(z.string(), audioSource),
    character: z.string().nullable(),
    characterParams: z.record(z.string(), z.string()),
  }),
  output: z.union([completionOutput, z.object({ error: z.string() })]).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  partners: z.array(z.string()).default([]),
  version: z.number(),
});

/** Layout 2: every field a completion has now, written with its version. */
export const COMPLETION_LAYOUT = recordLayout<CompletionRecord>()({ version: 2, schema: completionRecord });
