import { randomUUID } from 'node:crypto';
import type { EventBus } from '../../events/event-bus';
import type { PushStream } from '../../events/push-stream';
import type { BlobStore } from '../../store/blob-store';
import type { ChangeEvent } from '../../store/record-store';
import { Conflict, Invalid, NotFound, UnsupportedMedia } from '../errors';
import type { UploadedFile } from '../shared/uploaded-file';
import type { DocumentJobs } from './document.jobs';
import type { KnowledgeBaseEmbeddingService } from './knowledge-base-embedding.service';
import { nameFromFilename, nameFromUrl, originalFilename, refuseMediaWithoutTools, UNSUPPORTED_DOCUMENT, type MediaRefusal } from './document-files';
import { documentUrl, type DocumentOptions, type NewDocument, type NewDocumentBatch, type NewEmptyDocument } from './knowledge-base.inputs';
import { contentChanged, documentsTopic, now, type KnowledgeBaseRepository } from './knowledge-base.repository';
import {
  documentBlobs,
  isBusy,
  type BatchItemResult,
  type BatchResult,
  type DocumentRecord,
  type DocumentType,
  type KnowledgeBaseRecord,
  type OriginalFile,
} from './knowledge-base.types';
import type { TextExtractor } from './text-extractor';

export interface DocumentServiceDeps {
  repository: KnowledgeBaseRepository;
  blobs: BlobStore;
  events: EventBus;
  jobs: DocumentJobs;
  embedding: KnowledgeBaseEmbeddingService;
  textExtractor: TextExtractor;
  mediaRefusal: MediaRefusal;
}

type DocumentFields = Pick<
  DocumentRecord,
  'name' | 'nameFromSource' | 'folder' | 'type' | 'url' | 'original' | 'expertName' | 'userEmail' | 'autoRewrite' | 'modelTier' | 'useOriginalAsRewritten'
>;

/** A request's document options as the record stores them. */
function storedOptions(options: DocumentOptions) {
  return {
    expertName: options.expertName ?? null,
    userEmail: options.userEmail ?? null,
    autoRewrite: options.autoRewrite,
    modelTier: options.modelTier,
    useOriginalAsRewritten: options.useOriginalAsRewritten,
  };
}

/** The documents of knowledge bases: creation, changes, deletion and the live view. */
export class DocumentService {
  constructor(private readonly deps: DocumentServiceDeps) {}

  private async knowledgeBase(partner: string, kbName: string): Promise<KnowledgeBaseRecord> {
    return this.deps.repository.get(partner, kbName);
  }

  async getDocument(partner: string, kbName: string, documentId: string | number): Promise<DocumentRecord> {
    return (await this.deps.repository.documentIn(partner, kbName, documentId)).document;
  }

  /**
   * Creates a document from an uploaded file or a URL and queues its digitization. A file is
   * sniffed here, so a format no engine reads, or audio or video while an audio tool is missing,
   * is refused before anything is stored. (A URL's format is known only once its job downloads
   * it: that job fails with the missing tool as its reason.) The folder is created when missing:
   * legacy clients never created folders first.
   */
  async createDocument(partner: string, kbName: string, input: NewDocument, file?: UploadedFile, requestId?: string): Promise<DocumentRecord> {
    const kb = await this.knowledgeBase(partner, kbName);
    let original: OriginalFile | null = null;
    let name = input.name;
    if (input.type === 'file') {
      if (!file) throw Invalid.param('file', 'is required when type is file');
      const format = await this.deps.textExtractor.detectFormat(file.path, { filename: file.filename, contentType: file.mimetype });
      if (!format) throw new UnsupportedMedia(UNSUPPORTED_DOCUMENT);
      refuseMediaWithoutTools(format, this.deps.mediaRefusal);
      name ??= nameFromFilename(file.filename) ?? 'Untitled';
      original = {
        blobId: await this.deps.blobs.adopt(file.path),
        format,
        filename: originalFilename(format, file.filename),
        sourceName: file.filename.slice(0, 255) || null,
      };
    }
    const url = input.type === 'url' ? input.url! : null;
    const document = this.newDocument(kb, {
      name: name ?? nameFromUrl(url!),
      nameFromSource: !name,
      folder: input.folder,
      type: input.type,
      url,
      original,
      ...storedOptions(input),
      queued: true,
    });
    const [created] = await this.storeNewDocuments(kb, input.folder, [document], requestId);
    return created!;
  }

  async createEmptyDocument(partner: string, kbName: string, input: NewEmptyDocument): Promise<DocumentRecord> {
    const kb = await this.knowledgeBase(partner, kbName);
    const document = this.newDocument(kb, {
      name: input.name,
      nameFromSource: false,
      folder: input.folder,
      type: input.type,
      url: input.type === 'url' ? input.url! : null,
      original: null,
      expertName: input.expertName ?? null,
      userEmail: input.userEmail ?? null,
      autoRewrite: false,
      modelTier: 'standard',
      useOriginalAsRewritten: false,
      queued: false,
    });
    // Not queued: no job to carry a request id.
    const [created] = await this.storeNewDocuments(kb, input.folder, [document], undefined);
    return created!;
  }

  /** Creates one URL document per valid URL; an invalid entry fails alone. */
  async createBatch(partner: string, kbName: string, input: NewDocumentBatch, requestId?: string): Promise<BatchResult> {
    const kb = await this.knowledgeBase(partner, kbName);
    const results: BatchItemResult[] = [];
    const documents: Omit<DocumentRecord, 'version'>[] = [];
    for (const entry of input.urls) {
      const url = typeof entry === 'string' ? entry.trim() : '';
      const parsed = documentUrl.safeParse(url);
      if (typeof entry !== 'string' || !parsed.success) {
        results.push({
          url: typeof entry === 'string' ? entry.slice(0, 2048) : String(entry).slice(0, 2048),
          status: 'failed',
          error: typeof entry !== 'string' ? 'must be a URL string' : (parsed.error?.issues[0]?.message ?? 'is not a valid URL'),
        });
        continue;
      }
      const document = this.newDocument(kb, {
        name: nameFromUrl(parsed.data),
        nameFromSource: true,
        folder: input.folder,
        type: 'url',
        url: parsed.data,
        original: null,
        ...storedOptions(input),
        queued: true,
      });
      results.push({ url: parsed.data, status: 'success', documentId: document.id });
      documents.push(document);
    }
    if (documents.length > 0) await this.storeNewDocuments(kb, input.folder, documents, requestId);
    const succeeded = results.filter((result) => result.status === 'success').length;
    return { summary: { total: results.length, succeeded, failed: results.length - succeeded }, results };
  }

  async renameDocument(partner: string, kbName: string, documentId: string | number, name: string): Promise<DocumentRecord> {
    return this.changeDocument(partner, kbName, documentId, (current) => ({ ...current, name, nameFromSource: false }));
  }

  async setDocumentType(partner: string, kbName: string, documentId: string | number, type: DocumentType, url?: string): Promise<DocumentRecord> {
    return this.changeDocument(partner, kbName, documentId, (current) => {
      const nextUrl = url ?? current.url;
      if (type === 'url' && !nextUrl) throw Invalid.param('url', 'is required when type is url');
      return { ...current, type, url: nextUrl };
    });
  }

  async setDocumentUrl(partner: string, kbName: string, documentId: string | number, url: string): Promise<DocumentRecord> {
    return this.changeDocument(partner, kbName, documentId, (current) => ({ ...current, url }));
  }

  /**
   * Deletes a document. With force, a document being processed goes too: waiting jobs leave
   * their queue, and a running job finds the record gone, so its late result changes nothing.
   */
  async deleteDocument(partner: string, kbName: string, documentId: string | number, force: boolean): Promise<void> {
    const { kb, document } = await this.deps.repository.documentIn(partner, kbName, documentId);
    const removed = await this.deps.repository.removeDocument(kb.id, document.id, (current) => {
      if (!force && isBusy(current)) throw new Conflict('Document is currently being processed');
    });
    if (!removed) throw new NotFound('Document not found');
    await this.afterRemoval([removed]);
    await this.deps.embedding.removeFromIndex(kb, [removed]);
    await this.deps.repository.markContentChanged(kb.id);
  }

  /** Deletes documents with their files, their waiting jobs and their entries in the retrieval index. */
  async removeDocuments(kb: KnowledgeBaseRecord, documents: readonly DocumentRecord[]): Promise<void> {
    const removed = await this.deps.repository.removeDocuments(kb.id, documents);
    await this.afterRemoval(removed);
    await this.deps.embedding.removeFromIndex(kb, removed);
  }

  /** Every document of the knowledge base now, then every change to any of them (deletions included). */
  async watchDocuments(partner: string, kbName: string): Promise<PushStream<ChangeEvent<DocumentRecord>>> {
    const kb = await this.knowledgeBase(partner, kbName);
    return this.deps.events.live<DocumentRecord>(documentsTopic(kb.id), {
      load: () => this.deps.repository.documentsOf(kb.id),
      waitingOn: this.deps.jobs.waitingOn,
    });
  }

  // Internals

  private newDocument(kb: KnowledgeBaseRecord, fields: DocumentFields & { queued: boolean }): Omit<DocumentRecord, 'version'> {
    const { queued, ...rest } = fields;
    const timestamp = now();
    return {
      ...rest,
      id: randomUUID(),
      kbId: kb.id,
      partner: kb.partner,
      expertName: fields.expertName ?? kb.expertName,
      userEmail: fields.userEmail ?? kb.userEmail,
      digitized: null,
      draft: null,
      rewritten: null,
      inQueues: queued ? ['digitize'] : [],
      generation: queued ? 1 : 0,
      rewriteModel: null,
      rewriteInputTokens: null,
      rewriteOutputTokens: null,
      rewriteCompletedAt: null,
      processingError: null,
      isEmbedded: false,
      wordTimings: null,
      progress: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    };
  }

  /** Writes new documents (creating their folder if needed) and queues those that digitize. */
  private async storeNewDocuments(
    kb: KnowledgeBaseRecord,
    folder: string,
    documents: Omit<DocumentRecord, 'version'>[],
    requestId: string | undefined,
  ): Promise<DocumentRecord[]> {
    const updated = await this.deps.repository.updateKnowledgeBase(kb, (current) => {
      const withFolder = current.folders.includes(folder) ? current : { ...current, folders: [...current.folders, folder] };
      const next = contentChanged(withFolder) ?? withFolder;
      return next === current ? null : { ...next, updatedAt: now() };
    });
    if (!updated) {
      await this.deps.blobs.remove(...documents.map((document) => document.original?.blobId));
      throw new NotFound('Knowledge base not found');
    }
    const created = await this.deps.repository.createDocuments(kb.id, documents);
    await this.deps.jobs.digitizeNew(created, requestId);
    return created;
  }

  private async afterRemoval(removed: DocumentRecord[]): Promise<void> {
    if (removed.length === 0) return;
    await Promise.all(removed.map((document) => this.deps.jobs.cancel(document)));
    await this.deps.blobs.remove(...removed.flatMap(documentBlobs));
  }

  private async changeDocument(
    partner: string,
    kbName: string,
    documentId: string | number,
    change: (current: DocumentRecord) => DocumentRecord,
  ): Promise<DocumentRecord> {
    const { kb, document } = await this.deps.repository.documentIn(partner, kbName, documentId);
    const updated = await this.deps.repository.updateDocument(kb.id, document.id, change);
    if (!updated) throw new NotFound('Document not found');
    await this.deps.repository.markContentChanged(kb.id);
    return updated;
  }
}
