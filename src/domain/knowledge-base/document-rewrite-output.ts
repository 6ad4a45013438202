import type { PushStream } from '../../events/push-stream';
import type { BlobStore } from '../../store/blob-store';
import type { OutputEvent, OutputLog, OutputResource, OutputWriter } from '../output/output-log';
import { readText } from './document-files';
import { isBusy, type DocumentRecord } from './knowledge-base.types';

/**
 * How long a document's rewrite output is kept after its last event. A document lives until it
 * is deleted and its rewrite is stored as its content, so the log only has to outlast a client's
 * reconnection; past it, a reader gets the stored rewrite as the snapshot.
 */
export const REWRITE_OUTPUT_TTL_SECONDS = 24 * 3600;

const outputOf = (documentId: string): OutputResource => ({ kind: 'document-rewrite', id: documentId });

/**
 * A document's rewrite as it is written (docs/knowledge-base.md#the-rewrite-as-it-is-written):
 * the draft, then, from a reset, the final text; `done` once the rewrite is stored or has failed.
 * One log per document: a document can be rewritten again, so each trigger that will rewrite
 * starts a new run of it (a reset to empty, its seq going on from the last run's), and readers
 * that had the last run resume into the new one.
 */
export class DocumentRewriteOutput {
  constructor(
    private readonly log: OutputLog,
    private readonly blobs: BlobStore,
  ) {}

  /** A trigger that will rewrite: readers who subscribe now wait for the new run instead of seeing the last one done. */
  async restart(documentId: string): Promise<void> {
    await this.log.restart(outputOf(documentId), { ttlSeconds: REWRITE_OUTPUT_TTL_SECONDS });
  }

  /** Where one attempt of a rewrite job writes; it takes the log over, reopening it if it was settled meanwhile. */
  writer(documentId: string): OutputWriter {
    return this.log.writer(outputOf(documentId), { ttlSeconds: REWRITE_OUTPUT_TTL_SECONDS, reopen: true });
  }

  /** Ends the run: with exactly the stored rewrite when there is one (`finalText`); a failure keeps what was written. */
  async finish(documentId: string, finalText?: string): Promise<void> {
    await this.log.finish(outputOf(documentId), { finalText, ttlSeconds: REWRITE_OUTPUT_TTL_SECONDS });
  }

  /**
   * The log after `after` (or its snapshot first), then live, ending after `done`. `current`
   * authorizes (it throws as the door's own read does) and gives the document: one that has no
   * work in flight but whose log is not done (its job's end was never written, or the log
   * expired) has its log settled with its stored rewrite.
   */
  follow(documentId: string, after: number | null, current: () => Promise<DocumentRecord>): PushStream<OutputEvent> {
    return this.log.follow(outputOf(documentId), {
      after,
      check: async () => {
        const document = await current();
        if (!isBusy(document)) await this.settle(document);
      },
    });
  }

  private async settle(document: DocumentRecord): Promise<void> {
    if ((await this.log.snapshot(outputOf(document.id))).done) return;
    await this.finish(document.id, document.rewritten ? await readText(this.blobs, document.rewritten.blobId) : undefined);
  }
}
