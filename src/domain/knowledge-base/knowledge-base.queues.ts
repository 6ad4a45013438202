import { z } from 'zod';
import { defineQueue, ownerField } from '../../queues/queue-registry';
import { CONTENT_TYPES } from './content-types';

const rewriteOptions = z.object({
  contentType: z.enum(CONTENT_TYPES),
  personName: z.string().nullable(),
});

type DocumentJobKey = { documentId: string; generation: number };

export const digitizeQueue = defineQueue({
  name: 'kb-digitize',
  schema: z.object({
    documentId: z.string(),
    partner: ownerField,
    generation: z.number().int().nonnegative(),
    /** Set when a rewrite should follow (auto_rewrite, or the `process` action). */
    thenRewrite: rewriteOptions.nullable(),
  }),
  jobId: ({ documentId, generation }: DocumentJobKey) => `${documentId}_digitize_${generation}`,
  lane: ({ partner }) => partner,
  resource: ({ documentId }) => documentId,
});

export const rewriteQueue = defineQueue({
  name: 'kb-rewrite',
  schema: rewriteOptions.extend({
    documentId: z.string(),
    partner: ownerField,
    generation: z.number().int().nonnegative(),
  }),
  jobId: ({ documentId, generation }: DocumentJobKey) => `${documentId}_rewrite_${generation}`,
  lane: ({ partner }) => partner,
  resource: ({ documentId }) => documentId,
  // Each attempt costs two LLM calls; one retry covers a dropped connection.
  defaultJobOptions: { attempts: 2 },
});

export const embedKnowledgeBaseQueue = defineQueue({
  name: 'kb-embed',
  schema: z.object({
    kbId: z.string(),
    partner: ownerField,
    generation: z.number().int().nonnegative(),
    splitLevel: z.number().int(),
    language: z.string(),
  }),
  // Also the embedding's `external_job_id` on the wire.
  jobId: ({ kbId, generation }: { kbId: string; generation: number }) => `${kbId}_embed_${generation}`,
  lane: ({ partner }) => partner,
  resource: ({ kbId }) => kbId,
  defaultJobOptions: { attempts: 2 },
});

export type RewriteOptions = z.output<typeof rewriteOptions>;
export type DigitizeDocumentJob = z.output<typeof digitizeQueue.schema>;
export type RewriteDocumentJob = z.output<typeof rewriteQueue.schema>;
export type EmbedKnowledgeBaseJob = z.output<typeof embedKnowledgeBaseQueue.schema>;
