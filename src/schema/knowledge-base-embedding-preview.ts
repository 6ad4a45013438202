import type { EmbeddingPreview, PreviewDocument } from '../domain/knowledge-base/knowledge-base-embedding.service';
import { builder } from './builder';

const EmbeddingPreviewDocumentRef = builder.objectRef<PreviewDocument>('EmbeddingPreviewDocument').implement({
  fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name') }),
});

export const KnowledgeBaseEmbeddingPreviewRef = builder.objectRef<EmbeddingPreview>('KnowledgeBaseEmbeddingPreview').implement({
  description: 'What the next embedding run would do, against the last successful one.',
  fields: (t) => ({
    model: t.exposeString('model'),
    splitLevel: t.exposeInt('splitLevel'),
    language: t.exposeString('language'),
    documentsAdded: t.field({ type: [EmbeddingPreviewDocumentRef], resolve: (preview) => preview.documentsAdded }),
    documentsChanged: t.field({ type: [EmbeddingPreviewDocumentRef], resolve: (preview) => preview.documentsChanged }),
    documentsRemoved: t.field({ type: [EmbeddingPreviewDocumentRef], resolve: (preview) => preview.documentsRemoved }),
    documentsUnchanged: t.exposeInt('documentsUnchanged'),
    chunksTotal: t.exposeInt('chunksTotal'),
    chunksReused: t.exposeInt('chunksReused', { description: 'Chunks whose vector an earlier run made.' }),
    chunksToEmbed: t.exposeInt('chunksToEmbed'),
    tokensEstimated: t.exposeInt('tokensEstimated', { description: 'Of the texts that would be sent, at four characters a token.' }),
  }),
});
