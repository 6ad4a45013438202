import type { Job } from 'bullmq';
import { embeddingInput } from '../domain/knowledge-base/embedding-plan';
import type { KnowledgeBaseEmbeddingService } from '../domain/knowledge-base/knowledge-base-embedding.service';
import type { TextEmbedder } from '../domain/knowledge-base/text-embedder';
import { JobFailure } from '../domain/shared/job-failure';
import { embedKnowledgeBaseQueue, type EmbedKnowledgeBaseJob } from '../domain/knowledge-base/knowledge-base.queues';
import type { StoredChunk } from '../store/chunk-index';
import type { JobProcessor } from './worker-runner';

export interface KnowledgeBaseEmbedWorkerDeps {
  embedding: KnowledgeBaseEmbeddingService;
  embedder: TextEmbedder;
}

/** Distinct texts embedded per call: bounds memory for large knowledge bases. */
const BATCH = 256;

/**
 * Embeds a knowledge base into a new index table: each document's rewritten text (else its
 * digitized text) is split by headings; a chunk whose hash an earlier run embedded takes that
 * vector, the others go to the engine (each distinct text once). The table becomes the one
 * queries read only when the run is recorded; a superseded run drops it.
 */
export function knowledgeBaseEmbedProcessor({ embedding, embedder }: KnowledgeBaseEmbedWorkerDeps): JobProcessor<typeof embedKnowledgeBaseQueue> {
  return {
    queue: embedKnowledgeBaseQueue,
    concurrency: 1,
    async process(job: Job<EmbedKnowledgeBaseJob>, signal, deadline) {
      const { kbId, generation, splitLevel, language } = job.data;
      const current = await embedding.currentEmbedding(kbId, generation);
      if (!current) return;

      const plan = await embedding.plan(current, { splitLevel, language });
      if (plan.documentIds.length === 0) {
        throw new JobFailure('The knowledge base has no digitized or rewritten documents to embed', false);
      }
      const progress = embedding.progress(kbId, generation);
      const writer = embedding.indexWriter(kbId, generation, job.attemptsMade);
      let recorded = false;
      try {
        progress.report('embedding', 0, plan.chunks.length);
        const waiting = new Map<string, StoredChunk[]>();
        for (const chunk of plan.chunks) waiting.set(chunk.hash, [...(waiting.get(chunk.hash) ?? []), chunk]);

        let reused = 0;
        for await (const { hash, vector } of embedding.reusableVectors(current.kb, generation, job.attemptsMade, new Set(waiting.keys()))) {
          for (const chunk of waiting.get(hash) ?? []) {
            await writer.add({ ...chunk, vector });
            reused += 1;
          }
          waiting.delete(hash);
        }
        progress.report('embedding', reused, plan.chunks.length);

        let tokens = 0;
        const remaining = [...waiting.values()];
        for (let start = 0; start < remaining.length; start += BATCH) {
          const batch = remaining.slice(start, start + BATCH);
          const embedded = await embedder.embed(
            batch.map((chunks) => embeddingInput(chunks[0]!)),
            { signal, deadline },
          );
          tokens += embedded.tokens;
          for (const [index, chunks] of batch.entries()) {
            const vector = Float32Array.from(embedded.vectors[index]!);
            for (const chunk of chunks) await writer.add({ ...chunk, vector });
          }
          progress.report('embedding', writer.written, plan.chunks.length);
          // A superseded run stops between batches rather than embedding everything first.
          if (!(await embedding.currentEmbedding(kbId, generation))) return;
        }

        const built = await writer.finish(language);
        await progress.flush();
        recorded = await embedding.recordEmbedding(kbId, generation, {
          index: { table: writer.name, generation, approximate: built.approximate },
          documentIds: plan.documentIds,
          chunks: built.chunks,
          chunksReused: reused,
          chunksEmbedded: built.chunks - reused,
          tokens,
          model: embedder.model,
          externalJobId: job.id,
        });
      } finally {
        // A failed attempt's progress goes with it: the next one starts over.
        await (recorded ? progress.stop() : progress.clear());
        // A failed attempt keeps its table: the next run reuses the vectors it holds.
        if (!recorded && !(await embedding.currentEmbedding(kbId, generation))) await embedding.abandonRun(kbId, writer.name);
      }
    },
    failed: (job, reason) => embedding.recordEmbeddingFailure(job.data.kbId, job.data.generation, reason),
  };
}
