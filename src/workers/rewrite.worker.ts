import type { Job } from 'bullmq';
import { readText } from '../domain/knowledge-base/document-files';
import type { DocumentProcessingService } from '../domain/knowledge-base/document-processing.service';
import { draftMessages, finalMessages, resolveTemplate } from '../domain/knowledge-base/rewrite-prompts';
import type { ChatCompletionsClient } from '../engines/chat-completions.client';
import { EngineError } from '../domain/shared/engine-error';
import { JobFailure } from '../domain/shared/job-failure';
import { withProgress } from '../domain/shared/progress';
import { rewriteQueue, type RewriteDocumentJob } from '../domain/knowledge-base/knowledge-base.queues';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';

const REWRITE_STEPS = 2;

export interface RewriteWorkerDeps {
  processing: DocumentProcessingService;
  blobs: BlobStore;
  chat: ChatCompletionsClient;
  models: { standard: string; economy: string };
}

/**
 * Rewrites a digitized document in two LLM steps: a structured draft, then a final edit of
 * that draft. The draft is recorded as soon as it exists, so a failed final step keeps it.
 * Readers of the document's rewrite output see the draft, then (reset) the final text.
 */
export function rewriteProcessor({ processing, blobs, chat, models }: RewriteWorkerDeps): JobProcessor<typeof rewriteQueue> {
  return {
    queue: rewriteQueue,
    async process(job: Job<RewriteDocumentJob>, signal, deadline) {
      const { documentId, generation, contentType, personName } = job.data;
      const document = await processing.currentDocument(documentId, generation);
      if (!document) return;
      if (!document.digitized) throw new JobFailure('The document has no digitized content to rewrite', false);

      const text = await readText(blobs, document.digitized.blobId);
      const template = resolveTemplate(contentType, document);
      const model = models[document.modelTier];
      const author = personName ?? document.expertName;
      const limits = { signal, deadline };
      const output = processing.rewriteWriter(documentId);
      let draft, final, finalText;
      try {
        // Progress counts the two steps: draft, then final.
        draft = await withProgress(processing.progress(documentId, generation), (progress) => {
          progress.report('draft', 0, REWRITE_STEPS);
          return chat.complete({ model, messages: draftMessages(template, author, text) }, limits);
        });
        const draftText = draft.message.content.trim();
        if (!draftText) throw new EngineError('The LLM returned an empty draft');
        output.reset(draftText);
        if (!(await processing.recordDraft(documentId, generation, draftText))) return;

        final = await withProgress(processing.progress(documentId, generation), (progress) => {
          progress.report('final', 1, REWRITE_STEPS);
          return chat.complete({ model, messages: finalMessages(template, author, draftText) }, limits);
        });
        finalText = final.message.content.trim();
        if (!finalText) throw new EngineError('The LLM returned an empty rewrite');
        output.reset(finalText);
        // The readers have every piece before the done event that recording the rewrite writes.
        await output.flush();
      } finally {
        output.close();
      }
      await processing.recordRewrite(documentId, generation, finalText, {
        model: final.model,
        inputTokens: draft.usage.promptTokens + final.usage.promptTokens,
        outputTokens: draft.usage.completionTokens + final.usage.completionTokens,
      });
    },
    failed: (job, reason) => processing.recordProcessingFailure(job.data.documentId, job.data.generation, reason),
  };
}
