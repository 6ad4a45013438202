import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { extractText } from '../../engines/digitize';
import { EngineError } from '../../engines/engine-error';
import type { EventBus } from '../../events/event-bus';
import {
  digitizeQueue,
  embedKnowledgeBaseQueue,
  rewriteQueue,
  type RewriteOptions,
} from '../../queues/knowledge-base.queues';
import type { QueueRegistry } from '../../queues/queue-registry';
import type { BlobStore } from '../../store/blob-store';
import { NameTaken, type ChangeEvent, type RecordStore } from '../../store/record-store';
import { Conflict, Invalid, NotFound, UnsupportedMedia } from '../errors';
import type { UploadedFile } from '../shared/uploaded-file';
import {
  detectFileFormat,
  nameFromFilename,
  nameFromUrl,
  originalFilename,
  TEXT_FORMATS,
} from './document-files';
import { documentUrl, type BatchInput, type CreateDocumentInput, type EmptyDocumentInput } from './kb.inputs';
import {
  charCount,
  FILENAMES,
  isBusy,
  statsOf,
  type ContentKind,
  type DocumentRecord,
  type DocumentType,
  type EmbeddingDetails,
  type KbEmbedding,
  type KnowledgeBaseRecord,
  type KnowledgeBaseStats,
  type OriginalFile,
  type ProcessAction,
  type TextFile,
} from './kb.types';

const KB = 'kb';
const DOCUMENT = 'kb-document';

export interface KnowledgeBaseServiceDeps {
  records: RecordStore;
  events: EventBus;
  blobs: BlobStore;
  queues: QueueRegistry;
}

export interface NewKnowledgeBase {
  name: string;
  expertName?: string;
  userEmail?: string;
}

export interface FolderInfo {
  name: string;
  documentCount: number;
}

export type BatchItemResult =
  | { url: string; status: 'success'; documentId: string }
  | { url: string; status: 'failed'; error: string };

export interface BatchResult {
  summary: { total: number; succeeded: number; failed: number };
  results: BatchItemResult[];
}

export interface BulkRewriteResult {
  queued: string[];
  skipped: { documentId: string; reason: string }[];
}

export interface DocumentContent {
  content: string;
  /** Binary originals (PDF, DOCX, media) travel as base64. */
  encoding: 'utf-8' | 'base64';
  filename: string;
}

/** What an embedding run produced, ready to be recorded. */
export interface EmbeddingResult {
  blobId: string;
  documentIds: string[];
  chunks: number;
  model: string;
  externalJobId?: string;
}

/** A knowledge base with its documents: what the listing routes show. */
export interface KnowledgeBaseWithDocuments {
  kb: KnowledgeBaseRecord;
  documents: DocumentRecord[];
}

const now = () => new Date().toISOString();

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
    blobId: null,
    startedRevision: 0,
    embeddedRevision: null,
  };
}

/** A change to any document after an embedding run started makes that run's result stale. */
function touched(kb: KnowledgeBaseRecord): KnowledgeBaseRecord | null {
  if (kb.contentRevision > kb.embedding.startedRevision) return null;
  return { ...kb, contentRevision: kb.embedding.startedRevision + 1, updatedAt: now() };
}

export function byCreation(a: DocumentRecord, b: DocumentRecord): number {
  return a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/**
 * Knowledge bases, their folders and documents: the only place that changes those records.
 * Every change is one atomic write that also publishes the new snapshot: documents on
 * `kb-documents:<kbId>`, the knowledge base (and its embedding) on `kb-embedding:<kbId>`
 * and on the partner's topic.
 */
export class KnowledgeBaseService {
  constructor(private readonly deps: KnowledgeBaseServiceDeps) {}

  static documentsTopic(kbId: string): string {
    return `kb-documents:${kbId}`;
  }

  static embeddingTopic(kbId: string): string {
    return `kb-embedding:${kbId}`;
  }

  static knowledgeBasesTopic(partner: string): string {
    return `knowledge-bases:${partner}`;
  }

  private indexKey(partner: string): string {
    return this.deps.records.keys.key('kb-names', partner);
  }

  private documentSetKey(kbId: string): string {
    return this.deps.records.keys.key('kb-documents', kbId);
  }

  private kbWrite(kb: Pick<KnowledgeBaseRecord, 'id' | 'partner'>) {
    return { topics: [KnowledgeBaseService.embeddingTopic(kb.id), KnowledgeBaseService.knowledgeBasesTopic(kb.partner)] };
  }

  private documentWrite(kbId: string) {
    return { topics: [KnowledgeBaseService.documentsTopic(kbId)] };
  }

  // Reads, shaped for DataLoaders: every `getMany` is one MGET in the order of the ids.

  getKnowledgeBases(ids: readonly string[]): Promise<(KnowledgeBaseRecord | null)[]> {
    return this.deps.records.getMany<KnowledgeBaseRecord>(KB, ids);
  }

  getDocuments(ids: readonly string[]): Promise<(DocumentRecord | null)[]> {
    return this.deps.records.getMany<DocumentRecord>(DOCUMENT, ids);
  }

  documentIds(kbId: string): Promise<string[]> {
    return this.deps.records.redis.smembers(this.documentSetKey(kbId));
  }

  /** Every document of a knowledge base in two round trips (SMEMBERS + MGET), oldest first. */
  async documentsOf(kbId: string): Promise<DocumentRecord[]> {
    const documents = await this.getDocuments(await this.documentIds(kbId));
    return documents.filter((document): document is DocumentRecord => document !== null).sort(byCreation);
  }

  async list(partner: string): Promise<KnowledgeBaseRecord[]> {
    const ids = await this.deps.records.redis.hvals(this.indexKey(partner));
    const kbs = await this.getKnowledgeBases(ids);
    return kbs.filter((kb): kb is KnowledgeBaseRecord => kb !== null).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** All of a partner's knowledge bases with their documents, in four round trips whatever their size. */
  async listWithDocuments(partner: string): Promise<KnowledgeBaseWithDocuments[]> {
    const kbs = await this.list(partner);
    if (kbs.length === 0) return [];
    const pipeline = this.deps.records.redis.pipeline();
    for (const kb of kbs) pipeline.smembers(this.documentSetKey(kb.id));
    const memberships = ((await pipeline.exec()) ?? []).map(([, ids]) => (Array.isArray(ids) ? (ids as string[]) : []));
    const documents = await this.getDocuments(memberships.flat());
    const byKb = new Map<string, DocumentRecord[]>();
    for (const document of documents) {
      if (document) byKb.set(document.kbId, [...(byKb.get(document.kbId) ?? []), document]);
    }
    return kbs.map((kb) => ({ kb, documents: (byKb.get(kb.id) ?? []).sort(byCreation) }));
  }

  async find(partner: string, name: string): Promise<KnowledgeBaseRecord | null> {
    const id = await this.deps.records.redis.hget(this.indexKey(partner), name);
    return id ? this.deps.records.get<KnowledgeBaseRecord>(KB, id) : null;
  }

  async get(partner: string, name: string): Promise<KnowledgeBaseRecord> {
    const kb = await this.find(partner, name);
    if (!kb) throw new NotFound('Knowledge base not found');
    return kb;
  }

  async getWithDocuments(partner: string, name: string): Promise<KnowledgeBaseWithDocuments> {
    const kb = await this.get(partner, name);
    return { kb, documents: await this.documentsOf(kb.id) };
  }

  async getDocument(partner: string, kbName: string, documentId: string): Promise<DocumentRecord> {
    const kb = await this.get(partner, kbName);
    return this.documentIn(kb, documentId);
  }

  private async documentIn(kb: KnowledgeBaseRecord, documentId: string): Promise<DocumentRecord> {
    const document = await this.deps.records.get<DocumentRecord>(DOCUMENT, documentId);
    if (!document || document.kbId !== kb.id) throw new NotFound('Document not found');
    return document;
  }

  async stats(partner: string, kbName: string): Promise<KnowledgeBaseStats> {
    const { documents } = await this.getWithDocuments(partner, kbName);
    return statsOf(documents);
  }

  // Knowledge bases

  async create(partner: string, input: NewKnowledgeBase): Promise<KnowledgeBaseRecord> {
    const id = randomUUID();
    const timestamp = now();
    const record: Omit<KnowledgeBaseRecord, 'version'> = {
      id,
      partner,
      name: input.name,
      expertName: input.expertName ?? null,
      userEmail: input.userEmail ?? null,
      folders: [],
      contentRevision: 0,
      embedding: initialEmbedding(),
      createdAt: timestamp,
      updatedAt: timestamp,
    };
    try {
      return await this.deps.records.create<KnowledgeBaseRecord>(KB, id, record, {
        ...this.kbWrite(record),
        index: { key: this.indexKey(partner), name: input.name },
      });
    } catch (error) {
      if (error instanceof NameTaken) throw new Conflict(`Knowledge base '${input.name}' already exists`);
      throw error;
    }
  }

  /** Deletes the knowledge base, its documents, their files and queued jobs, and its embedding. */
  async delete(partner: string, name: string): Promise<void> {
    const kb = await this.get(partner, name);
    const removed = await this.deps.records.remove<KnowledgeBaseRecord>(KB, kb.id, {
      ...this.kbWrite(kb),
      index: { key: this.indexKey(partner), name: kb.name },
    });
    if (!removed) throw new NotFound('Knowledge base not found');
    await this.removeDocuments(kb.id, await this.documentsOf(kb.id));
    await this.deps.records.redis.del(this.documentSetKey(kb.id));
    await this.deps.blobs.remove(removed.embedding.blobId);
    await this.deps.queues.remove(embedKnowledgeBaseQueue, { kbId: kb.id, generation: removed.embedding.generation });
  }

  // Folders

  async folders(partner: string, kbName: string): Promise<FolderInfo[]> {
    const { kb, documents } = await this.getWithDocuments(partner, kbName);
    return folderInfos(kb, documents);
  }

  async createFolder(partner: string, kbName: string, name: string): Promise<FolderInfo> {
    const kb = await this.get(partner, kbName);
    const updated = await this.deps.records.update<KnowledgeBaseRecord>(
      KB,
      kb.id,
      (current) => {
        if (current.folders.includes(name)) throw new Conflict(`Folder '${name}' already exists`);
        return { ...current, folders: [...current.folders, name], updatedAt: now() };
      },
      this.kbWrite(kb),
    );
    if (!updated) throw new NotFound('Knowledge base not found');
    return { name, documentCount: 0 };
  }

  /** Deletes a folder with the documents in it, processing or not. */
  async deleteFolder(partner: string, kbName: string, folder: string): Promise<void> {
    const kb = await this.get(partner, kbName);
    const updated = await this.deps.records.update<KnowledgeBaseRecord>(
      KB,
      kb.id,
      (current) => {
        if (!current.folders.includes(folder)) throw new NotFound('Folder not found');
        return { ...current, folders: current.folders.filter((name) => name !== folder), updatedAt: now() };
      },
      this.kbWrite(kb),
    );
    if (!updated) throw new NotFound('Knowledge base not found');
    const inFolder = (await this.documentsOf(kb.id)).filter((document) => document.folder === folder);
    if (inFolder.length > 0) {
      await this.removeDocuments(kb.id, inFolder);
      await this.touchContent(kb.id);
    }
  }

  // Documents

  /**
   * Creates a document from an uploaded file or a URL and queues its digitization. A file is
   * sniffed here, so a format no engine reads is refused before anything is stored. The
   * folder is created when missing: legacy clients never created folders first.
   */
  async createDocument(partner: string, kbName: string, input: CreateDocumentInput, file?: UploadedFile): Promise<DocumentRecord> {
    const kb = await this.get(partner, kbName);
    let original: OriginalFile | null = null;
    let name = input.name;
    if (input.type === 'file') {
      if (!file) throw Invalid.param('file', 'is required when type is file');
      const format = await detectFileFormat(file.path, { filename: file.filename, contentType: file.mimetype });
      if (!format) throw new UnsupportedMedia('The file is not a supported document format (PDF, DOCX, HTML, text, Markdown, audio or video)');
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
      expertName: input.expert_name ?? null,
      userEmail: input.user_email ?? null,
      autoRewrite: input.auto_rewrite,
      modelTier: input.model_tier,
      useOriginalAsRewritten: input.use_original_as_rewritten,
      queued: true,
    });
    const [created] = await this.storeNewDocuments(kb, input.folder, [document]);
    return created!;
  }

  async createEmptyDocument(partner: string, kbName: string, input: EmptyDocumentInput): Promise<DocumentRecord> {
    const kb = await this.get(partner, kbName);
    const document = this.newDocument(kb, {
      name: input.name,
      nameFromSource: false,
      folder: input.folder,
      type: input.type,
      url: input.type === 'url' ? input.url! : null,
      original: null,
      expertName: input.expert_name ?? null,
      userEmail: input.user_email ?? null,
      autoRewrite: false,
      modelTier: 'standard',
      useOriginalAsRewritten: false,
      queued: false,
    });
    const [created] = await this.storeNewDocuments(kb, input.folder, [document]);
    return created!;
  }

  /** Creates one URL document per valid URL; an invalid entry fails alone. */
  async createBatch(partner: string, kbName: string, input: BatchInput): Promise<BatchResult> {
    const kb = await this.get(partner, kbName);
    const results: BatchItemResult[] = [];
    const documents: Omit<DocumentRecord, 'version'>[] = [];
    for (const entry of input.urls) {
      const url = typeof entry === 'string' ? entry.trim() : '';
      const parsed = documentUrl.safeParse(url);
      if (typeof entry !== 'string' || !parsed.success) {
        results.push({
          url: typeof entry === 'string' ? entry.slice(0, 2048) : String(entry).slice(0, 2048),
          status: 'failed',
          error: typeof entry !== 'string' ? 'must be a URL string' : parsed.error?.issues[0]?.message ?? 'is not a valid URL',
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
        expertName: input.expert_name ?? null,
        userEmail: input.user_email ?? null,
        autoRewrite: input.auto_rewrite,
        modelTier: input.model_tier,
        useOriginalAsRewritten: input.use_original_as_rewritten,
        queued: true,
      });
      results.push({ url: parsed.data, status: 'success', documentId: document.id });
      documents.push(document);
    }
    if (documents.length > 0) await this.storeNewDocuments(kb, input.folder, documents);
    const succeeded = results.filter((result) => result.status === 'success').length;
    return { summary: { total: results.length, succeeded, failed: results.length - succeeded }, results };
  }

  async renameDocument(partner: string, kbName: string, documentId: string, name: string): Promise<DocumentRecord> {
    return this.changeDocument(partner, kbName, documentId, (current) => ({ ...current, name, nameFromSource: false }));
  }

  async setDocumentType(partner: string, kbName: string, documentId: string, type: DocumentType, url?: string): Promise<DocumentRecord> {
    return this.changeDocument(partner, kbName, documentId, (current) => {
      const nextUrl = url ?? current.url;
      if (type === 'url' && !nextUrl) throw Invalid.param('url', 'is required when type is url');
      return { ...current, type, url: nextUrl };
    });
  }

  async setDocumentUrl(partner: string, kbName: string, documentId: string, url: string): Promise<DocumentRecord> {
    return this.changeDocument(partner, kbName, documentId, (current) => ({ ...current, url }));
  }

  /**
   * Deletes a document. With force, a document being processed goes too: waiting jobs leave
   * their queue, and a running job finds the record gone, so its late result changes nothing.
   */
  async deleteDocument(partner: string, kbName: string, documentId: string, force: boolean): Promise<void> {
    const kb = await this.get(partner, kbName);
    const document = await this.documentIn(kb, documentId);
    const removed = await this.deps.records.remove<DocumentRecord>(DOCUMENT, document.id, {
      ...this.documentWrite(kb.id),
      guard: (current) => {
        if (!force && isBusy(current)) throw new Conflict('Document is currently being processed');
      },
    });
    if (!removed) throw new NotFound('Document not found');
    await this.afterRemoval(kb.id, [removed]);
    await this.touchContent(kb.id);
  }

  // Content

  async readContent(partner: string, kbName: string, documentId: string, kind: ContentKind): Promise<DocumentContent> {
    const document = await this.getDocument(partner, kbName, documentId);
    if (kind === 'original') {
      const original = document.original;
      if (!original) throw new NotFound('Content not found');
      const bytes = await readFile(this.deps.blobs.pathOf(original.blobId));
      return TEXT_FORMATS.includes(original.format)
        ? { content: bytes.toString('utf8'), encoding: 'utf-8', filename: original.filename }
        : { content: bytes.toString('base64'), encoding: 'base64', filename: original.filename };
    }
    const file = document[kind];
    if (!file) throw new NotFound('Content not found');
    return { content: await this.readText(file.blobId), encoding: 'utf-8', filename: contentFilename(kind) };
  }

  /** Replaces one of the texts; an original given as text becomes a plain-text original. */
  async writeContent(partner: string, kbName: string, documentId: string, kind: ContentKind, text: string): Promise<DocumentRecord> {
    const kb = await this.get(partner, kbName);
    await this.documentIn(kb, documentId);
    const blobId = await this.storeText(text);
    if (kind === 'original') {
      return this.replaceOriginal(kb, documentId, { blobId, format: 'text', filename: originalFilename('text', null), sourceName: null });
    }
    return this.replaceText(kb, documentId, kind, { blobId, chars: charCount(text) });
  }

  /** Stores an uploaded file: as the original, or read as text for the other kinds. */
  async uploadContent(partner: string, kbName: string, documentId: string, kind: ContentKind, file: UploadedFile): Promise<DocumentRecord> {
    const kb = await this.get(partner, kbName);
    await this.documentIn(kb, documentId);
    const format = await detectFileFormat(file.path, { filename: file.filename, contentType: file.mimetype });
    if (kind === 'original') {
      if (!format) throw new UnsupportedMedia('The file is not a supported document format (PDF, DOCX, HTML, text, Markdown, audio or video)');
      const blobId = await this.deps.blobs.adopt(file.path);
      return this.replaceOriginal(kb, documentId, {
        blobId,
        format,
        filename: originalFilename(format, file.filename),
        sourceName: file.filename.slice(0, 255) || null,
      });
    }
    if (!format || format === 'audio' || format === 'video') {
      throw new UnsupportedMedia(`The ${kind} content must be a text document (text, Markdown, HTML, PDF or DOCX)`);
    }
    let text: string;
    try {
      text = format === 'markdown' || format === 'text' ? await readFile(file.path, 'utf8') : (await extractText(file.path, format)).text;
    } catch (error) {
      if (error instanceof EngineError) throw new UnsupportedMedia(error.message);
      throw error;
    }
    const blobId = await this.storeText(text);
    return this.replaceText(kb, documentId, kind, { blobId, chars: charCount(text) });
  }

  /** Rewritten texts of the knowledge base, named after their folder and document. */
  async rewrittenTexts(partner: string, kbName: string): Promise<{ kb: KnowledgeBaseRecord; files: { document: DocumentRecord; blobId: string }[] }> {
    const { kb, documents } = await this.getWithDocuments(partner, kbName);
    return {
      kb,
      files: documents.flatMap((document) => (document.rewritten ? [{ document, blobId: document.rewritten.blobId }] : [])),
    };
  }

  openBlob(blobId: string) {
    return this.deps.blobs.read(blobId);
  }

  // Processing

  /** Queues digitize, rewrite or both for one document, superseding whatever ran before. */
  async queueProcess(
    partner: string,
    kbName: string,
    documentId: string,
    action: ProcessAction,
    options: RewriteOptions,
  ): Promise<DocumentRecord> {
    const kb = await this.get(partner, kbName);
    const document = await this.documentIn(kb, documentId);
    const hasSource = document.original !== null || (document.type === 'url' && document.url !== null);
    if (action === 'digitize' && !hasSource) throw Invalid.param('document', 'the document has no original file or URL to digitize');
    if (action === 'rewrite' && !document.digitized) throw Invalid.param('document', 'the document has no digitized content to rewrite');
    if (action === 'process' && !hasSource && !document.digitized) {
      throw Invalid.param('document', 'the document has no original file, URL or digitized content to process');
    }
    const stage = action === 'rewrite' || (action === 'process' && !hasSource) ? 'rewrite' : 'digitize';
    const thenRewrite = action === 'process' || (action === 'digitize' && document.autoRewrite) ? options : null;
    return this.startProcessing(document, stage, stage === 'rewrite' ? options : thenRewrite);
  }

  /** Queues a rewrite of every digitized document of the knowledge base, or of one folder. */
  async bulkRewrite(
    partner: string,
    kbName: string,
    folder: string | null,
    options: RewriteOptions & { skipRewritten: boolean },
  ): Promise<BulkRewriteResult> {
    const { kb, documents } = await this.getWithDocuments(partner, kbName);
    if (folder !== null && !kb.folders.includes(folder)) throw new NotFound('Folder not found');
    const result: BulkRewriteResult = { queued: [], skipped: [] };
    for (const document of documents) {
      if (folder !== null && document.folder !== folder) continue;
      if (options.skipRewritten && document.rewritten) result.skipped.push({ documentId: document.id, reason: 'already rewritten' });
      else if (!document.digitized) result.skipped.push({ documentId: document.id, reason: 'not digitized' });
      else {
        await this.startProcessing(document, 'rewrite', { contentType: options.contentType, personName: options.personName });
        result.queued.push(document.id);
      }
    }
    return result;
  }

  // Embedding

  async startEmbedding(partner: string, kbName: string, settings: { splitLevel: number; language: string }): Promise<KnowledgeBaseRecord> {
    const kb = await this.get(partner, kbName);
    const updated = await this.deps.records.update<KnowledgeBaseRecord>(
      KB,
      kb.id,
      (current) => {
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
      },
      this.kbWrite(kb),
    );
    if (!updated) throw new NotFound('Knowledge base not found');
    await this.deps.queues.remove(embedKnowledgeBaseQueue, { kbId: kb.id, generation: kb.embedding.generation });
    await this.deps.queues.add(embedKnowledgeBaseQueue, {
      kbId: kb.id,
      generation: updated.embedding.generation,
      splitLevel: settings.splitLevel,
      language: settings.language,
    });
    return updated;
  }

  // Live views

  /** Every document of the knowledge base now, then every change to any of them (deletions included). */
  async watchDocuments(partner: string, kbName: string): Promise<AsyncIterableIterator<ChangeEvent<DocumentRecord>>> {
    const kb = await this.get(partner, kbName);
    return this.deps.events.live<DocumentRecord>(KnowledgeBaseService.documentsTopic(kb.id), { load: () => this.documentsOf(kb.id) });
  }

  /** The knowledge base now (embedding status included), then each change, until it is deleted. */
  async watchEmbedding(partner: string, kbName: string): Promise<AsyncIterableIterator<ChangeEvent<KnowledgeBaseRecord>>> {
    const kb = await this.get(partner, kbName);
    return this.deps.events.live<KnowledgeBaseRecord>(KnowledgeBaseService.embeddingTopic(kb.id), {
      load: async () => {
        const current = await this.deps.records.get<KnowledgeBaseRecord>(KB, kb.id);
        return current ? [current] : [];
      },
      until: (event) => event.deleted,
    });
  }

  /** Every knowledge base of the partner now, then each change to any of them. */
  watchAll(partner: string): AsyncIterableIterator<ChangeEvent<KnowledgeBaseRecord>> {
    return this.deps.events.live<KnowledgeBaseRecord>(KnowledgeBaseService.knowledgeBasesTopic(partner), { load: () => this.list(partner) });
  }

  // Worker-facing state changes. Each takes the generation its job was started with, and
  // changes nothing when a newer trigger (or a delete) has superseded that job.

  async currentDocument(documentId: string, generation: number): Promise<DocumentRecord | null> {
    const document = await this.deps.records.get<DocumentRecord>(DOCUMENT, documentId);
    return document && document.generation === generation && isBusy(document) ? document : null;
  }

  readText(blobId: string): Promise<string> {
    return readFile(this.deps.blobs.pathOf(blobId), 'utf8');
  }

  async storeText(text: string): Promise<string> {
    const path = this.deps.blobs.tmpPath('.md');
    try {
      await writeFile(path, text, 'utf8');
      return await this.deps.blobs.adopt(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  /** Records a downloaded original; the blob is dropped when the job was superseded. */
  async recordOriginal(documentId: string, generation: number, original: OriginalFile): Promise<boolean> {
    return this.recordFile(documentId, generation, original.blobId, (document) => ({
      next: { ...document, original },
      replaced: document.original?.blobId,
    }));
  }

  /**
   * Records the digitized text. With use_original_as_rewritten the same text becomes the
   * rewrite; otherwise a requested rewrite is queued under the same generation.
   */
  async recordDigitized(
    documentId: string,
    generation: number,
    text: string,
    options: { title?: string; thenRewrite: RewriteOptions | null },
  ): Promise<boolean> {
    const digitized: TextFile = { blobId: await this.storeText(text), chars: charCount(text) };
    const current = await this.deps.records.get<DocumentRecord>(DOCUMENT, documentId);
    const copyAsRewritten = current?.useOriginalAsRewritten ?? false;
    const rewritten: TextFile | null = copyAsRewritten ? { blobId: await this.storeText(text), chars: digitized.chars } : null;
    const rewrite = options.thenRewrite && !copyAsRewritten ? options.thenRewrite : null;
    let replaced: (string | undefined)[] = [];
    const updated = await this.updateIfCurrent(documentId, generation, (document) => {
      replaced = [document.digitized?.blobId, rewritten ? document.rewritten?.blobId : undefined];
      const title = options.title?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
      return {
        ...document,
        name: document.nameFromSource && title ? title : document.name,
        digitized,
        rewritten: rewritten ?? document.rewritten,
        inQueues: rewrite ? ['rewrite'] : [],
        processingError: null,
      };
    });
    if (!updated) {
      await this.deps.blobs.remove(digitized.blobId, rewritten?.blobId);
      return false;
    }
    await this.deps.blobs.remove(...replaced);
    await this.touchContent(updated.kbId);
    if (rewrite) {
      await this.deps.queues.add(rewriteQueue, {
        documentId,
        generation,
        contentType: rewrite.contentType,
        personName: rewrite.personName,
      });
    }
    return true;
  }

  async recordDraft(documentId: string, generation: number, text: string): Promise<boolean> {
    const draft: TextFile = { blobId: await this.storeText(text), chars: charCount(text) };
    return this.recordFile(documentId, generation, draft.blobId, (document) => ({
      next: { ...document, draft },
      replaced: document.draft?.blobId,
    }));
  }

  async recordRewrite(
    documentId: string,
    generation: number,
    text: string,
    usage: { model: string; inputTokens: number; outputTokens: number },
  ): Promise<boolean> {
    const rewritten: TextFile = { blobId: await this.storeText(text), chars: charCount(text) };
    return this.recordFile(documentId, generation, rewritten.blobId, (document) => ({
      next: {
        ...document,
        rewritten,
        rewriteModel: usage.model,
        rewriteInputTokens: usage.inputTokens,
        rewriteOutputTokens: usage.outputTokens,
        rewriteCompletedAt: now(),
        inQueues: [],
        processingError: null,
      },
      replaced: document.rewritten?.blobId,
    }));
  }

  /** A failed job leaves the document and its other content as they were. */
  async recordProcessingFailure(documentId: string, generation: number, reason: string): Promise<void> {
    await this.updateIfCurrent(documentId, generation, (document) => ({ ...document, inQueues: [], processingError: reason }));
  }

  /** The knowledge base and its documents when this embedding run is still the one that counts. */
  async currentEmbedding(kbId: string, generation: number): Promise<KnowledgeBaseWithDocuments | null> {
    const kb = await this.deps.records.get<KnowledgeBaseRecord>(KB, kbId);
    if (!kb || kb.embedding.generation !== generation || kb.embedding.status !== 'in_progress') return null;
    return { kb, documents: await this.documentsOf(kbId) };
  }

  async recordEmbedding(kbId: string, generation: number, result: EmbeddingResult): Promise<boolean> {
    let previous: string | null = null;
    const timestamp = now();
    const updated = await this.updateEmbeddingIfCurrent(kbId, generation, (kb) => {
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
      await this.deps.blobs.remove(result.blobId);
      return false;
    }
    await this.deps.blobs.remove(previous);
    const embedded = new Set(result.documentIds);
    for (const document of await this.documentsOf(kbId)) {
      const isEmbedded = embedded.has(document.id);
      if (document.isEmbedded === isEmbedded) continue;
      await this.deps.records.update<DocumentRecord>(
        DOCUMENT,
        document.id,
        (current) => (current.isEmbedded === isEmbedded ? null : { ...current, isEmbedded, updatedAt: now() }),
        this.documentWrite(kbId),
      );
    }
    return true;
  }

  async recordEmbeddingFailure(kbId: string, generation: number, reason: string): Promise<void> {
    const timestamp = now();
    await this.updateEmbeddingIfCurrent(kbId, generation, (kb) => ({
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

  // Internals

  private newDocument(
    kb: KnowledgeBaseRecord,
    fields: Pick<
      DocumentRecord,
      | 'name'
      | 'nameFromSource'
      | 'folder'
      | 'type'
      | 'url'
      | 'original'
      | 'expertName'
      | 'userEmail'
      | 'autoRewrite'
      | 'modelTier'
      | 'useOriginalAsRewritten'
    > & { queued: boolean },
  ): Omit<DocumentRecord, 'version'> {
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
      createdAt: timestamp,
      updatedAt: timestamp,
    };
  }

  /** Writes new documents (creating their folder if needed) and queues those that digitize. */
  private async storeNewDocuments(
    kb: KnowledgeBaseRecord,
    folder: string,
    documents: Omit<DocumentRecord, 'version'>[],
  ): Promise<DocumentRecord[]> {
    const updated = await this.deps.records.update<KnowledgeBaseRecord>(
      KB,
      kb.id,
      (current) => {
        const withFolder = current.folders.includes(folder) ? current : { ...current, folders: [...current.folders, folder] };
        const next = touched(withFolder) ?? withFolder;
        return next === current ? null : { ...next, updatedAt: now() };
      },
      this.kbWrite(kb),
    );
    if (!updated) {
      await this.deps.blobs.remove(...documents.map((document) => document.original?.blobId));
      throw new NotFound('Knowledge base not found');
    }
    const created: DocumentRecord[] = [];
    const write = this.documentWrite(kb.id);
    // Bounded parallelism: a batch of 1,000 goes in a few dozen round-trip times, not 1,000.
    for (let start = 0; start < documents.length; start += 50) {
      const slice = documents.slice(start, start + 50);
      created.push(...(await Promise.all(slice.map((document) => this.deps.records.create<DocumentRecord>(DOCUMENT, document.id, document, write)))));
    }
    await this.deps.records.redis.sadd(this.documentSetKey(kb.id), ...created.map((document) => document.id));
    const queued = created.filter((document) => document.inQueues.includes('digitize'));
    if (queued.length > 0) {
      await this.deps.queues.addBulk(
        digitizeQueue,
        queued.map((document) => ({
          documentId: document.id,
          generation: document.generation,
          thenRewrite: document.autoRewrite ? { contentType: 'auto' as const, personName: document.expertName } : null,
        })),
      );
    }
    return created;
  }

  private async startProcessing(document: DocumentRecord, stage: 'digitize' | 'rewrite', rewrite: RewriteOptions | null): Promise<DocumentRecord> {
    const updated = await this.deps.records.update<DocumentRecord>(
      DOCUMENT,
      document.id,
      (current) => ({ ...current, generation: current.generation + 1, inQueues: [stage], processingError: null, updatedAt: now() }),
      this.documentWrite(document.kbId),
    );
    if (!updated) throw new NotFound('Document not found');
    await this.cancelJobs(document);
    const personName = rewrite?.personName ?? updated.expertName;
    if (stage === 'rewrite') {
      await this.deps.queues.add(rewriteQueue, {
        documentId: updated.id,
        generation: updated.generation,
        contentType: rewrite?.contentType ?? 'auto',
        personName,
      });
    } else {
      await this.deps.queues.add(digitizeQueue, {
        documentId: updated.id,
        generation: updated.generation,
        thenRewrite: rewrite ? { contentType: rewrite.contentType, personName } : null,
      });
    }
    return updated;
  }

  /** Takes a document's waiting jobs off their queues; an active job is locked and stays, to find itself superseded. */
  private async cancelJobs(document: DocumentRecord): Promise<void> {
    await Promise.all([
      this.deps.queues.remove(digitizeQueue, { documentId: document.id, generation: document.generation }),
      this.deps.queues.remove(rewriteQueue, { documentId: document.id, generation: document.generation }),
    ]);
  }

  private async removeDocuments(kbId: string, documents: DocumentRecord[]): Promise<void> {
    const removed: DocumentRecord[] = [];
    for (let start = 0; start < documents.length; start += 50) {
      const slice = documents.slice(start, start + 50);
      const results = await Promise.all(slice.map((document) => this.deps.records.remove<DocumentRecord>(DOCUMENT, document.id, this.documentWrite(kbId))));
      removed.push(...results.filter((document): document is DocumentRecord => document !== null));
    }
    await this.afterRemoval(kbId, removed);
  }

  private async afterRemoval(kbId: string, removed: DocumentRecord[]): Promise<void> {
    if (removed.length === 0) return;
    await this.deps.records.redis.srem(this.documentSetKey(kbId), ...removed.map((document) => document.id));
    await Promise.all(removed.map((document) => this.cancelJobs(document)));
    await this.deps.blobs.remove(...removed.flatMap(blobsOf));
  }

  private async changeDocument(
    partner: string,
    kbName: string,
    documentId: string,
    change: (current: DocumentRecord) => DocumentRecord,
  ): Promise<DocumentRecord> {
    const kb = await this.get(partner, kbName);
    const document = await this.documentIn(kb, documentId);
    const updated = await this.deps.records.update<DocumentRecord>(
      DOCUMENT,
      document.id,
      (current) => ({ ...change(current), updatedAt: now() }),
      this.documentWrite(kb.id),
    );
    if (!updated) throw new NotFound('Document not found');
    await this.touchContent(kb.id);
    return updated;
  }

  private async replaceOriginal(kb: KnowledgeBaseRecord, documentId: string, original: OriginalFile): Promise<DocumentRecord> {
    let replaced: string | undefined;
    const updated = await this.deps.records.update<DocumentRecord>(
      DOCUMENT,
      documentId,
      (current) => {
        replaced = current.original?.blobId;
        return { ...current, original, updatedAt: now() };
      },
      this.documentWrite(kb.id),
    );
    if (!updated) {
      await this.deps.blobs.remove(original.blobId);
      throw new NotFound('Document not found');
    }
    await this.deps.blobs.remove(replaced);
    await this.touchContent(kb.id);
    return updated;
  }

  private async replaceText(kb: KnowledgeBaseRecord, documentId: string, kind: Exclude<ContentKind, 'original'>, file: TextFile): Promise<DocumentRecord> {
    let replaced: string | undefined;
    const updated = await this.deps.records.update<DocumentRecord>(
      DOCUMENT,
      documentId,
      (current) => {
        replaced = current[kind]?.blobId;
        return { ...current, [kind]: file, updatedAt: now() };
      },
      this.documentWrite(kb.id),
    );
    if (!updated) {
      await this.deps.blobs.remove(file.blobId);
      throw new NotFound('Document not found');
    }
    await this.deps.blobs.remove(replaced);
    await this.touchContent(kb.id);
    return updated;
  }

  /**
   * Records a job result that brings one new file. Whichever file loses is removed: the one
   * it replaces, or the new one when a newer trigger or a delete superseded the job.
   */
  private async recordFile(
    documentId: string,
    generation: number,
    newBlobId: string,
    change: (document: DocumentRecord) => { next: DocumentRecord; replaced: string | null | undefined },
  ): Promise<boolean> {
    let replaced: string | null | undefined;
    const updated = await this.updateIfCurrent(documentId, generation, (document) => {
      const result = change(document);
      replaced = result.replaced;
      return result.next;
    });
    await this.deps.blobs.remove(updated ? replaced : newBlobId);
    if (updated) await this.touchContent(updated.kbId);
    return updated !== null;
  }

  /** Marks the embedding stale; one write per embedding run at most, whatever the number of changes. */
  private async touchContent(kbId: string): Promise<void> {
    const kb = await this.deps.records.get<KnowledgeBaseRecord>(KB, kbId);
    if (!kb || !touched(kb)) return;
    await this.deps.records.update<KnowledgeBaseRecord>(KB, kbId, touched, this.kbWrite(kb));
  }

  private updateIfCurrent(
    documentId: string,
    generation: number,
    change: (current: DocumentRecord) => DocumentRecord,
  ): Promise<DocumentRecord | null> {
    return this.deps.records.updateIfCurrent<DocumentRecord>(
      DOCUMENT,
      documentId,
      { generation, stageOf: (document) => ({ generation: document.generation, running: isBusy(document) }) },
      (current) => ({ ...change(current), updatedAt: now() }),
      { topics: (document) => [KnowledgeBaseService.documentsTopic(document.kbId)] },
    );
  }

  private updateEmbeddingIfCurrent(
    kbId: string,
    generation: number,
    change: (current: KnowledgeBaseRecord) => KnowledgeBaseRecord,
  ): Promise<KnowledgeBaseRecord | null> {
    return this.deps.records.updateIfCurrent<KnowledgeBaseRecord>(
      KB,
      kbId,
      { generation, stageOf: (kb) => ({ generation: kb.embedding.generation, running: kb.embedding.status === 'in_progress' }) },
      (current) => ({ ...change(current), updatedAt: now() }),
      { topics: (kb) => this.kbWrite(kb).topics },
    );
  }
}

export function folderInfos(kb: KnowledgeBaseRecord, documents: readonly DocumentRecord[]): FolderInfo[] {
  const counts = new Map<string, number>();
  for (const document of documents) counts.set(document.folder, (counts.get(document.folder) ?? 0) + 1);
  return kb.folders.map((name) => ({ name, documentCount: counts.get(name) ?? 0 }));
}

export function contentFilename(kind: Exclude<ContentKind, 'original'>): string {
  return FILENAMES[kind];
}


function blobsOf(document: DocumentRecord): (string | undefined)[] {
  return [document.original?.blobId, document.digitized?.blobId, document.draft?.blobId, document.rewritten?.blobId];
}
