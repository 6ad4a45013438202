import type { JobOrigin, QueueRegistry } from '../../queues/queue-registry';
import { completeQueue } from './completion.queues';
import type { CompletionRecord } from './completion.types';

/** Queues a completion's job. */
export class CompletionJobs {
  constructor(private readonly queues: QueueRegistry) {}

  async complete(completion: CompletionRecord, origin?: JobOrigin): Promise<void> {
    await this.queues.add(completeQueue, { completionId: completion.id, keyId: completion.keyId }, origin);
  }
}
