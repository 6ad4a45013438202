import type { JobOrigin } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import type { CompletionService } from './completion.service';
import { completeQueue } from './completion.queues';
import { COMPLETION_KIND, isFinished, type CompletionRecord } from './completion.types';

/** Queues a completion's job, and says which job a completion's work is under way in. */
export class CompletionJobs extends RecordJobs<CompletionRecord, Pick<CompletionService, 'fail'>> {
  readonly kind = COMPLETION_KIND;
  readonly waitsIn = [completeQueue];

  async complete(completion: CompletionRecord, origin?: JobOrigin): Promise<void> {
    await this.queues.add(completeQueue, { completionId: completion.id, keyId: completion.keyId }, origin);
  }

  /** Queued again when lost, as a transcript is: the record holds the whole payload. */
  workOf(completion: CompletionRecord): QueuedWork<Pick<CompletionService, 'fail'>> | null {
    if (isFinished(completion)) return null;
    const { id: completionId } = completion;
    return queuedWork({
      queue: completeQueue,
      key: { completionId },
      // A completion reports no progress: its output streams instead.
      reporting: false,
      since: completion.updatedAt,
      payload: { completionId, keyId: completion.keyId },
      fail: (completions, reason) => completions.fail(completionId, reason),
    });
  }
}
