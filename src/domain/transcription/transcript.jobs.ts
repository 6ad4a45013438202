import type { JobOrigin } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import type { TranscriptService } from './transcript.service';
import { transcribeQueue } from './transcript.queues';
import { isFinished, TRANSCRIPT_KIND, transcriptProgress, type TranscriptRecord } from './transcript.types';

/** Queues a transcript's job, and says which job a transcript's work is under way in. A transcript is never re-run, so nothing supersedes. */
export class TranscriptJobs extends RecordJobs<TranscriptRecord, Pick<TranscriptService, 'fail'>> {
  readonly kind = TRANSCRIPT_KIND;
  readonly waitsIn = [transcribeQueue];

  async transcribe(transcript: TranscriptRecord, origin?: JobOrigin): Promise<void> {
    await this.queues.add(transcribeQueue, { transcriptId: transcript.id, keyId: transcript.keyId }, origin);
  }

  /** Its job carries only the record's id and key, so a lost one is queued again. */
  workOf(transcript: TranscriptRecord): QueuedWork<Pick<TranscriptService, 'fail'>> | null {
    if (isFinished(transcript)) return null;
    const { id: transcriptId } = transcript;
    return queuedWork({
      queue: transcribeQueue,
      key: { transcriptId },
      reporting: transcriptProgress(transcript) !== null,
      since: transcript.updatedAt,
      payload: { transcriptId, keyId: transcript.keyId },
      fail: (transcripts, reason) => transcripts.fail(transcriptId, reason),
    });
  }
}
