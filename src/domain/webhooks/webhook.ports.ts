import type { CompletionRecord } from '../completion/completion.types';
import type { DocumentRecord, KnowledgeBaseRecord } from '../knowledge-base/knowledge-base.types';
import type { TranscriptRecord } from '../transcription/transcript.types';
import type { VoiceRecord } from '../voice/voice.types';

/**
 * Says whether the service may call a URL a partner gave it: with private addresses refused
 * (unless the deployment allows them), the reason it may not, else null.
 */
export interface UrlGuard {
  refusal(url: string): Promise<string | null>;
}

/**
 * The resources as their REST GETs answer them. The shapes belong to the doors; the
 * composition root hands them in, so an event carries exactly what a GET would return.
 */
export interface ResourceBodies {
  voice: (voice: VoiceRecord) => object;
  document: (document: DocumentRecord) => object;
  knowledgeBaseEmbedding: (kb: KnowledgeBaseRecord) => object;
  transcript: (transcript: TranscriptRecord) => object;
  completion: (completion: CompletionRecord) => object;
}

/** What one HTTP attempt of a delivery came to. */
export interface SendResult {
  /** The receiver's status code; null when it never answered. */
  statusCode: number | null;
  latencyMs: number;
  /** Why the attempt did not succeed (a refused address, a timeout, a reset), else null. */
  error: string | null;
}

/** POSTs one delivery; never throws, every failure is in the result. */
export interface WebhookSender {
  send(request: { url: string; headers: Record<string, string>; body: string }): Promise<SendResult>;
}
