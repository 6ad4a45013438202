import type { CompletionService } from '../domain/completion/completion.service';
import { COMPLETION_KIND, type CompletionRecord } from '../domain/completion/completion.types';
import type { TranscriptService } from '../domain/transcription/transcript.service';
import { TRANSCRIPT_KIND, type TranscriptRecord } from '../domain/transcription/transcript.types';
import { completeQueue } from '../domain/completion/completion.queues';
import { transcribeQueue } from '../domain/transcription/transcript.queues';
import { sourceFor, type ReconcileSource } from './reconciler';

/** A transcript queued or processing: its job carries only the record's id and key, so a lost one is queued again. */
export function transcribeReconcile(transcripts: TranscriptService): ReconcileSource {
  return sourceFor({
    queue: transcribeQueue,
    kind: TRANSCRIPT_KIND,
    claim: (transcript: TranscriptRecord) =>
      transcript.status === 'queued' || transcript.status === 'processing'
        ? {
            subject: `transcript ${transcript.id}`,
            key: { transcriptId: transcript.id },
            since: transcript.updatedAt,
            payload: { transcriptId: transcript.id, keyId: transcript.keyId },
            fail: (reason: string) => transcripts.fail(transcript.id, reason),
          }
        : null,
  });
}

/** A completion in progress: queued again when lost, as a transcript is. */
export function completeReconcile(completions: CompletionService): ReconcileSource {
  return sourceFor({
    queue: completeQueue,
    kind: COMPLETION_KIND,
    claim: (completion: CompletionRecord) =>
      completion.state === 'in-progress'
        ? {
            subject: `completion ${completion.id}`,
            key: { completionId: completion.id },
            since: completion.updatedAt,
            payload: { completionId: completion.id, keyId: completion.keyId },
            fail: (reason: string) => completions.fail(completion.id, reason),
          }
        : null,
  });
}
