import { completionBlobs, COMPLETION_KIND } from '../domain/completion/completion.types';
import { DOCUMENT_KIND, documentBlobs, KNOWLEDGE_BASE_KIND, knowledgeBaseBlobs } from '../domain/knowledge-base/knowledge-base.types';
import { TRANSCRIPT_KIND, transcriptBlobs } from '../domain/transcription/transcript.types';
import { blobsOf as voiceBlobs, VOICE_KIND } from '../domain/voice/voice.types';

/** Every record kind that holds blobs, with the blobs a record of it references (the orphan sweep keeps those). */
export const BLOB_HOLDERS: { kind: string; blobsOf(record: never): (string | null | undefined)[] }[] = [
  { kind: VOICE_KIND, blobsOf: voiceBlobs },
  { kind: DOCUMENT_KIND, blobsOf: documentBlobs },
  { kind: KNOWLEDGE_BASE_KIND, blobsOf: knowledgeBaseBlobs },
  { kind: TRANSCRIPT_KIND, blobsOf: transcriptBlobs },
  { kind: COMPLETION_KIND, blobsOf: completionBlobs },
];
