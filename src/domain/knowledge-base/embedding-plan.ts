import { hash } from 'node:crypto';
import type { BlobStore } from '../../store/blob-store';
import type { StoredChunk } from '../../store/chunk-index';
import type { TranscriptWord } from '../transcription/transcript.types';
import { splitWithPlaces } from './chunking';
import { readText } from './document-files';
import type { DocumentRecord } from './knowledge-base.types';
import { WordTimeline } from './word-timings';

/** What a chunk's vector depends on besides its own heading path and text. */
export interface ChunkSettings {
  model: string;
  language: string;
  splitLevel: number;
}

/** Documents read at once while a run is planned: bounds both memory and the blob store's load. */
const PARALLEL_READS = 16;

/** The key of a chunk's vector: any change to what was embedded, or to how, makes a new one. */
export function chunkHash(settings: ChunkSettings, headingPath: string | null, text: string): string {
  return hash('sha256', JSON.stringify([settings.model, settings.language, settings.splitLevel, headingPath ?? '', text]), 'hex');
}

/** The text sent to the embedding engine: the heading path gives a section's text its context. */
export function embeddingInput(chunk: Pick<StoredChunk, 'headingPath' | 'text'>): string {
  return chunk.headingPath ? `${chunk.headingPath}\n\n${chunk.text}` : chunk.text;
}

/** Tokens as OpenAI's tokenizers average them, four characters a token: what a preview promises. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The text a run embeds: the final rewrite, else the digitized text. */
export function embeddableText(document: DocumentRecord) {
  return document.rewritten ?? document.digitized;
}

/**
 * A document's chunks as a run would index them: cut by headings, placed in the text they were
 * cut from and, for audio and video with word timings, in the recording.
 */
export async function documentChunks(blobs: BlobStore, document: DocumentRecord, settings: ChunkSettings): Promise<StoredChunk[]> {
  const source = embeddableText(document);
  if (!source) return [];
  const text = await readText(blobs, source.blobId);
  const timeline = document.wordTimings ? WordTimeline.align(text, await readWords(blobs, document.wordTimings.blobId)) : null;
  return splitWithPlaces(text, settings.splitLevel).map((chunk, index) => {
    const headingPath = chunk.heading ?? null;
    const place = timeline?.span(chunk.charStart, chunk.charEnd) ?? null;
    return {
      chunkId: `${document.id}:${index}`,
      hash: chunkHash(settings, headingPath, chunk.text),
      documentId: document.id,
      documentName: document.name,
      folder: document.folder,
      headingPath,
      text: chunk.text,
      charStart: chunk.charStart,
      charEnd: chunk.charEnd,
      startMs: place?.startMs ?? null,
      endMs: place?.endMs ?? null,
    };
  });
}

/** Every document's chunks, read a few documents at a time, in the documents' order. */
export async function knowledgeBaseChunks(
  blobs: BlobStore,
  documents: readonly DocumentRecord[],
  settings: ChunkSettings,
): Promise<{ document: DocumentRecord; chunks: StoredChunk[] }[]> {
  const planned: { document: DocumentRecord; chunks: StoredChunk[] }[] = [];
  for (let start = 0; start < documents.length; start += PARALLEL_READS) {
    const slice = documents.slice(start, start + PARALLEL_READS);
    const chunks = await Promise.all(slice.map((document) => documentChunks(blobs, document, settings)));
    slice.forEach((document, index) => planned.push({ document, chunks: chunks[index]! }));
  }
  return planned;
}

async function readWords(blobs: BlobStore, blobId: string): Promise<TranscriptWord[]> {
  return JSON.parse(await readText(blobs, blobId)) as TranscriptWord[];
}
