import { digitizeQueue, rewriteQueue, type RewriteOptions } from './knowledge-base.queues';
import type { JobOrigin } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import { documentProgress, type DocumentRecord } from './knowledge-base.types';

/** Queues a document's digitize and rewrite jobs for the generation its record was just moved to. */
export class DocumentJobs extends RecordJobs<DocumentRecord> {
  /**
   * Digitizes new documents that ask for it (and rewrites them after, when they ask for
   * that). A batch of several is bulk work: it yields to the partner's single uploads.
   */
  async digitizeNew(documents: readonly DocumentRecord[], requestId?: string): Promise<void> {
    const queued = documents.filter((document) => document.inQueues.includes('digitize'));
    if (queued.length === 0) return;
    await this.queues.addBulk(
      digitizeQueue,
      queued.map((document) => ({
        documentId: document.id,
        partner: document.partner,
        generation: document.generation,
        thenRewrite: document.autoRewrite ? { contentType: 'auto' as const, personName: document.expertName } : null,
      })),
      { requestId, bulk: documents.length > 1 },
    );
  }

  /** Digitizes the document, then rewrites it when `thenRewrite` is given; supersedes the generation before. */
  async digitize(document: DocumentRecord, thenRewrite: RewriteOptions | null, origin: JobOrigin): Promise<void> {
    await this.queues.add(digitizeQueue, { documentId: document.id, partner: document.partner, generation: document.generation, thenRewrite }, origin);
    await this.withdrawGeneration(document, document.generation - 1);
  }

  /** Rewrites the document; supersedes the generation before. */
  async rewrite(document: DocumentRecord, options: RewriteOptions, origin?: JobOrigin): Promise<void> {
    await this.rewriteNext(document, document.generation, options, origin);
    await this.withdrawGeneration(document, document.generation - 1);
  }

  /** The rewrite that follows a digitize job of the same generation (nothing to supersede). */
  async rewriteNext(document: DocumentRecord, generation: number, options: RewriteOptions, origin?: JobOrigin): Promise<void> {
    await this.queues.add(
      rewriteQueue,
      { documentId: document.id, partner: document.partner, generation, contentType: options.contentType, personName: options.personName },
      origin,
    );
  }

  /** A deleted document's waiting jobs leave their queues. */
  async cancel(document: DocumentRecord): Promise<void> {
    await this.withdrawGeneration(document, document.generation);
  }

  workOf(document: DocumentRecord): QueuedWork | null {
    const key = { documentId: document.id, generation: document.generation };
    const reporting = documentProgress(document) !== null;
    if (document.inQueues[0] === 'digitize') return queuedWork(digitizeQueue, key, reporting);
    if (document.inQueues[0] === 'rewrite') return queuedWork(rewriteQueue, key, reporting);
    return null;
  }

  private async withdrawGeneration(document: DocumentRecord, generation: number): Promise<void> {
    await Promise.all([
      this.withdraw(digitizeQueue, { documentId: document.id, generation }),
      this.withdraw(rewriteQueue, { documentId: document.id, generation }),
    ]);
  }
}
