import type { BatchItemResult, BatchResult } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const BatchItemStatusEnum = builder.enumType('BatchItemStatus', {
  values: { SUCCESS: { value: 'success' as const }, FAILED: { value: 'failed' as const } },
});

export const BatchSummaryRef = builder.objectRef<BatchResult['summary']>('BatchSummary').implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    succeeded: t.exposeInt('succeeded'),
    failed: t.exposeInt('failed'),
  }),
});

export const BatchItemResultRef = builder.objectRef<BatchItemResult>('BatchItemResult').implement({
  description: 'One URL of a batch: a document was created for it, or the URL was refused on its own.',
  fields: (t) => ({
    url: t.exposeString('url'),
    status: t.field({ type: BatchItemStatusEnum, resolve: (item) => item.status }),
    documentId: t.id({ nullable: true, resolve: (item) => (item.status === 'success' ? item.documentId : null) }),
    error: t.string({ nullable: true, resolve: (item) => (item.status === 'failed' ? item.error : null) }),
  }),
});

export const DocumentBatchResultRef = builder.objectRef<BatchResult>('DocumentBatchResult').implement({
  fields: (t) => ({
    summary: t.field({ type: BatchSummaryRef, resolve: (result) => result.summary }),
    results: t.field({ type: [BatchItemResultRef], resolve: (result) => result.results }),
  }),
});
