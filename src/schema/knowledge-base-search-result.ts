import type { RetrievalAnswer, RetrievedChunk } from '../domain/knowledge-base/knowledge-base-retrieval.service';
import { isEmbeddingStale } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const KnowledgeBaseSearchHitRef = builder.objectRef<RetrievedChunk>('KnowledgeBaseSearchHit').implement({
  description: 'A chunk that answers a search, with its place in its source.',
  fields: (t) => ({
    documentId: t.exposeString('documentId'),
    documentName: t.exposeString('documentName'),
    folder: t.exposeString('folder'),
    headingPath: t.exposeString('headingPath', { nullable: true, description: 'The headings it stands under, joined by " > ".' }),
    text: t.exposeString('text'),
    score: t.exposeFloat('score', { description: 'Higher is better; its scale depends on the mode.' }),
    charStart: t.exposeInt('charStart', { description: 'Where it starts in the text it was cut from, in characters.' }),
    charEnd: t.exposeInt('charEnd', { description: 'Where it ends, exclusive.' }),
    startMs: t.exposeInt('startMs', { nullable: true, description: 'Audio and video documents: when the passage starts in the recording.' }),
    endMs: t.exposeInt('endMs', { nullable: true, description: 'Audio and video documents: when it ends.' }),
  }),
});

export const KnowledgeBaseSearchResultRef = builder.objectRef<RetrievalAnswer>('KnowledgeBaseSearchResult').implement({
  description: 'What a search found in the last successful embedding run.',
  fields: (t) => ({
    results: t.field({ type: [KnowledgeBaseSearchHitRef], resolve: (answer) => answer.results }),
    lastSuccessfulUpdateTime: t.field({ type: 'DateTime', nullable: true, resolve: (answer) => answer.kb.embedding.lastSuccessfulUpdateTime }),
    embeddingStale: t.boolean({ description: 'Documents changed since that run started.', resolve: (answer) => isEmbeddingStale(answer.kb) }),
  }),
});
