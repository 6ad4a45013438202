import type { BulkRewriteResult } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const SkippedDocumentRef = builder.objectRef<BulkRewriteResult['skipped'][number]>('SkippedDocument').implement({
  fields: (t) => ({
    documentId: t.exposeID('documentId'),
    reason: t.exposeString('reason', { description: '"already rewritten" or "not digitized".' }),
  }),
});

export const BulkRewriteResultRef = builder.objectRef<BulkRewriteResult>('BulkRewriteResult').implement({
  description: 'Which documents a bulk rewrite queued and which it skipped; follow them with documentUpdated.',
  fields: (t) => ({
    queuedCount: t.int({ resolve: (result) => result.queued.length }),
    skippedCount: t.int({ resolve: (result) => result.skipped.length }),
    queued: t.idList({ resolve: (result) => result.queued }),
    skipped: t.field({ type: [SkippedDocumentRef], resolve: (result) => result.skipped }),
  }),
});
