import type { Readable } from 'node:stream';
import type { BlobStore } from '../../store/blob-store';
import { NotFound, UnsupportedMedia } from '../errors';
import type { UploadedFile } from '../shared/uploaded-file';
import { originalFilename, readText, refuseMediaWithoutTools, storeText, TEXT_FORMATS, UNSUPPORTED_DOCUMENT, type MediaRefusal } from './document-files';
import type { KnowledgeBaseRepository } from './knowledge-base.repository';
import {
  charCount,
  contentFilename,
  type ContentKind,
  type DocumentContent,
  type DocumentRecord,
  type KnowledgeBaseRecord,
  type OriginalFile,
  type TextFile,
} from './knowledge-base.types';
import type { TextExtractor } from './text-extractor';

export interface DocumentContentServiceDeps {
  repository: KnowledgeBaseRepository;
  blobs: BlobStore;
  textExtractor: TextExtractor;
  mediaRefusal: MediaRefusal;
}

/** The four texts of a document: read, written as text, or uploaded as a file. */
export class DocumentContentService {
  constructor(private readonly deps: DocumentContentServiceDeps) {}

  async readContent(partner: string, kbName: string, documentId: string | number, kind: ContentKind): Promise<DocumentContent> {
    const content = await this.contentOf((await this.deps.repository.documentIn(partner, kbName, documentId)).document, kind);
    if (!content) throw new NotFound('Content not found');
    return content;
  }

  /** A text of the document, null when it does not exist: a text original as UTF-8, a binary one (PDF, DOCX, media) as base64. */
  async contentOf(document: DocumentRecord, kind: ContentKind): Promise<DocumentContent | null> {
    if (kind === 'original') {
      const original = document.original;
      if (!original) return null;
      const bytes = await this.deps.blobs.readBytes(original.blobId);
      return TEXT_FORMATS.includes(original.format)
        ? { content: bytes.toString('utf8'), encoding: 'utf-8', filename: original.filename }
        : { content: bytes.toString('base64'), encoding: 'base64', filename: original.filename };
    }
    const file = document[kind];
    return file ? { content: await readText(this.deps.blobs, file.blobId), encoding: 'utf-8', filename: contentFilename(kind) } : null;
  }

  /** Replaces one of the texts; an original given as text becomes a plain-text original. */
  async writeContent(partner: string, kbName: string, documentId: string | number, kind: ContentKind, text: string): Promise<DocumentRecord> {
    const { kb, document } = await this.deps.repository.documentIn(partner, kbName, documentId);
    const blobId = await storeText(this.deps.blobs, text);
    if (kind === 'original') {
      return this.replaceOriginal(kb, document.id, { blobId, format: 'text', filename: originalFilename('text', null), sourceName: null });
    }
    return this.replaceText(kb, document.id, kind, { blobId, chars: charCount(text) });
  }

  /** Stores an uploaded file: as the original (audio or video only while the audio tools are there), or read as text for the other kinds. */
  async uploadContent(partner: string, kbName: string, documentId: string | number, kind: ContentKind, file: UploadedFile): Promise<DocumentRecord> {
    const { kb, document } = await this.deps.repository.documentIn(partner, kbName, documentId);
    const format = await this.deps.textExtractor.detectFormat(file.path, { filename: file.filename, contentType: file.mimetype });
    if (kind === 'original') {
      if (!format) throw new UnsupportedMedia(UNSUPPORTED_DOCUMENT);
      refuseMediaWithoutTools(format, this.deps.mediaRefusal);
      const blobId = await this.deps.blobs.adopt(file.path);
      return this.replaceOriginal(kb, document.id, {
        blobId,
        format,
        filename: originalFilename(format, file.filename),
        sourceName: file.filename.slice(0, 255) || null,
      });
    }
    if (!format || format === 'audio' || format === 'video') {
      throw new UnsupportedMedia(`The ${kind} content must be a text document (text, Markdown, HTML, PDF or DOCX)`);
    }
    const text = await this.deps.textExtractor.extractText(file.path, format, partner);
    const blobId = await storeText(this.deps.blobs, text);
    return this.replaceText(kb, document.id, kind, { blobId, chars: charCount(text) });
  }

  /** Rewritten texts of the knowledge base, named after their folder and document. */
  async rewrittenTexts(partner: string, kbName: string): Promise<{ kb: KnowledgeBaseRecord; files: { document: DocumentRecord; blobId: string }[] }> {
    const kb = await this.deps.repository.get(partner, kbName);
    const documents = await this.deps.repository.documentsOf(kb.id);
    return {
      kb,
      files: documents.flatMap((document) => (document.rewritten ? [{ document, blobId: document.rewritten.blobId }] : [])),
    };
  }

  openBlob(blobId: string): Readable {
    return this.deps.blobs.read(blobId);
  }

  // Internals

  private async replaceOriginal(kb: KnowledgeBaseRecord, documentId: string, original: OriginalFile): Promise<DocumentRecord> {
    return this.replaceFile(kb, documentId, original.blobId, (current) => ({ next: { ...current, original }, replaced: current.original?.blobId }));
  }

  private async replaceText(kb: KnowledgeBaseRecord, documentId: string, kind: Exclude<ContentKind, 'original'>, file: TextFile): Promise<DocumentRecord> {
    return this.replaceFile(kb, documentId, file.blobId, (current) => ({ next: { ...current, [kind]: file }, replaced: current[kind]?.blobId }));
  }

  /** Writes a document's new file; whichever file loses (the replaced one, or the new one when the document is gone) is removed. */
  private async replaceFile(
    kb: KnowledgeBaseRecord,
    documentId: string,
    newBlobId: string,
    change: (current: DocumentRecord) => { next: DocumentRecord; replaced: string | undefined },
  ): Promise<DocumentRecord> {
    let replaced: string | undefined;
    const updated = await this.deps.repository.updateDocument(kb.id, documentId, (current) => {
      const result = change(current);
      replaced = result.replaced;
      return result.next;
    });
    if (!updated) {
      await this.deps.blobs.remove(newBlobId);
      throw new NotFound('Document not found');
    }
    await this.deps.blobs.remove(replaced);
    await this.deps.repository.markContentChanged(kb.id);
    return updated;
  }
}
