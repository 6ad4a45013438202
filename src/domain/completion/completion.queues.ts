import { z } from 'zod';
import { defineQueue, keyLane, ownerField } from '../../queues/queue-registry';

// As a transcript's: each attempt may download and transcribe audio before its LLM call; one
// retry covers a dropped connection or a busy engine without repeating costly work endlessly.
export const completeQueue = defineQueue({
  name: 'complete',
  schema: z.object({ completionId: z.string(), keyId: ownerField }),
  jobId: ({ completionId }: { completionId: string }) => `${completionId}_complete`,
  lane: ({ keyId }) => keyLane(keyId),
  resource: ({ completionId }) => completionId,
  defaultJobOptions: { attempts: 2 },
});

export type CompleteJob = z.output<typeof completeQueue.schema>;
