import { z } from 'zod';
import { storedProgressSchema } from '../shared/progress';
import { recordLayout, type LayoutStep } from '../shared/record-layout';
import { DOCUMENT_FORMATS } from './document-format';
import { DOCUMENT_TYPES, EMBEDDING_STATUSES, MODEL_TIERS, type DocumentRecord, type KnowledgeBaseRecord } from './knowledge-base.types';

// Knowledge bases and their documents as stored. Layout 1 is every record written before records
// said their layout; what was added since the first of them has a default here, the value a
// record written before it reads with (see the record types for what each field means).

const embeddingDetails = z.object({
  documents: z.number(),
  chunks: z.number(),
  model: z.string(),
  split_level: z.number(),
  language: z.string(),
  // Absent on runs recorded before they were counted: a past run's counts cannot be made up.
  chunks_total: z.number().optional(),
  chunks_reused: z.number().optional(),
  chunks_embedded: z.number().optional(),
  tokens: z.number().optional(),
});

const knowledgeBaseRecord = z.object({
  id: z.string(),
  partner: z.string(),
  name: z.string(),
  expertName: z.string().nullable(),
  userEmail: z.string().nullable(),
  folders: z.array(z.string()),
  contentRevision: z.number(),
  embedding: z.object({
    status: z.enum(EMBEDDING_STATUSES),
    error: z.string().nullable(),
    generation: z.number(),
    externalJobId: z.string().nullable(),
    splitLevel: z.number(),
    language: z.string(),
    lastUpdateTime: z.string().nullable(),
    lastUpdateStatus: z.enum(['success', 'failed']).nullable(),
    lastUpdateDetails: embeddingDetails.nullable(),
    lastSuccessfulUpdateTime: z.string().nullable(),
    lastSuccessfulDetails: embeddingDetails.nullable(),
    index: z.object({ table: z.string(), generation: z.number(), approximate: z.boolean() }).nullable().default(null),
    removedDocuments: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
    startedRevision: z.number(),
    embeddedRevision: z.number().nullable(),
  }),
  progress: storedProgressSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/**
 * Layout 1 to 2. Before the retrieval index, a run left its chunks and vectors in a blob of JSON
 * lines (`embedding.blobId`), which no build reads now: such a knowledge base has no index to
 * answer from, so its embedding is stale (it needs a run) rather than up to date. The blob itself
 * is referenced by nothing, and the orphan sweep takes it.
 */
const fromJsonLinesEmbedding: LayoutStep = (kb) => {
  const embedding = kb.embedding as Record<string, unknown> | undefined;
  if (typeof embedding?.blobId !== 'string' || embedding.index !== undefined) return kb;
  return { ...kb, embedding: { ...embedding, index: null, embeddedRevision: null } };
};

/** Layout 2: every field a knowledge base has now, written with its version. */
export const KNOWLEDGE_BASE_LAYOUT = recordLayout<KnowledgeBaseRecord>()({ version: 2, schema: knowledgeBaseRecord, steps: { 1: fromJsonLinesEmbedding } });

const textFile = z.object({ blobId: z.string(), chars: z.number() });

const documentRecord = z.object({
  id: z.string(),
  kbId: z.string(),
  partner: z.string(),
  name: z.string(),
  nameFromSource: z.boolean(),
  folder: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  url: z.string().nullable(),
  original: z.object({ blobId: z.string(), format: z.enum(DOCUMENT_FORMATS), filename: z.string(), sourceName: z.string().nullable() }).nullable(),
  digitized: textFile.nullable(),
  draft: textFile.nullable(),
  rewritten: textFile.nullable(),
  userEmail: z.string().nullable(),
  expertName: z.string().nullable(),
  autoRewrite: z.boolean(),
  modelTier: z.enum(MODEL_TIERS),
  useOriginalAsRewritten: z.boolean(),
  inQueues: z.array(z.enum(['digitize', 'rewrite'])),
  generation: z.number(),
  rewriteModel: z.string().nullable(),
  rewriteInputTokens: z.number().nullable(),
  rewriteOutputTokens: z.number().nullable(),
  rewriteCompletedAt: z.string().nullable(),
  processingError: z.string().nullable(),
  isEmbedded: z.boolean(),
  wordTimings: z.object({ blobId: z.string(), words: z.number() }).nullable().default(null),
  progress: storedProgressSchema.nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/** Layout 2: every field a document has now, written with its version. */
export const DOCUMENT_LAYOUT = recordLayout<DocumentRecord>()({ version: 2, schema: documentRecord });
