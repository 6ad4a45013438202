import type { ObjectRef, SchemaTypes } from '@pothos/core';
import { embeddingProgress, isEmbeddingStale, type EmbeddingDetails, type KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

type SchemaTypesOf<B> = B extends PothosSchemaTypes.SchemaBuilder<infer Types extends SchemaTypes> ? Types : never;
import { KnowledgeBaseEmbeddingStateEnum } from './knowledge-base-embedding-state';
import { QueueWaitRef } from './queue-wait';
import { ProgressRef } from './progress';

export const KnowledgeBaseEmbeddingDetailsRef = builder.objectRef<EmbeddingDetails>('KnowledgeBaseEmbeddingDetails').implement({
  description: 'What an embedding run covered.',
  fields: (t) => ({
    documents: t.exposeInt('documents'),
    chunks: t.exposeInt('chunks'),
    model: t.exposeString('model'),
    splitLevel: t.exposeInt('split_level'),
    language: t.exposeString('language'),
    chunksTotal: t.int({
      nullable: true,
      description: 'Null for runs recorded before chunks were counted apart.',
      resolve: (details) => details.chunks_total ?? null,
    }),
    chunksReused: t.int({ nullable: true, description: 'Chunks whose vector an earlier run had made.', resolve: (details) => details.chunks_reused ?? null }),
    chunksEmbedded: t.int({ nullable: true, description: 'Chunks embedded by this run.', resolve: (details) => details.chunks_embedded ?? null }),
    tokens: t.int({
      nullable: true,
      description: 'Tokens sent to the embedding engine; 0 with the local embedder.',
      resolve: (details) => details.tokens ?? null,
    }),
  }),
});

/** A knowledge base as seen through its embedding; `deleted` is set on the last subscription event. */
export type EmbeddingStatusShape = KnowledgeBaseRecord & { deleted?: boolean };

export const KnowledgeBaseEmbeddingStatusRef = builder.objectRef<EmbeddingStatusShape>('KnowledgeBaseEmbeddingStatus').implement({
  description: 'The embedding of a knowledge base: the current run and the last successful one.',
  fields: (t) => ({
    knowledgeBase: t.string({ description: 'The name of the knowledge base.', resolve: (kb) => kb.name }),
    status: t.field({ type: KnowledgeBaseEmbeddingStateEnum, resolve: (kb) => kb.embedding.status }),
    error: t.string({ nullable: true, description: 'Readable reason when FAILED.', resolve: (kb) => kb.embedding.error }),
    lastSuccessfulUpdateTime: t.field({ type: 'DateTime', nullable: true, resolve: (kb) => kb.embedding.lastSuccessfulUpdateTime }),
    lastUpdateTime: t.field({ type: 'DateTime', nullable: true, resolve: (kb) => kb.embedding.lastUpdateTime }),
    lastUpdateStatus: t.string({
      nullable: true,
      description: 'success or failed; null before the first run.',
      resolve: (kb) => kb.embedding.lastUpdateStatus,
    }),
    lastUpdateDetails: t.field({ type: KnowledgeBaseEmbeddingDetailsRef, nullable: true, resolve: (kb) => kb.embedding.lastUpdateDetails }),
    lastSuccessfulDetails: t.field({ type: KnowledgeBaseEmbeddingDetailsRef, nullable: true, resolve: (kb) => kb.embedding.lastSuccessfulDetails }),
    externalJobId: t.string({ nullable: true, resolve: (kb) => kb.embedding.externalJobId }),
    embeddingStale: t.boolean({ resolve: (kb) => isEmbeddingStale(kb) }),
    splitLevel: t.int({ resolve: (kb) => kb.embedding.splitLevel }),
    language: t.string({ resolve: (kb) => kb.embedding.language }),
    deleted: t.boolean({ description: 'True only on the last subscription event, when the knowledge base was deleted.', resolve: (kb) => kb.deleted ?? false }),
  }),
});

/**
 * The running embedding's progress and why it waits, which `KnowledgeBase` and
 * `KnowledgeBaseEmbeddingStatus` both show: written once, added to each.
 */
export function addEmbeddingRunFields<Shape extends KnowledgeBaseRecord>(ref: ObjectRef<SchemaTypesOf<typeof builder>, Shape>) {
  builder.objectFields(ref, (t) => ({
    progress: t.field({
      type: ProgressRef,
      nullable: true,
      description: 'The running embedding (stage embedding: chunks embedded of total).',
      resolve: (kb) => embeddingProgress(kb),
    }),
    queue: t.field({
      type: QueueWaitRef,
      nullable: true,
      description: 'Why the embedding run has not started yet, and when it should; null once it runs or when none is under way.',
      resolve: (kb, _args, ctx) => ctx.domain.knowledgeBaseEmbedding.queueWait(kb),
    }),
  }));
}

addEmbeddingRunFields(KnowledgeBaseEmbeddingStatusRef);
