import type { EventBus } from '../../events/event-bus';
import type { PushStream } from '../../events/push-stream';
import { embedKnowledgeBaseQueue } from '../../queues/knowledge-base.queues';
import type { QueueRegistry } from '../../queues/queue-registry';
import type { BlobStore } from '../../store/blob-store';
import type { ChangeEvent } from '../../store/record-store';
import { NotFound } from '../errors';
import { throttledProgress, type ProgressReporter } from '../shared/progress';
import type { EmbeddingSettings } from './knowledge-base.inputs';
import { embeddingTopic, now, type KnowledgeBaseRepository } from './knowledge-base.repository';
import {
  embeddingProgress,
  type EmbeddingDetails,
  type EmbeddingResult,
  type KnowledgeBaseRecord,
  type KnowledgeBaseWithDocuments,
} from './knowledge-base.types';
import type { QueueWait } from '../../queues/queue-wait';
import { queuedWork, waitingTopic, waitOfWork, type QueuedWork } from '../shared/queued-work';

export interface KnowledgeBaseEmbeddingServiceDeps {
  repository: KnowledgeBaseRepository;
  blobs: BlobStore;
  queues: QueueRegistry;
  events: EventBus;
}

/**
 * A knowledge base's embedding: the trigger, the live status, and what the embedding worker
 * reports. A trigger raises the embedding's generation, so a superseded run changes nothing.
 */
export class KnowledgeBaseEmbeddingService {
  constructor(private readonly deps: KnowledgeBaseEmbeddingServiceDeps) {}

  async startEmbedding(partner: string, kbName: string, settings: EmbeddingSettings, requestId?: string): Promise<KnowledgeBaseRecord> {
    const { repository, queues } = this.deps;
    const kb = await repository.get(partner, kbName);
    const updated = await repository.updateKnowledgeBase(kb, (current) => {
      const generation = current.embedding.generation + 1;
      return {
        ...current,
        embedding: {
          ...current.embedding,
          status: 'in_progress',
          error: null,
          generation,
          externalJobId: embedKnowledgeBaseQueue.jobId({ kbId: current.id, generation }),
          splitLevel: settings.splitLevel,
          language: settings.language,
          startedRevision: current.contentRevision,
        },
        updatedAt: now(),
      };
    });
    if (!updated) throw new NotFound('Knowledge base not found');
    await queues.remove(embedKnowledgeBaseQueue, { kbId: kb.id, generation: kb.embedding.generation });
    await queues.add(
      embedKnowledgeBaseQueue,
      {
        kbId: kb.id,
        partner: kb.partner,
        generation: updated.embedding.generation,
        splitLevel: settings.splitLevel,
        language: settings.language,
      },
      { requestId },
    );
    return updated;
  }

  /** Drops what the embedding of a deleted knowledge base left: its file and its waiting job. */
  async discard(removed: KnowledgeBaseRecord): Promise<void> {
    await this.deps.blobs.remove(removed.embedding.blobId);
    await this.deps.queues.remove(embedKnowledgeBaseQueue, { kbId: removed.id, generation: removed.embedding.generation });
  }

  /** The job the knowledge base's embedding run is under way in, if any. */
  workOf(kb: KnowledgeBaseRecord): QueuedWork | null {
    if (kb.embedding.status !== 'in_progress') return null;
    return queuedWork(embedKnowledgeBaseQueue, { kbId: kb.id, generation: kb.embedding.generation }, embeddingProgress(kb) !== null);
  }

  /** Why the embedding run has not started, and when it should; null when none waits. */
  queueWait(kb: KnowledgeBaseRecord): Promise<QueueWait | null> {
    return waitOfWork(this.deps.queues, this.workOf(kb));
  }

  /** The knowledge base now (embedding status included), then each change, until it is deleted. */
  async watchEmbedding(partner: string, kbName: string): Promise<PushStream<ChangeEvent<KnowledgeBaseRecord>>> {
    const { repository } = this.deps;
    const kb = await repository.get(partner, kbName);
    return this.deps.events.live<KnowledgeBaseRecord>(embeddingTopic(kb.id), {
      load: async () => {
        const current = await repository.getKnowledgeBase(kb.id);
        return current ? [current] : [];
      },
      until: (event) => event.deleted,
      waitingOn: (current) => waitingTopic(this.workOf(current)),
    });
  }

  // Worker-facing state changes, each under the generation its run was started with.

  /** The knowledge base and its documents when this embedding run is still the one that counts. */
  async currentEmbedding(kbId: string, generation: number): Promise<KnowledgeBaseWithDocuments | null> {
    const kb = await this.deps.repository.getKnowledgeBase(kbId);
    if (!kb || kb.embedding.generation !== generation || kb.embedding.status !== 'in_progress') return null;
    return { kb, documents: await this.deps.repository.documentsOf(kbId) };
  }

  /** Where the embedding job reports chunks embedded of total, throttled. */
  progress(kbId: string, generation: number): ProgressReporter {
    return throttledProgress((progress) => this.deps.repository.recordEmbeddingProgress(kbId, generation, progress));
  }

  async recordEmbedding(kbId: string, generation: number, result: EmbeddingResult): Promise<boolean> {
    const { repository, blobs } = this.deps;
    let previous: string | null = null;
    const timestamp = now();
    const updated = await repository.updateEmbeddingIfCurrent(kbId, generation, (kb) => {
      previous = kb.embedding.blobId;
      const details: EmbeddingDetails = {
        documents: result.documentIds.length,
        chunks: result.chunks,
        model: result.model,
        split_level: kb.embedding.splitLevel,
        language: kb.embedding.language,
      };
      return {
        ...kb,
        embedding: {
          ...kb.embedding,
          status: 'completed',
          error: null,
          externalJobId: result.externalJobId ?? kb.embedding.externalJobId,
          lastUpdateTime: timestamp,
          lastUpdateStatus: 'success',
          lastUpdateDetails: details,
          lastSuccessfulUpdateTime: timestamp,
          lastSuccessfulDetails: details,
          blobId: result.blobId,
          embeddedRevision: kb.embedding.startedRevision,
        },
      };
    });
    if (!updated) {
      await blobs.remove(result.blobId);
      return false;
    }
    await blobs.remove(previous);
    const embedded = new Set(result.documentIds);
    for (const document of await repository.documentsOf(kbId)) {
      const isEmbedded = embedded.has(document.id);
      if (document.isEmbedded === isEmbedded) continue;
      await repository.updateDocument(kbId, document.id, (current) => (current.isEmbedded === isEmbedded ? null : { ...current, isEmbedded }));
    }
    return true;
  }

  async recordEmbeddingFailure(kbId: string, generation: number, reason: string): Promise<void> {
    const timestamp = now();
    await this.deps.repository.updateEmbeddingIfCurrent(kbId, generation, (kb) => ({
      ...kb,
      embedding: {
        ...kb.embedding,
        status: 'failed',
        error: reason,
        lastUpdateTime: timestamp,
        lastUpdateStatus: 'failed',
        lastUpdateDetails: {
          documents: 0,
          chunks: 0,
          model: '',
          split_level: kb.embedding.splitLevel,
          language: kb.embedding.language,
        },
      },
    }));
  }
}
