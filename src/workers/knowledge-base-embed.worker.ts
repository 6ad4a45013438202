import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import type { Job } from 'bullmq';
import { splitByHeadings } from '../domain/knowledge-base/chunking';
import { readText } from '../domain/knowledge-base/document-files';
import type { KnowledgeBaseEmbeddingService } from '../domain/knowledge-base/knowledge-base-embedding.service';
import { EngineError } from '../domain/shared/engine-error';
import type { TextEmbedder } from '../engines/text-embeddings.client';
import { embedKnowledgeBaseQueue, type EmbedKnowledgeBaseJob } from '../queues/knowledge-base.queues';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';

export interface KnowledgeBaseEmbedWorkerDeps {
  embedding: KnowledgeBaseEmbeddingService;
  embedder: TextEmbedder;
  blobs: BlobStore;
}

/** Texts embedded per call: bounds memory for large knowledge bases. */
const BATCH = 256;

/**
 * Embeds a knowledge base: each document's rewritten text (else its digitized text) is
 * split by headings, embedded, and written as JSON lines (one chunk and its vector per
 * line) to a blob that replaces the previous run's.
 */
export function knowledgeBaseEmbedProcessor({ embedding, embedder, blobs }: KnowledgeBaseEmbedWorkerDeps): JobProcessor<typeof embedKnowledgeBaseQueue> {
  return {
    queue: embedKnowledgeBaseQueue,
    concurrency: 1,
    async process(job: Job<EmbedKnowledgeBaseJob>) {
      const { kbId, generation, splitLevel, language } = job.data;
      const current = await embedding.currentEmbedding(kbId, generation);
      if (!current) return;

      // Chunks embedded of total: counting first costs one more read of each text, which is
      // small beside embedding it, and gives the progress a total from the start.
      const progress = embedding.progress(kbId, generation);
      let totalChunks = 0;
      for (const document of current.documents) {
        const source = document.rewritten ?? document.digitized;
        if (source) totalChunks += splitByHeadings(await readText(blobs, source.blobId), splitLevel).length;
      }
      progress.report('embedding', 0, totalChunks);

      const path = blobs.scratch.tmpPath('.jsonl');
      const output = createWriteStream(path);
      const documentIds: string[] = [];
      let chunkCount = 0;
      try {
        let pending: { line: Record<string, unknown>; text: string }[] = [];
        const flush = async () => {
          if (pending.length === 0) return;
          const vectors = await embedder.embed(pending.map((entry) => entry.text));
          for (const [index, entry] of pending.entries()) {
            if (!output.write(`${JSON.stringify({ ...entry.line, vector: vectors[index] })}\n`)) await once(output, 'drain');
          }
          chunkCount += pending.length;
          pending = [];
          progress.report('embedding', chunkCount, totalChunks);
        };
        for (const document of current.documents) {
          const source = document.rewritten ?? document.digitized;
          if (!source) continue;
          const chunks = splitByHeadings(await readText(blobs, source.blobId), splitLevel);
          if (chunks.length === 0) continue;
          documentIds.push(document.id);
          for (const [index, chunk] of chunks.entries()) {
            pending.push({
              line: {
                document_id: document.id,
                document_name: document.name,
                folder: document.folder,
                chunk_index: index,
                heading: chunk.heading ?? null,
                text: chunk.text,
                model: embedder.model,
                language,
              },
              text: chunk.heading ? `${chunk.heading}\n\n${chunk.text}` : chunk.text,
            });
            if (pending.length >= BATCH) await flush();
          }
          // A superseded run stops between documents rather than embedding everything first.
          if (!(await embedding.currentEmbedding(kbId, generation))) return;
        }
        await flush();
        output.end();
        await once(output, 'close');
        if (documentIds.length === 0) {
          throw new EngineError('The knowledge base has no digitized or rewritten documents to embed', false);
        }
        const blobId = await blobs.adopt(path);
        await progress.flush();
        await embedding.recordEmbedding(kbId, generation, {
          blobId,
          documentIds,
          chunks: chunkCount,
          model: embedder.model,
          externalJobId: job.id,
        });
      } finally {
        await progress.stop();
        output.destroy();
        await rm(path, { force: true });
      }
    },
    failed: (job, reason) => embedding.recordEmbeddingFailure(job.data.kbId, job.data.generation, reason),
  };
}
