import type { Job } from 'bullmq';
import { readText } from '../domain/knowledge-base/document-files';
import type { DocumentProcessingService } from '../domain/knowledge-base/document-processing.service';
import { draftMessages, finalMessages, resolveTemplate } from '../domain/knowledge-base/rewrite-prompts';
import type { ChatCompletionsClient } from '../engines/chat-completions.client';
import type { ChatMessage } from '../domain/shared/chat-message';
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
 * Each step streams (the LLM is asked with stream: true) to the document's rewrite output, so
 * its readers see the draft as it is written, then, from a reset, the final text.
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
      // Each step's text starts over (the final pass after the draft, and a request tried again).
      const streamed = (messages: ChatMessage[]) =>
        chat.stream({ model, messages }, { begin: () => output.reset(''), delta: (piece) => output.append(piece) }, limits);
      let draft, final, finalText;
      try {
        // Progress counts the two steps: draft, then final.
        draft = await withProgress(processing.progress(documentId, generation), (progress) => {
          progress.report('draft', 0, REWRITE_STEPS);
          return streamed(draftMessages(template, author, text));
        });
        const draftText = draft.message.content.trim();
        if (!draftText) throw new EngineError('The LLM returned an empty draft');
        // The draft's last pieces go out before the final pass resets the text. Should Redis
        // refuse them, the log still ends with the stored rewrite (its done event resets to it).
        await output.flush().catch(() => undefined);
        if (!(await processing.recordDraft(documentId, generation, draftText))) return;

        final = await withProgress(processing.progress(documentId, generation), (progress) => {
          progress.report('final', 1, REWRITE_STEPS);
          return streamed(finalMessages(template, author, draftText));
        });
        finalText = final.message.content.trim();
        if (!finalText) throw new EngineError('The LLM returned an empty rewrite');
        await output.flush().catch(() => undefined);
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
