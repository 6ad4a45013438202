import type { RewriteOptions } from './knowledge-base.queues';
import type { JobOrigin } from '../../queues/queue-registry';
import type { BlobStore } from '../../store/blob-store';
import { throttledProgress, type ProgressReporter } from '../shared/progress';
import { Invalid, NotFound } from '../errors';
import type { OutputEvent, OutputLog, OutputWriter } from '../output/output-log';
import type { PushStream } from '../../events/push-stream';
import { DocumentRewriteOutput } from './document-rewrite-output';
import type { TranscriptWord } from '../transcription/transcript.types';
import { storeText } from './document-files';
import type { BulkRewriteRequest, ProcessRequest } from './knowledge-base.inputs';
import { now, type KnowledgeBaseRepository } from './knowledge-base.repository';
import type { QueueWait } from '../shared/queued-work';
import type { DocumentJobs } from './document.jobs';
import { charCount, isBusy, parseDocumentId, type BulkRewriteResult, type DocumentRecord, type OriginalFile, type TextFile } from './knowledge-base.types';

export interface DocumentProcessingServiceDeps {
  repository: KnowledgeBaseRepository;
  blobs: BlobStore;
  jobs: DocumentJobs;
  /** Where a rewrite streams its draft and final text. */
  output: OutputLog;
}

/**
 * Digitizing and rewriting documents: the triggers that queue the jobs, and the state changes
 * the workers report. A trigger raises the document's generation, so a job it supersedes
 * finds itself out of date and changes nothing.
 */
export class DocumentProcessingService {
  private readonly rewriteOutput: DocumentRewriteOutput;

  constructor(private readonly deps: DocumentProcessingServiceDeps) {
    this.rewriteOutput = new DocumentRewriteOutput(deps.output, deps.blobs);
  }

  /** Queues digitize, rewrite or both for one document, superseding whatever ran before. */
  async queueProcess(partner: string, kbName: string, request: Omit<ProcessRequest, 'partner' | 'kb'>, requestId?: string): Promise<DocumentRecord> {
    const { document } = await this.deps.repository.documentIn(partner, kbName, request.documentId);
    const { action } = request;
    const options: RewriteOptions = { contentType: request.contentType, personName: request.personName };
    const hasSource = document.original !== null || (document.type === 'url' && document.url !== null);
    if (action === 'digitize' && !hasSource) throw Invalid.param('document', 'the document has no original file or URL to digitize');
    if (action === 'rewrite' && !document.digitized) throw Invalid.param('document', 'the document has no digitized content to rewrite');
    if (action === 'process' && !hasSource && !document.digitized) {
      throw Invalid.param('document', 'the document has no original file, URL or digitized content to process');
    }
    const stage = action === 'rewrite' || (action === 'process' && !hasSource) ? 'rewrite' : 'digitize';
    const thenRewrite = action === 'process' || (action === 'digitize' && document.autoRewrite) ? options : null;
    return this.startProcessing(document, stage, stage === 'rewrite' ? options : thenRewrite, { requestId });
  }

  /** Queues a rewrite of every digitized document of the knowledge base, or of one folder. */
  async bulkRewrite(partner: string, kbName: string, folder: string | null, request: BulkRewriteRequest, requestId?: string): Promise<BulkRewriteResult> {
    const { repository } = this.deps;
    const kb = await repository.get(partner, kbName);
    const documents = await repository.documentsOf(kb.id);
    if (folder !== null && !kb.folders.includes(folder)) throw new NotFound('Folder not found');
    const result: BulkRewriteResult = { queued: [], skipped: [] };
    for (const document of documents) {
      if (folder !== null && document.folder !== folder) continue;
      if (request.skipRewritten && document.rewritten) result.skipped.push({ documentId: document.id, reason: 'already rewritten' });
      else if (!document.digitized) result.skipped.push({ documentId: document.id, reason: 'not digitized' });
      else {
        // Nobody waits on one document of a bulk rewrite: it yields to the partner's interactive work.
        await this.startProcessing(document, 'rewrite', { contentType: request.contentType, personName: request.personName }, { requestId, bulk: true });
        result.queued.push(document.id);
      }
    }
    return result;
  }

  /** Why the document's job has not started, and when it should; null when none waits. */
  queueWait(document: DocumentRecord): Promise<QueueWait | null> {
    return this.deps.jobs.waitOf(document);
  }

  /**
   * The document's rewrite as it is written: the draft, then (reset) the final text; the events
   * after `after`, or the snapshot first, then each new one, ending after `done`. Refused as
   * the document's own reads are (NOT_FOUND for a knowledge base or document that is none).
   */
  followRewriteOutput(partner: string, kbName: string, documentId: string | number, after: number | null): PushStream<OutputEvent> {
    const id = parseDocumentId(documentId);
    if (!id) throw new NotFound('Document not found');
    return this.rewriteOutput.follow(id, after, async () => (await this.deps.repository.documentIn(partner, kbName, id)).document);
  }

  // Worker-facing state changes. Each takes the generation its job was started with, and
  // changes nothing when a newer trigger (or a delete) has superseded that job.

  /** Where one attempt of a rewrite job streams its draft and final text. */
  rewriteWriter(documentId: string): OutputWriter {
    return this.rewriteOutput.writer(documentId);
  }

  async currentDocument(documentId: string, generation: number): Promise<DocumentRecord | null> {
    const document = await this.deps.repository.getDocument(documentId);
    return document && document.generation === generation && isBusy(document) ? document : null;
  }

  /** Where a digitize or rewrite job reports how far it has come, throttled. */
  progress(documentId: string, generation: number): ProgressReporter {
    return throttledProgress((progress) => this.deps.repository.recordDocumentProgress(documentId, generation, progress));
  }

  /** Records a downloaded original; the blob is dropped when the job was superseded. */
  async recordOriginal(documentId: string, generation: number, original: OriginalFile): Promise<boolean> {
    return this.recordFile(documentId, generation, original.blobId, (document) => ({
      next: { ...document, original },
      replaced: document.original?.blobId,
    }));
  }

  /**
   * Records the digitized text. With use_original_as_rewritten the same text becomes the
   * rewrite; otherwise a requested rewrite is queued under the same generation, with the
   * digitizing job's origin.
   */
  async recordDigitized(
    documentId: string,
    generation: number,
    text: string,
    options: { title?: string; thenRewrite: RewriteOptions | null; origin?: JobOrigin; words?: readonly TranscriptWord[] },
  ): Promise<boolean> {
    const { repository, blobs } = this.deps;
    const digitized: TextFile = { blobId: await storeText(blobs, text), chars: charCount(text) };
    const wordTimings = options.words?.length ? { blobId: await storeText(blobs, JSON.stringify(options.words)), words: options.words.length } : null;
    const current = await repository.getDocument(documentId);
    const copyAsRewritten = current?.useOriginalAsRewritten ?? false;
    const rewritten: TextFile | null = copyAsRewritten ? { blobId: await storeText(blobs, text), chars: digitized.chars } : null;
    const rewrite = options.thenRewrite && !copyAsRewritten ? options.thenRewrite : null;
    let replaced: (string | undefined)[] = [];
    const updated = await repository.updateDocumentIfCurrent(documentId, generation, (document) => {
      replaced = [document.digitized?.blobId, document.wordTimings?.blobId, rewritten ? document.rewritten?.blobId : undefined];
      const title = options.title
        ?.replace(/[\u0000-\u001f\u007f]/g, '')
        .trim()
        .slice(0, 255);
      return {
        ...document,
        name: document.nameFromSource && title ? title : document.name,
        digitized,
        wordTimings,
        rewritten: rewritten ?? document.rewritten,
        inQueues: rewrite ? ['rewrite'] : [],
        processingError: null,
      };
    });
    if (!updated) {
      await blobs.remove(digitized.blobId, wordTimings?.blobId, rewritten?.blobId);
      return false;
    }
    await blobs.remove(...replaced);
    await repository.markContentChanged(updated.kbId);
    if (rewrite) {
      await this.deps.jobs.rewriteNext(updated, generation, rewrite, options.origin);
    } else if (options.thenRewrite) {
      // The original is the rewrite, no LLM pass follows: the run the trigger started ends here.
      await this.settleRewriteOutput(documentId, rewritten ? text : undefined);
    }
    return true;
  }

  async recordDraft(documentId: string, generation: number, text: string): Promise<boolean> {
    const draft: TextFile = { blobId: await storeText(this.deps.blobs, text), chars: charCount(text) };
    return this.recordFile(documentId, generation, draft.blobId, (document) => ({
      next: { ...document, draft },
      replaced: document.draft?.blobId,
    }));
  }

  async recordRewrite(
    documentId: string,
    generation: number,
    text: string,
    usage: { model: string; inputTokens: number; outputTokens: number },
  ): Promise<boolean> {
    const rewritten: TextFile = { blobId: await storeText(this.deps.blobs, text), chars: charCount(text) };
    const recorded = await this.recordFile(documentId, generation, rewritten.blobId, (document) => ({
      next: {
        ...document,
        rewritten,
        rewriteModel: usage.model,
        rewriteInputTokens: usage.inputTokens,
        rewriteOutputTokens: usage.outputTokens,
        rewriteCompletedAt: now(),
        inQueues: [],
        processingError: null,
      },
      replaced: document.rewritten?.blobId,
    }));
    if (recorded) await this.settleRewriteOutput(documentId, text);
    return recorded;
  }

  /** A failed job leaves the document and its other content as they were; its rewrite output keeps what was written. */
  async recordProcessingFailure(documentId: string, generation: number, reason: string): Promise<void> {
    const updated = await this.deps.repository.updateDocumentIfCurrent(documentId, generation, (document) => ({
      ...document,
      inQueues: [],
      processingError: reason,
    }));
    if (updated) await this.settleRewriteOutput(documentId);
  }

  /**
   * The rewrite is stored, or will not be: its output's done event. A failure to write it
   * (Redis gone again) does not fail the finished work; a reader's subscription settles it.
   */
  private async settleRewriteOutput(documentId: string, finalText?: string): Promise<void> {
    await this.rewriteOutput.finish(documentId, finalText).catch(() => undefined);
  }

  private async startProcessing(
    document: DocumentRecord,
    stage: 'digitize' | 'rewrite',
    rewrite: RewriteOptions | null,
    origin: JobOrigin,
  ): Promise<DocumentRecord> {
    const updated = await this.deps.repository.updateDocument(document.kbId, document.id, (current) => ({
      ...current,
      generation: current.generation + 1,
      inQueues: [stage],
      processingError: null,
    }));
    if (!updated) throw new NotFound('Document not found');
    // Readers who subscribe from now on wait for this run's text; the job's writer reopens the log too, should this fail.
    if (rewrite) await this.rewriteOutput.restart(updated.id).catch(() => undefined);
    const personName = rewrite?.personName ?? updated.expertName;
    if (stage === 'rewrite') await this.deps.jobs.rewrite(updated, { contentType: rewrite?.contentType ?? 'auto', personName }, origin);
    else await this.deps.jobs.digitize(updated, rewrite ? { contentType: rewrite.contentType, personName } : null, origin);
    return updated;
  }

  /**
   * Records a job result that brings one new file. Whichever file loses is removed: the one
   * it replaces, or the new one when a newer trigger or a delete superseded the job.
   */
  private async recordFile(
    documentId: string,
    generation: number,
    newBlobId: string,
    change: (document: DocumentRecord) => { next: DocumentRecord; replaced: string | null | undefined },
  ): Promise<boolean> {
    let replaced: string | null | undefined;
    const updated = await this.deps.repository.updateDocumentIfCurrent(documentId, generation, (document) => {
      const result = change(document);
      replaced = result.replaced;
      return result.next;
    });
    await this.deps.blobs.remove(updated ? replaced : newBlobId);
    if (updated) await this.deps.repository.markContentChanged(updated.kbId);
    return updated !== null;
  }
}
