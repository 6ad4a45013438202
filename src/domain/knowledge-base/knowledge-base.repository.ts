import { NameTaken, type JobStage, type RecordStore } from '../../store/record-store';
import type { Progress } from '../shared/progress';
import { Conflict, NotFound } from '../errors';
import { DOCUMENT_LAYOUT, KNOWLEDGE_BASE_LAYOUT } from './knowledge-base.record';
import {
  DOCUMENT_KIND,
  KNOWLEDGE_BASE_KIND,
  byCreation,
  isBusy,
  parseDocumentId,
  type DocumentRecord,
  type KnowledgeBaseRecord,
  type KnowledgeBaseWithDocuments,
} from './knowledge-base.types';

const KB = KNOWLEDGE_BASE_KIND;
const DOCUMENT = DOCUMENT_KIND;
/** Documents are written this many at a time: a batch of 1,000 takes a few dozen round trips, not 1,000. */
const PARALLEL_WRITES = 50;

export const now = () => new Date().toISOString();

const documentStage = (document: DocumentRecord): JobStage => ({ generation: document.generation, running: isBusy(document) });
const embeddingStage = (kb: KnowledgeBaseRecord): JobStage => ({ generation: kb.embedding.generation, running: kb.embedding.status === 'in_progress' });

export function documentsTopic(kbId: string): string {
  return `kb-documents:${kbId}`;
}

export function embeddingTopic(kbId: string): string {
  return `kb-embedding:${kbId}`;
}

function knowledgeBasesTopic(partner: string): string {
  return `knowledge-bases:${partner}`;
}

/** A change to any document after an embedding run started makes that run's result stale. */
export function contentChanged(kb: KnowledgeBaseRecord): KnowledgeBaseRecord | null {
  if (kb.contentRevision > kb.embedding.startedRevision) return null;
  return { ...kb, contentRevision: kb.embedding.startedRevision + 1, updatedAt: now() };
}

async function inSlices<T, R>(items: readonly T[], write: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += PARALLEL_WRITES) {
    results.push(...(await Promise.all(items.slice(start, start + PARALLEL_WRITES).map(write))));
  }
  return results;
}

/** The kind of a partner's knowledge base name index (see KeySpace.partnerKey). */
export const KNOWLEDGE_BASE_NAME_INDEX = 'kb-names';

/**
 * The knowledge base records in Redis, read through their layouts (knowledge-base.record.ts):
 * knowledge bases (with the partner's name index), documents (with each knowledge base's set
 * of document ids), and the generation-guarded writes of jobs. Every write publishes the new
 * snapshot: documents on `kb-documents:<kbId>`, the knowledge base (and its embedding) on
 * `kb-embedding:<kbId>` and on the partner's topic.
 */
export class KnowledgeBaseRepository {
  constructor(private readonly records: RecordStore) {
    records.define(KB, KNOWLEDGE_BASE_LAYOUT);
    records.define(DOCUMENT, DOCUMENT_LAYOUT);
  }

  private indexKey(partner: string): string {
    return this.records.keys.partnerKey(KNOWLEDGE_BASE_NAME_INDEX, partner);
  }

  private documentSetKey(kbId: string): string {
    return this.records.keys.recordKey('kb-documents', kbId);
  }

  private kbWrite(kb: Pick<KnowledgeBaseRecord, 'id' | 'partner'>) {
    return { topics: [embeddingTopic(kb.id), knowledgeBasesTopic(kb.partner)] };
  }

  private documentWrite(kbId: string) {
    return { topics: [documentsTopic(kbId)] };
  }

  // Reads; every `getMany` is one MGET in the order of the ids.

  getKnowledgeBase(id: string): Promise<KnowledgeBaseRecord | null> {
    return this.records.get<KnowledgeBaseRecord>(KB, id);
  }

  getKnowledgeBases(ids: readonly string[]): Promise<(KnowledgeBaseRecord | null)[]> {
    return this.records.getMany<KnowledgeBaseRecord>(KB, ids);
  }

  getDocument(id: string): Promise<DocumentRecord | null> {
    return this.records.get<DocumentRecord>(DOCUMENT, id);
  }

  getDocuments(ids: readonly string[]): Promise<(DocumentRecord | null)[]> {
    return this.records.getMany<DocumentRecord>(DOCUMENT, ids);
  }

  documentIds(kbId: string): Promise<string[]> {
    return this.records.members(this.documentSetKey(kbId));
  }

  /** Every document of a knowledge base in two round trips (SMEMBERS + MGET), oldest first. */
  async documentsOf(kbId: string): Promise<DocumentRecord[]> {
    const documents = await this.getDocuments(await this.documentIds(kbId));
    return documents.filter((document): document is DocumentRecord => document !== null).sort(byCreation);
  }

  async list(partner: string): Promise<KnowledgeBaseRecord[]> {
    const kbs = await this.getKnowledgeBases(await this.records.indexedIds(this.indexKey(partner)));
    return kbs.filter((kb): kb is KnowledgeBaseRecord => kb !== null).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** All of a partner's knowledge bases with their documents, in four round trips whatever their size. */
  async listWithDocuments(partner: string): Promise<KnowledgeBaseWithDocuments[]> {
    const kbs = await this.list(partner);
    if (kbs.length === 0) return [];
    const memberships = await this.records.membersOfMany(kbs.map((kb) => this.documentSetKey(kb.id)));
    const documents = await this.getDocuments(memberships.flat());
    const byKb = new Map<string, DocumentRecord[]>();
    for (const document of documents) {
      if (document) byKb.set(document.kbId, [...(byKb.get(document.kbId) ?? []), document]);
    }
    return kbs.map((kb) => ({ kb, documents: (byKb.get(kb.id) ?? []).sort(byCreation) }));
  }

  async find(partner: string, name: string): Promise<KnowledgeBaseRecord | null> {
    const id = await this.records.idByName(this.indexKey(partner), name);
    return id ? this.getKnowledgeBase(id) : null;
  }

  async get(partner: string, name: string): Promise<KnowledgeBaseRecord> {
    const kb = await this.find(partner, name);
    if (!kb) throw new NotFound('Knowledge base not found');
    return kb;
  }

  /** A document by the id a client sent, with its knowledge base; the id is checked first, as every door always did. */
  async documentIn(partner: string, kbName: string, documentId: string | number): Promise<{ kb: KnowledgeBaseRecord; document: DocumentRecord }> {
    const id = parseDocumentId(documentId);
    if (!id) throw new NotFound('Document not found');
    const kb = await this.get(partner, kbName);
    const document = await this.getDocument(id);
    if (!document || document.kbId !== kb.id) throw new NotFound('Document not found');
    return { kb, document };
  }

  // Knowledge bases

  async createKnowledgeBase(record: Omit<KnowledgeBaseRecord, 'version'>): Promise<KnowledgeBaseRecord> {
    try {
      return await this.records.create<KnowledgeBaseRecord>(KB, record.id, record, {
        ...this.kbWrite(record),
        index: { key: this.indexKey(record.partner), name: record.name },
      });
    } catch (error) {
      if (error instanceof NameTaken) throw new Conflict(`Knowledge base '${record.name}' already exists`);
      throw error;
    }
  }

  /** Removes the record and its name; its documents stay for the caller to remove. */
  removeKnowledgeBase(kb: KnowledgeBaseRecord): Promise<KnowledgeBaseRecord | null> {
    return this.records.remove<KnowledgeBaseRecord>(KB, kb.id, { ...this.kbWrite(kb), index: { key: this.indexKey(kb.partner), name: kb.name } });
  }

  removeDocumentSet(kbId: string): Promise<void> {
    return this.records.removeSet(this.documentSetKey(kbId));
  }

  /** `change` returns null to leave the record as it is; `updatedAt` is left to it. */
  updateKnowledgeBase(
    kb: Pick<KnowledgeBaseRecord, 'id' | 'partner'>,
    change: (current: KnowledgeBaseRecord) => KnowledgeBaseRecord | null,
  ): Promise<KnowledgeBaseRecord | null> {
    return this.records.update<KnowledgeBaseRecord>(KB, kb.id, change, this.kbWrite(kb));
  }

  /** Marks the embedding stale; one write per embedding run at most, whatever the number of changes. */
  async markContentChanged(kbId: string): Promise<void> {
    const kb = await this.getKnowledgeBase(kbId);
    if (!kb || !contentChanged(kb)) return;
    await this.updateKnowledgeBase(kb, contentChanged);
  }

  // Documents

  async createDocuments(kbId: string, documents: readonly Omit<DocumentRecord, 'version'>[]): Promise<DocumentRecord[]> {
    const write = this.documentWrite(kbId);
    const created = await inSlices(documents, (document) => this.records.create<DocumentRecord>(DOCUMENT, document.id, document, write));
    await this.records.addMembers(
      this.documentSetKey(kbId),
      created.map((document) => document.id),
    );
    return created;
  }

  /** Changes a document and stamps `updatedAt`; null when it no longer exists. */
  updateDocument(kbId: string, documentId: string, change: (current: DocumentRecord) => DocumentRecord | null): Promise<DocumentRecord | null> {
    return this.records.update<DocumentRecord>(
      DOCUMENT,
      documentId,
      (current) => {
        const next = change(current);
        return next && { ...next, updatedAt: now() };
      },
      this.documentWrite(kbId),
    );
  }

  /** Deletes one document; `guard` sees the exact version being deleted and may throw to refuse. */
  async removeDocument(kbId: string, documentId: string, guard: (current: DocumentRecord) => void): Promise<DocumentRecord | null> {
    const removed = await this.records.remove<DocumentRecord>(DOCUMENT, documentId, { ...this.documentWrite(kbId), guard });
    if (removed) await this.records.removeMembers(this.documentSetKey(kbId), [removed.id]);
    return removed;
  }

  /** Deletes documents; the answer holds those that still existed. */
  async removeDocuments(kbId: string, documents: readonly DocumentRecord[]): Promise<DocumentRecord[]> {
    const write = this.documentWrite(kbId);
    const results = await inSlices(documents, (document) => this.records.remove<DocumentRecord>(DOCUMENT, document.id, write));
    const removed = results.filter((document): document is DocumentRecord => document !== null);
    await this.records.removeMembers(
      this.documentSetKey(kbId),
      removed.map((document) => document.id),
    );
    return removed;
  }

  // Job results: written only while the job's generation is the current one and still running.

  updateDocumentIfCurrent(documentId: string, generation: number, change: (current: DocumentRecord) => DocumentRecord): Promise<DocumentRecord | null> {
    return this.records.updateIfCurrent<DocumentRecord>(
      DOCUMENT,
      documentId,
      { generation, stageOf: documentStage },
      (current) => ({ ...change(current), updatedAt: now() }),
      { topics: (document) => [documentsTopic(document.kbId)] },
    );
  }

  /** A running job's progress (null: none, after a failed attempt); `updatedAt` stays, since the document itself has not changed. */
  recordDocumentProgress(documentId: string, generation: number, progress: Progress | null): Promise<DocumentRecord | null> {
    return this.records.updateIfCurrent<DocumentRecord>(
      DOCUMENT,
      documentId,
      { generation, stageOf: documentStage },
      (current) => ({ ...current, progress: progress && { ...progress, generation } }),
      { topics: (document) => [documentsTopic(document.kbId)] },
    );
  }

  updateEmbeddingIfCurrent(
    kbId: string,
    generation: number,
    change: (current: KnowledgeBaseRecord) => KnowledgeBaseRecord,
  ): Promise<KnowledgeBaseRecord | null> {
    return this.records.updateIfCurrent<KnowledgeBaseRecord>(
      KB,
      kbId,
      { generation, stageOf: embeddingStage },
      (current) => ({ ...change(current), updatedAt: now() }),
      { topics: (kb) => this.kbWrite(kb).topics },
    );
  }

  /** A running embedding's progress; `updatedAt` stays, since the knowledge base itself has not changed. */
  recordEmbeddingProgress(kbId: string, generation: number, progress: Progress | null): Promise<KnowledgeBaseRecord | null> {
    return this.records.updateIfCurrent<KnowledgeBaseRecord>(
      KB,
      kbId,
      { generation, stageOf: embeddingStage },
      (current) => ({ ...current, progress: progress && { ...progress, generation } }),
      { topics: (kb) => this.kbWrite(kb).topics },
    );
  }
}
