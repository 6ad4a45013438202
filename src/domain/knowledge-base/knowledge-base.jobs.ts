import type { JobOrigin } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import type { EmbeddingSettings } from './knowledge-base.inputs';
import type { KnowledgeBaseEmbeddingService } from './knowledge-base-embedding.service';
import { embedKnowledgeBaseQueue } from './knowledge-base.queues';
import { embeddingProgress, KNOWLEDGE_BASE_KIND, type KnowledgeBaseRecord } from './knowledge-base.types';

type EmbeddingEndings = Pick<KnowledgeBaseEmbeddingService, 'recordEmbeddingFailure'>;

/** Queues a knowledge base's embedding run for the generation its record was just moved to. */
export class KnowledgeBaseJobs extends RecordJobs<KnowledgeBaseRecord, EmbeddingEndings> {
  readonly kind = KNOWLEDGE_BASE_KIND;
  readonly waitsIn = [embedKnowledgeBaseQueue];

  /** Attempts of one run; each attempt writes an index table of its own. */
  static readonly attemptsPerRun = embedKnowledgeBaseQueue.defaultJobOptions?.attempts ?? 1;

  /** The id of a run's job, shown on the record (`external_job_id`). */
  static jobIdOf(kbId: string, generation: number): string {
    return embedKnowledgeBaseQueue.jobId({ kbId, generation });
  }

  /** The run of the knowledge base's embedding generation; supersedes the generation before. */
  async embed(kb: KnowledgeBaseRecord, settings: EmbeddingSettings, origin?: JobOrigin): Promise<void> {
    const { generation } = kb.embedding;
    await this.queues.add(
      embedKnowledgeBaseQueue,
      { kbId: kb.id, partner: kb.partner, generation, splitLevel: settings.splitLevel, language: settings.language },
      origin,
    );
    await this.withdraw(embedKnowledgeBaseQueue, { kbId: kb.id, generation: generation - 1 });
  }

  /** A deleted knowledge base's waiting run leaves its queue. */
  async cancel(kb: KnowledgeBaseRecord): Promise<void> {
    await this.withdraw(embedKnowledgeBaseQueue, { kbId: kb.id, generation: kb.embedding.generation });
  }

  /** The run its record says is under way: rebuilt from the record when lost. */
  workOf(kb: KnowledgeBaseRecord): QueuedWork<EmbeddingEndings> | null {
    if (kb.embedding.status !== 'in_progress') return null;
    const { id: kbId } = kb;
    const { generation, splitLevel, language } = kb.embedding;
    return queuedWork({
      queue: embedKnowledgeBaseQueue,
      key: { kbId, generation },
      reporting: embeddingProgress(kb) !== null,
      since: kb.updatedAt,
      payload: { kbId, partner: kb.partner, generation, splitLevel, language },
      fail: (embedding, reason) => embedding.recordEmbeddingFailure(kbId, generation, reason),
    });
  }
}
