import type { KnowledgeBaseStats } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const KnowledgeBaseStatsRef = builder.objectRef<KnowledgeBaseStats>('KnowledgeBaseStats').implement({
  description: 'Counts over the documents of a knowledge base; characters are counted as code points.',
  fields: (t) => ({
    documentCount: t.exposeInt('document_count'),
    digitizedCount: t.exposeInt('digitized_count'),
    draftRewriteCount: t.exposeInt('draft_rewrite_count'),
    finalRewriteCount: t.exposeInt('final_rewrite_count'),
    totalDigitizedChars: t.exposeInt('total_digitized_chars'),
    totalDraftRewriteChars: t.exposeInt('total_draft_rewrite_chars'),
    totalFinalRewriteChars: t.exposeInt('total_final_rewrite_chars'),
    errorCount: t.exposeInt('error_count'),
    embeddedCount: t.exposeInt('embedded_count'),
  }),
});
