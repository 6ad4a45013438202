import type { ContentType } from '../domain/knowledge-base/content-types';
import { defineQueue } from './queue-registry';

export interface RewriteOptions {
  contentType: ContentType;
  personName: string | null;
}

export interface DigitizeDocumentJob {
  documentId: string;
  generation: number;
  /** Set when a rewrite should follow (auto_rewrite, or the `process` action). */
  thenRewrite: RewriteOptions | null;
}

export interface RewriteDocumentJob extends RewriteOptions {
  documentId: string;
  generation: number;
}

export interface EmbedKnowledgeBaseJob {
  kbId: string;
  generation: number;
  splitLevel: number;
  language: string;
}

export const digitizeQueue = defineQueue<DigitizeDocumentJob>('kb-digitize');
// Each attempt costs two LLM calls; one retry covers a dropped connection.
export const rewriteQueue = defineQueue<RewriteDocumentJob>('kb-rewrite', { attempts: 2 });
export const embedKnowledgeBaseQueue = defineQueue<EmbedKnowledgeBaseJob>('kb-embed', { attempts: 2 });

/** The BullMQ id of a document job, so a delete can take a waiting job off its queue. */
export function documentJobId(documentId: string, queue: 'digitize' | 'rewrite', generation: number): string {
  return `${documentId}:${queue}:${generation}`;
}
