import type { JobOrigin } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import type { DocumentProcessingService } from './document-processing.service';
import { digitizeQueue, rewriteQueue, type RewriteOptions } from './knowledge-base.queues';
import { DOCUMENT_KIND, documentProgress, type DocumentRecord } from './knowledge-base.types';

type DocumentEndings = Pick<DocumentProcessingService, 'recordProcessingFailure'>;

/** Queues a document's digitize and rewrite jobs for the generation its record was just moved to. */
export class DocumentJobs extends RecordJobs<DocumentRecord, DocumentEndings> {
  readonly kind = DOCUMENT_KIND;
  readonly waitsIn = [digitizeQueue, rewriteQueue];

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

  /**
   * The stage its record says runs. Neither can be rebuilt from the record: the follow-up
   * rewrite and its options travel only in the job, so a lost one is failed.
   */
  workOf(document: DocumentRecord): QueuedWork<DocumentEndings> | null {
    const stage = document.inQueues[0];
    if (stage === undefined) return null;
    const { id: documentId, generation } = document;
    return queuedWork({
      queue: stage === 'digitize' ? digitizeQueue : rewriteQueue,
      key: { documentId, generation },
      reporting: documentProgress(document) !== null,
      since: document.updatedAt,
      payload: null,
      fail: (processing, reason) => processing.recordProcessingFailure(documentId, generation, reason),
    });
  }

  private async withdrawGeneration(document: DocumentRecord, generation: number): Promise<void> {
    await Promise.all([
      this.withdraw(digitizeQueue, { documentId: document.id, generation }),
      this.withdraw(rewriteQueue, { documentId: document.id, generation }),
    ]);
  }
}
