import type { EventBus } from '../../events/event-bus';
import type { PushStream } from '../../events/push-stream';
import type { BlobStore } from '../../store/blob-store';
import type { ChunkIndex, ChunkIndexWriter, StoredChunk } from '../../store/chunk-index';
import type { ChangeEvent } from '../../store/record-store';
import { NotFound } from '../errors';
import { throttledProgress, type ProgressReporter } from '../shared/progress';
import { embeddingInput, estimateTokens, knowledgeBaseChunks, type ChunkSettings } from './embedding-plan';
import type { EmbeddingSettings } from './knowledge-base.inputs';
import { embeddingTopic, now, type KnowledgeBaseRepository } from './knowledge-base.repository';
import {
  type DocumentRecord,
  type EmbeddingDetails,
  type EmbeddingResult,
  type KnowledgeBaseRecord,
  type KnowledgeBaseWithDocuments,
} from './knowledge-base.types';
import type { QueueWait } from '../shared/queued-work';
import { KnowledgeBaseJobs } from './knowledge-base.jobs';

export interface KnowledgeBaseEmbeddingServiceDeps {
  repository: KnowledgeBaseRepository;
  blobs: BlobStore;
  jobs: KnowledgeBaseJobs;
  events: EventBus;
  index: ChunkIndex;
  /** The model of the configured embedder: part of every chunk's key. */
  embeddingModel: string;
  /** A clean-up of the index that failed; the records are right, the index only holds more than it should. */
  onIndexError: (error: unknown, context: string) => void;
}

/** A document as a preview lists it. */
export interface PreviewDocument {
  id: string;
  name: string;
}

/** What the next embedding run would do, measured against the last successful one. */
export interface EmbeddingPreview {
  model: string;
  splitLevel: number;
  language: string;
  documentsAdded: PreviewDocument[];
  documentsChanged: PreviewDocument[];
  documentsRemoved: PreviewDocument[];
  documentsUnchanged: number;
  chunksTotal: number;
  chunksReused: number;
  chunksToEmbed: number;
  /** Four characters a token, for the texts that would be sent. */
  tokensEstimated: number;
}

/** A run's chunks, and the documents that have any. */
export interface EmbeddingPlan {
  chunks: StoredChunk[];
  documentIds: string[];
}

/** Failed runs looked back on for vectors to reuse; older ones have been dropped or never mattered. */
const REUSE_LOOKBACK_GENERATIONS = 5;
const RUN_ATTEMPTS = KnowledgeBaseJobs.attemptsPerRun;

/** The index table of one attempt of one run. */
export function runTable(kbId: string, generation: number, attempt: number): string {
  return `kb-${kbId}-${generation}-${attempt}`;
}

/** The tables of every attempt of the runs `from` to `to`, both included. */
function runTables(kbId: string, from: number, to: number): string[] {
  const tables: string[] = [];
  for (let generation = Math.max(1, from); generation <= to; generation += 1) {
    for (let attempt = 0; attempt < RUN_ATTEMPTS; attempt += 1) tables.push(runTable(kbId, generation, attempt));
  }
  return tables;
}

/**
 * A knowledge base's embedding: the trigger, the live status, and what the embedding worker
 * reports. A trigger raises the embedding's generation, so a superseded run changes nothing.
 */
export class KnowledgeBaseEmbeddingService {
  constructor(private readonly deps: KnowledgeBaseEmbeddingServiceDeps) {}

  async startEmbedding(partner: string, kbName: string, settings: EmbeddingSettings, requestId?: string): Promise<KnowledgeBaseRecord> {
    const { repository, jobs } = this.deps;
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
          externalJobId: KnowledgeBaseJobs.jobIdOf(current.id, generation),
          splitLevel: settings.splitLevel,
          language: settings.language,
          startedRevision: current.contentRevision,
        },
        updatedAt: now(),
      };
    });
    if (!updated) throw new NotFound('Knowledge base not found');
    await jobs.embed(updated, settings, { requestId });
    return updated;
  }

  /** Drops what the embedding of a deleted knowledge base left: its index tables and its waiting job. */
  async discard(removed: KnowledgeBaseRecord): Promise<void> {
    await this.deps.jobs.cancel(removed);
    const { index, generation } = removed.embedding;
    const tables = [...(index ? [index.table] : []), ...runTables(removed.id, (index?.generation ?? 0) + 1, generation)];
    await this.dropTables(tables, `index of deleted knowledge base ${removed.id}`);
  }

  /** What the next run would embed and reuse, with `settings` (else those of the last run). */
  async preview(partner: string, kbName: string, settings: Partial<EmbeddingSettings> = {}): Promise<EmbeddingPreview> {
    const { repository, blobs, index } = this.deps;
    const kb = await repository.get(partner, kbName);
    const chunkSettings = this.chunkSettings({
      splitLevel: settings.splitLevel ?? kb.embedding.splitLevel,
      language: settings.language ?? kb.embedding.language,
    });
    const planned = await knowledgeBaseChunks(blobs, await repository.documentsOf(kb.id), chunkSettings);

    const before = new Map<string, { name: string; hashes: string[] }>();
    if (kb.embedding.index) {
      for await (const row of index.chunkHashes(kb.embedding.index.table)) {
        const entry = before.get(row.documentId) ?? { name: row.documentName, hashes: [] };
        entry.hashes.push(row.hash);
        before.set(row.documentId, entry);
      }
    }
    const known = new Set<string>();
    for (const { hashes } of before.values()) for (const hash of hashes) known.add(hash);
    for await (const { hash } of index.vectorsOf(this.failedRunTables(kb, kb.embedding.generation + 1, 0), this.newHashes(planned, known))) known.add(hash);

    const preview: EmbeddingPreview = {
      model: chunkSettings.model,
      splitLevel: chunkSettings.splitLevel,
      language: chunkSettings.language,
      documentsAdded: [],
      documentsChanged: [],
      documentsRemoved: [],
      documentsUnchanged: 0,
      chunksTotal: 0,
      chunksReused: 0,
      chunksToEmbed: 0,
      tokensEstimated: 0,
    };
    const sent = new Set<string>();
    const present = new Set<string>();
    for (const { document, chunks } of planned) {
      if (chunks.length === 0) continue;
      present.add(document.id);
      const previous = before.get(document.id);
      const listed = { id: document.id, name: document.name };
      if (!previous) preview.documentsAdded.push(listed);
      else if (sameHashes(previous.hashes, chunks)) preview.documentsUnchanged += 1;
      else preview.documentsChanged.push(listed);
      for (const chunk of chunks) {
        preview.chunksTotal += 1;
        if (known.has(chunk.hash)) {
          preview.chunksReused += 1;
          continue;
        }
        preview.chunksToEmbed += 1;
        if (sent.has(chunk.hash)) continue;
        sent.add(chunk.hash);
        preview.tokensEstimated += estimateTokens(embeddingInput(chunk));
      }
    }
    for (const [id, { name }] of before) if (!present.has(id)) preview.documentsRemoved.push({ id, name });
    for (const removed of kb.embedding.removedDocuments) if (!before.has(removed.id)) preview.documentsRemoved.push(removed);
    return preview;
  }

  /** Why the embedding run has not started, and when it should; null when none waits. */
  queueWait(kb: KnowledgeBaseRecord): Promise<QueueWait | null> {
    return this.deps.jobs.waitOf(kb);
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
      waitingOn: this.deps.jobs.waitingOn,
    });
  }

  // Worker-facing state changes, each under the generation its run was started with.

  /** The knowledge base and its documents when this embedding run is still the one that counts. */
  async currentEmbedding(kbId: string, generation: number): Promise<KnowledgeBaseWithDocuments | null> {
    const kb = await this.deps.repository.getKnowledgeBase(kbId);
    if (!kb || kb.embedding.generation !== generation || kb.embedding.status !== 'in_progress') return null;
    return { kb, documents: await this.deps.repository.documentsOf(kbId) };
  }

  /** The chunks a run indexes: every document's, cut with the run's settings and keyed for reuse. */
  async plan(current: KnowledgeBaseWithDocuments, settings: EmbeddingSettings): Promise<EmbeddingPlan> {
    const planned = await knowledgeBaseChunks(this.deps.blobs, current.documents, this.chunkSettings(settings));
    const withText = planned.filter(({ chunks }) => chunks.length > 0);
    return { chunks: withText.flatMap(({ chunks }) => chunks), documentIds: withText.map(({ document }) => document.id) };
  }

  /**
   * Vectors made before for these hashes: by the last successful run, and by the runs since
   * that failed (an attempt that failed half-way keeps what it embedded).
   */
  reusableVectors(
    kb: KnowledgeBaseRecord,
    generation: number,
    attempt: number,
    hashes: ReadonlySet<string>,
  ): AsyncGenerator<{ hash: string; vector: Float32Array }> {
    const tables = [...(kb.embedding.index ? [kb.embedding.index.table] : []), ...this.failedRunTables(kb, generation, attempt)];
    return this.deps.index.vectorsOf(tables, hashes);
  }

  /** Where a run writes its index: a table of its own, which queries read only once the run is recorded. */
  indexWriter(kbId: string, generation: number, attempt: number): ChunkIndexWriter {
    return this.deps.index.writer(runTable(kbId, generation, attempt));
  }

  /**
   * Drops the table of a run that will never be recorded (superseded, or its knowledge base
   * deleted), unless the knowledge base reads it: a job that ran twice at once (a stalled job
   * taken up again) writes one table under one name, and only one of the two records it.
   */
  async abandonRun(kbId: string, table: string): Promise<void> {
    const kb = await this.deps.repository.getKnowledgeBase(kbId);
    if (kb?.embedding.index?.table === table) return;
    await this.dropTables([table], `index of abandoned run ${table}`);
  }

  /** Where the embedding job reports chunks embedded of total, throttled. */
  progress(kbId: string, generation: number): ProgressReporter {
    return throttledProgress((progress) => this.deps.repository.recordEmbeddingProgress(kbId, generation, progress));
  }

  async recordEmbedding(kbId: string, generation: number, result: EmbeddingResult): Promise<boolean> {
    const { repository } = this.deps;
    const current = await this.currentEmbedding(kbId, generation);
    if (!current) {
      await this.abandonRun(kbId, result.index.table);
      return false;
    }
    // The documents' flags first: whoever hears the run COMPLETED reads counts that match it.
    // Put back if a newer run supersedes this one before its record is written.
    const embedded = new Set(result.documentIds);
    const flipped = await this.setEmbeddedFlags(kbId, current.documents, (id) => embedded.has(id));
    let previous: KnowledgeBaseRecord | null = null;
    const timestamp = now();
    const updated = await repository.updateEmbeddingIfCurrent(kbId, generation, (kb) => {
      previous = kb;
      const details: EmbeddingDetails = {
        documents: result.documentIds.length,
        chunks: result.chunks,
        model: result.model,
        split_level: kb.embedding.splitLevel,
        language: kb.embedding.language,
        chunks_total: result.chunks,
        chunks_reused: result.chunksReused,
        chunks_embedded: result.chunksEmbedded,
        tokens: result.tokens,
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
          index: result.index,
          removedDocuments: [],
          embeddedRevision: kb.embedding.startedRevision,
        },
      };
    });
    if (!updated) {
      await this.setEmbeddedFlags(kbId, flipped, (id) => !embedded.has(id));
      await this.abandonRun(kbId, result.index.table);
      return false;
    }
    const replaced: KnowledgeBaseRecord = previous!;
    const retired = [
      ...(replaced.embedding.index ? [replaced.embedding.index.table] : []),
      ...runTables(kbId, (replaced.embedding.index?.generation ?? 0) + 1, generation),
    ];
    await this.dropTables(
      retired.filter((table) => table !== result.index.table),
      `indexes replaced by run ${result.index.table}`,
    );
    const present = new Set((await repository.documentsOf(kbId)).map((document) => document.id));
    // Documents deleted while the run read them: their entries go now, and they were already listed as removed.
    await this.removeRows(
      result.index.table,
      result.documentIds.filter((id) => !present.has(id)),
    );
    return true;
  }

  /** Sets each document's isEmbedded to `isEmbedded(id)`; returns the documents it changed. */
  private async setEmbeddedFlags(kbId: string, documents: readonly DocumentRecord[], isEmbedded: (id: string) => boolean): Promise<DocumentRecord[]> {
    const changed: DocumentRecord[] = [];
    for (const document of documents) {
      const wanted = isEmbedded(document.id);
      if (document.isEmbedded === wanted) continue;
      const updated = await this.deps.repository.updateDocument(kbId, document.id, (current) =>
        current.isEmbedded === wanted ? null : { ...current, isEmbedded: wanted },
      );
      if (updated) changed.push(document);
    }
    return changed;
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

  /**
   * Takes deleted documents out of the index queries read, and remembers them for the preview.
   * Queries already leave out documents that no longer exist; this removes their entries for good.
   */
  async removeFromIndex(kb: KnowledgeBaseRecord, removed: readonly DocumentRecord[]): Promise<void> {
    const embedded = removed.filter((document) => document.isEmbedded).map((document) => ({ id: document.id, name: document.name }));
    if (embedded.length === 0) return;
    await this.deps.repository.updateKnowledgeBase(kb, (current) => ({
      ...current,
      embedding: { ...current.embedding, removedDocuments: [...current.embedding.removedDocuments, ...embedded] },
    }));
    await this.removeRows(
      kb.embedding.index?.table,
      embedded.map((document) => document.id),
    );
  }

  private async removeRows(table: string | undefined, documentIds: readonly string[]): Promise<void> {
    if (!table || documentIds.length === 0) return;
    try {
      await this.deps.index.removeDocuments(table, documentIds);
    } catch (error) {
      this.deps.onIndexError(error, `removing ${documentIds.length} deleted documents from ${table}`);
    }
  }

  private chunkSettings(settings: EmbeddingSettings): ChunkSettings {
    return { model: this.deps.embeddingModel, splitLevel: settings.splitLevel, language: settings.language };
  }

  /** Tables of the attempts after the last successful run and before this one. */
  private failedRunTables(kb: KnowledgeBaseRecord, generation: number, attempt: number): string[] {
    const from = Math.max((kb.embedding.index?.generation ?? 0) + 1, generation - REUSE_LOOKBACK_GENERATIONS);
    const earlierAttempts = Array.from({ length: attempt }, (_, index) => runTable(kb.id, generation, index));
    return [...runTables(kb.id, from, generation - 1), ...earlierAttempts];
  }

  private newHashes(planned: readonly { chunks: StoredChunk[] }[], known: ReadonlySet<string>): Set<string> {
    const hashes = new Set<string>();
    for (const { chunks } of planned) for (const chunk of chunks) if (!known.has(chunk.hash)) hashes.add(chunk.hash);
    return hashes;
  }

  private async dropTables(tables: string[], context: string): Promise<void> {
    try {
      await this.deps.index.drop(...tables);
    } catch (error) {
      this.deps.onIndexError(error, `dropping the ${context}`);
    }
  }
}

function sameHashes(before: readonly string[], chunks: readonly StoredChunk[]): boolean {
  if (before.length !== chunks.length) return false;
  const sorted = [...before].sort();
  return chunks
    .map((chunk) => chunk.hash)
    .sort()
    .every((hash, index) => hash === sorted[index]);
}
