import type { JobOrigin } from '../../queues/queue-registry';
import { transcribeQueue } from './transcript.queues';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import { isFinished, transcriptProgress, type TranscriptRecord } from './transcript.types';

/** Queues a transcript's job, and says which job a transcript's work is under way in. A transcript is never re-run, so nothing supersedes. */
export class TranscriptJobs extends RecordJobs<TranscriptRecord> {
  async transcribe(transcript: TranscriptRecord, origin?: JobOrigin): Promise<void> {
    await this.queues.add(transcribeQueue, { transcriptId: transcript.id, keyId: transcript.keyId }, origin);
  }

  workOf(transcript: TranscriptRecord): QueuedWork | null {
    if (isFinished(transcript)) return null;
    return queuedWork(transcribeQueue, { transcriptId: transcript.id }, transcriptProgress(transcript) !== null);
  }
}
