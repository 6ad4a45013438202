import type { CompletionRecord } from '../domain/completion/completion.types';
import type { DocumentRecord, KnowledgeBaseRecord } from '../domain/knowledge-base/kb.types';
import type { TranscriptRecord } from '../domain/transcription/transcript.types';
import type { VoiceRecord } from '../domain/voice/voice.types';
import { RECORD_KINDS } from './record-kinds';

type BlobIds = (string | null | undefined)[];

export function voiceBlobs(voice: VoiceRecord): BlobIds {
  return [
    voice.original?.blobId,
    voice.original?.uploadBlobId,
    ...voice.samples.map((sample) => sample.blobId),
    ...Object.values(voice.embeddings).flatMap((embedding) => [embedding.archiveBlobId, ...embedding.testSamples.map((file) => file.blobId)]),
  ];
}

export function documentBlobs(document: DocumentRecord): BlobIds {
  return [document.original?.blobId, document.digitized?.blobId, document.draft?.blobId, document.rewritten?.blobId];
}

export function knowledgeBaseBlobs(kb: KnowledgeBaseRecord): BlobIds {
  return [kb.embedding.blobId];
}

export function transcriptBlobs(transcript: TranscriptRecord): BlobIds {
  return [transcript.source.kind === 'upload' ? transcript.source.blobId : null];
}

export function completionBlobs(completion: CompletionRecord): BlobIds {
  return Object.values(completion.input.audioFiles).map((file) => (file.kind === 'inline' ? file.blobId : null));
}

/** Every record kind that holds blobs, with the blobs a record of it references. */
export const BLOB_HOLDERS: { kind: string; blobsOf(record: never): BlobIds }[] = [
  { kind: RECORD_KINDS.voice, blobsOf: voiceBlobs },
  { kind: RECORD_KINDS.document, blobsOf: documentBlobs },
  { kind: RECORD_KINDS.knowledgeBase, blobsOf: knowledgeBaseBlobs },
  { kind: RECORD_KINDS.transcript, blobsOf: transcriptBlobs },
  { kind: RECORD_KINDS.completion, blobsOf: completionBlobs },
];
