import { z } from 'zod';
import { defineQueue, keyLane, ownerField } from '../../queues/queue-registry';

// Each attempt may download and transcribe up to 100 MB; one retry covers a dropped
// connection or a busy engine without repeating costly work endlessly.
export const transcribeQueue = defineQueue({
  name: 'transcribe',
  schema: z.object({ transcriptId: z.string(), keyId: ownerField }),
  jobId: ({ transcriptId }: { transcriptId: string }) => `${transcriptId}_transcribe`,
  lane: ({ keyId }) => keyLane(keyId),
  resource: ({ transcriptId }) => transcriptId,
  defaultJobOptions: { attempts: 2 },
});

export type TranscribeJob = z.output<typeof transcribeQueue.schema>;
