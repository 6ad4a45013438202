import { Conflict, NotFound } from '../errors';
import type { DocumentService } from './document.service';
import type { NewKnowledgeBase } from './knowledge-base.inputs';
import type { KnowledgeBaseEmbeddingService } from './knowledge-base-embedding.service';
import { now, type KnowledgeBaseRepository } from './knowledge-base.repository';
import {
  folderInfos,
  statsOf,
  type DocumentRecord,
  type FolderInfo,
  type KbEmbedding,
  type KnowledgeBaseRecord,
  type KnowledgeBaseStats,
  type KnowledgeBaseWithDocuments,
} from './knowledge-base.types';
import { partnerRecordId } from '../../store/keys';

export interface KnowledgeBaseServiceDeps {
  repository: KnowledgeBaseRepository;
  documents: DocumentService;
  embedding: KnowledgeBaseEmbeddingService;
}

function initialEmbedding(): KbEmbedding {
  return {
    status: 'idle',
    error: null,
    generation: 0,
    externalJobId: null,
    splitLevel: 0,
    language: 'english',
    lastUpdateTime: null,
    lastUpdateStatus: null,
    lastUpdateDetails: null,
    lastSuccessfulUpdateTime: null,
    lastSuccessfulDetails: null,
    index: null,
    removedDocuments: [],
    startedRevision: 0,
    embeddedRevision: null,
  };
}

/** Knowledge bases and their folders; deleting either takes the documents in it along. */
export class KnowledgeBaseService {
  constructor(private readonly deps: KnowledgeBaseServiceDeps) {}

  // Reads, shaped for DataLoaders: every `getMany` is one MGET in the order of the ids.

  getKnowledgeBases(ids: readonly string[]): Promise<(KnowledgeBaseRecord | null)[]> {
    return this.deps.repository.getKnowledgeBases(ids);
  }

  getDocuments(ids: readonly string[]): Promise<(DocumentRecord | null)[]> {
    return this.deps.repository.getDocuments(ids);
  }

  documentIds(kbId: string): Promise<string[]> {
    return this.deps.repository.documentIds(kbId);
  }

  list(partner: string): Promise<KnowledgeBaseRecord[]> {
    return this.deps.repository.list(partner);
  }

  listWithDocuments(partner: string): Promise<KnowledgeBaseWithDocuments[]> {
    return this.deps.repository.listWithDocuments(partner);
  }

  find(partner: string, name: string): Promise<KnowledgeBaseRecord | null> {
    return this.deps.repository.find(partner, name);
  }

  get(partner: string, name: string): Promise<KnowledgeBaseRecord> {
    return this.deps.repository.get(partner, name);
  }

  async getWithDocuments(partner: string, name: string): Promise<KnowledgeBaseWithDocuments> {
    const kb = await this.get(partner, name);
    return { kb, documents: await this.deps.repository.documentsOf(kb.id) };
  }

  async stats(partner: string, kbName: string): Promise<KnowledgeBaseStats> {
    const { documents } = await this.getWithDocuments(partner, kbName);
    return statsOf(documents);
  }

  async create(partner: string, input: NewKnowledgeBase): Promise<KnowledgeBaseRecord> {
    const timestamp = now();
    return this.deps.repository.createKnowledgeBase({
      id: partnerRecordId(partner),
      partner,
      name: input.name,
      expertName: input.expertName ?? null,
      userEmail: input.userEmail ?? null,
      folders: [],
      contentRevision: 0,
      embedding: initialEmbedding(),
      progress: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    });
  }

  /** Deletes the knowledge base, its documents, their files and queued jobs, and its embedding. */
  async delete(partner: string, name: string): Promise<void> {
    const { repository } = this.deps;
    const kb = await this.get(partner, name);
    const removed = await repository.removeKnowledgeBase(kb);
    if (!removed) throw new NotFound('Knowledge base not found');
    // Its index goes first and whole; removing the documents then finds no entries left to remove.
    await this.deps.embedding.discard(removed);
    await this.deps.documents.removeDocuments(removed, await repository.documentsOf(kb.id));
    await repository.removeDocumentSet(kb.id);
  }

  // Folders

  async folders(partner: string, kbName: string): Promise<FolderInfo[]> {
    const { kb, documents } = await this.getWithDocuments(partner, kbName);
    return folderInfos(kb, documents);
  }

  async createFolder(partner: string, kbName: string, name: string): Promise<FolderInfo> {
    const kb = await this.get(partner, kbName);
    const updated = await this.deps.repository.updateKnowledgeBase(kb, (current) => {
      if (current.folders.includes(name)) throw new Conflict(`Folder '${name}' already exists`);
      return { ...current, folders: [...current.folders, name], updatedAt: now() };
    });
    if (!updated) throw new NotFound('Knowledge base not found');
    return { name, documentCount: 0 };
  }

  /** Deletes a folder with the documents in it, processing or not. */
  async deleteFolder(partner: string, kbName: string, folder: string): Promise<void> {
    const { repository } = this.deps;
    const kb = await this.get(partner, kbName);
    const updated = await repository.updateKnowledgeBase(kb, (current) => {
      if (!current.folders.includes(folder)) throw new NotFound('Folder not found');
      return { ...current, folders: current.folders.filter((name) => name !== folder), updatedAt: now() };
    });
    if (!updated) throw new NotFound('Knowledge base not found');
    const inFolder = (await repository.documentsOf(kb.id)).filter((document) => document.folder === folder);
    if (inFolder.length > 0) {
      await this.deps.documents.removeDocuments(updated, inFolder);
      await repository.markContentChanged(kb.id);
    }
  }
}
