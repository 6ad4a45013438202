import type { DocumentFormat } from './document-format';
import type { Versioned } from '../../store/record-store';
import { progressOf, type Progress, type StoredProgress } from '../shared/progress';

export const DOCUMENT_TYPES = ['file', 'url'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const MODEL_TIERS = ['standard', 'economy'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];

/** The four texts of a document, as the content routes name them. */
export const CONTENT_KINDS = ['original', 'digitized', 'draft', 'rewritten'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const PROCESS_ACTIONS = ['digitize', 'rewrite', 'process'] as const;
export type ProcessAction = (typeof PROCESS_ACTIONS)[number];

export type QueueName = 'digitize' | 'rewrite';

export const EMBEDDING_STATUSES = ['idle', 'in_progress', 'completed', 'failed'] as const;
export type EmbeddingStatus = (typeof EMBEDDING_STATUSES)[number];

export interface EmbeddingDetails {
  documents: number;
  chunks: number;
  model: string;
  split_level: number;
  language: string;
  /** The chunks of the run (the same as `chunks`), those whose vector an earlier run had made, and those embedded now. */
  chunks_total?: number;
  chunks_reused?: number;
  chunks_embedded?: number;
  /** Tokens sent to the embedding engine, as it counted them (0 for the local embedder). */
  tokens?: number;
}

/** The retrieval index a successful run built: a table of the chunk index, named after the run. */
export interface EmbeddingIndex {
  table: string;
  generation: number;
  /** Chunks the vector search finds through an approximate index rather than by comparing each. */
  approximate: boolean;
}

/**
 * A knowledge base's embedding. Staleness is a pair of counters rather than timestamps:
 * `contentRevision` moves past `startedRevision` on the first document change after a run
 * starts, and a run that succeeds records the revision it started from.
 */
export interface KbEmbedding {
  status: EmbeddingStatus;
  error: string | null;
  generation: number;
  externalJobId: string | null;
  splitLevel: number;
  language: string;
  lastUpdateTime: string | null;
  lastUpdateStatus: 'success' | 'failed' | null;
  lastUpdateDetails: EmbeddingDetails | null;
  lastSuccessfulUpdateTime: string | null;
  lastSuccessfulDetails: EmbeddingDetails | null;
  /** What queries read: the index of the last successful run, switched in by the same write that records it. */
  index: EmbeddingIndex | null;
  /** Documents of that run deleted since: their entries are gone from the index, and a preview still lists them. */
  removedDocuments: { id: string; name: string }[];
  startedRevision: number;
  embeddedRevision: number | null;
}

export interface KnowledgeBaseRecord extends Versioned {
  id: string;
  partner: string;
  name: string;
  expertName: string | null;
  userEmail: string | null;
  folders: string[];
  contentRevision: number;
  embedding: KbEmbedding;
  /** The running embedding job's last report (stage embedding: chunks embedded of total). */
  progress: StoredProgress | null;
  createdAt: string;
  updatedAt: string;
}

/** The original: an upload or a download, stored under our own id. */
export interface OriginalFile {
  blobId: string;
  format: DocumentFormat;
  /** The name we give it (`original.pdf`), never the client's. */
  filename: string;
  /** As the client or server named it: metadata only. */
  sourceName: string | null;
}

export interface TextFile {
  blobId: string;
  chars: number;
}

export interface DocumentRecord extends Versioned {
  id: string;
  kbId: string;
  partner: string;
  name: string;
  /** True while the name is the one derived from the URL, so a page title may replace it. */
  nameFromSource: boolean;
  folder: string;
  type: DocumentType;
  url: string | null;
  original: OriginalFile | null;
  digitized: TextFile | null;
  draft: TextFile | null;
  rewritten: TextFile | null;
  userEmail: string | null;
  expertName: string | null;
  autoRewrite: boolean;
  modelTier: ModelTier;
  useOriginalAsRewritten: boolean;
  inQueues: QueueName[];
  /** Raised by every processing trigger; a job whose generation is behind has been superseded. */
  generation: number;
  rewriteModel: string | null;
  rewriteInputTokens: number | null;
  rewriteOutputTokens: number | null;
  rewriteCompletedAt: string | null;
  processingError: string | null;
  isEmbedded: boolean;
  /** An audio or video document's transcript words with their times, which place its chunks in the recording. */
  wordTimings: { blobId: string; words: number } | null;
  /** The running digitize or rewrite job's last report. */
  progress: StoredProgress | null;
  createdAt: string;
  updatedAt: string;
}

export interface KnowledgeBaseStats {
  document_count: number;
  digitized_count: number;
  draft_rewrite_count: number;
  final_rewrite_count: number;
  total_digitized_chars: number;
  total_draft_rewrite_chars: number;
  total_final_rewrite_chars: number;
  error_count: number;
  embedded_count: number;
}

export const FILENAMES = {
  digitized: 'digitized.md',
  draft: 'rewritten_draft.md',
  rewritten: 'rewritten.md',
} as const;

/** The names of the document's files that exist, as both doors show them; null for those it has not. */
export function documentFilenames(document: DocumentRecord) {
  return {
    original: document.original?.filename ?? null,
    digitized: document.digitized ? FILENAMES.digitized : null,
    draft: document.draft ? FILENAMES.draft : null,
    rewritten: document.rewritten ? FILENAMES.rewritten : null,
  };
}

/** Characters of each text of the document; 0 for a text it has not. */
export function documentCharCounts(document: DocumentRecord) {
  return { digitized: document.digitized?.chars ?? 0, draft: document.draft?.chars ?? 0, rewritten: document.rewritten?.chars ?? 0 };
}

const VIDEO_PLATFORM_HOSTS = ['youtube.com', 'youtu.be', 'vimeo.com'];

export function isVideoPlatformUrl(url: string | null): boolean {
  if (!url || !URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  return VIDEO_PLATFORM_HOSTS.some((platform) => host === platform || host.endsWith(`.${platform}`));
}

export function isBusy(document: DocumentRecord): boolean {
  return document.inQueues.length > 0;
}

/** The stages a rewrite reports; digitizing reports downloading, converting, extracting and transcribing. */
const REWRITE_STAGES: readonly string[] = ['draft', 'final'];

/**
 * The progress of the digitize or rewrite job now running, or null. A rewrite that follows
 * digitizing runs under the same generation, so the stage must also belong to its queue.
 */
export function documentProgress(document: DocumentRecord): Progress | null {
  const stored = document.progress;
  const queue: QueueName = REWRITE_STAGES.includes(stored?.stage ?? '') ? 'rewrite' : 'digitize';
  return progressOf(stored, document.inQueues[0] === queue, document.generation);
}

/** The progress of the embedding run now in progress, or null. */
export function embeddingProgress(kb: KnowledgeBaseRecord): Progress | null {
  return progressOf(kb.progress, kb.embedding.status === 'in_progress', kb.embedding.generation);
}

export function isEmbeddingStale(kb: KnowledgeBaseRecord): boolean {
  const { embeddedRevision } = kb.embedding;
  return embeddedRevision === null ? kb.contentRevision > 0 : kb.contentRevision !== embeddedRevision;
}

export function statsOf(documents: readonly DocumentRecord[]): KnowledgeBaseStats {
  const sum = (pick: (document: DocumentRecord) => number) => documents.reduce((total, document) => total + pick(document), 0);
  return {
    document_count: documents.length,
    digitized_count: sum((document) => (document.digitized ? 1 : 0)),
    draft_rewrite_count: sum((document) => (document.draft ? 1 : 0)),
    final_rewrite_count: sum((document) => (document.rewritten ? 1 : 0)),
    total_digitized_chars: sum((document) => document.digitized?.chars ?? 0),
    total_draft_rewrite_chars: sum((document) => document.draft?.chars ?? 0),
    total_final_rewrite_chars: sum((document) => document.rewritten?.chars ?? 0),
    error_count: sum((document) => (document.processingError ? 1 : 0)),
    embedded_count: sum((document) => (document.isEmbedded ? 1 : 0)),
  };
}

/** Characters as people count them: code points, not UTF-16 units. */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export interface FolderInfo {
  name: string;
  documentCount: number;
}

export type BatchItemResult = { url: string; status: 'success'; documentId: string } | { url: string; status: 'failed'; error: string };

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
  index: EmbeddingIndex;
  documentIds: string[];
  chunks: number;
  chunksReused: number;
  chunksEmbedded: number;
  tokens: number;
  model: string;
  externalJobId?: string;
}

/** A knowledge base with its documents: what the listing routes show. */
export interface KnowledgeBaseWithDocuments {
  kb: KnowledgeBaseRecord;
  documents: DocumentRecord[];
}

export function byCreation(a: DocumentRecord, b: DocumentRecord): number {
  return a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

export function folderInfos(kb: KnowledgeBaseRecord, documents: readonly DocumentRecord[]): FolderInfo[] {
  const counts = new Map<string, number>();
  for (const document of documents) counts.set(document.folder, (counts.get(document.folder) ?? 0) + 1);
  return kb.folders.map((name) => ({ name, documentCount: counts.get(name) ?? 0 }));
}

export function contentFilename(kind: Exclude<ContentKind, 'original'>): string {
  return FILENAMES[kind];
}

const DOCUMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document id as clients send it, or null: anything that is not one of our ids names no document. */
export function parseDocumentId(id: string | number): string | null {
  const text = String(id);
  return DOCUMENT_ID.test(text) ? text.toLowerCase() : null;
}

/** The record kinds of knowledge bases and their documents in the record store. */
export const KNOWLEDGE_BASE_KIND = 'kb';
export const DOCUMENT_KIND = 'kb-document';

/** Every blob a document refers to: what deleting it removes, and what the orphan sweep keeps. */
export function documentBlobs(document: DocumentRecord): (string | undefined)[] {
  return [document.original?.blobId, document.digitized?.blobId, document.draft?.blobId, document.rewritten?.blobId, document.wordTimings?.blobId];
}

/** A knowledge base keeps no blob of its own: its embedding lives in the chunk index. */
export function knowledgeBaseBlobs(): (string | null)[] {
  return [];
}
