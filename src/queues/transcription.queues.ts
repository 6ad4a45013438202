import { z } from 'zod';
import { defineQueue, ownerField } from './queue-registry';

/** Transcripts and completions belong to the API key that submitted them: the key is their lane. */
export const keyLane = (keyId: string): string => `key:${keyId}`;

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

export const completeQueue = defineQueue({
  name: 'complete',
  schema: z.object({ completionId: z.string(), keyId: ownerField }),
  jobId: ({ completionId }: { completionId: string }) => `${completionId}_complete`,
  lane: ({ keyId }) => keyLane(keyId),
  resource: ({ completionId }) => completionId,
  defaultJobOptions: { attempts: 2 },
});

export type TranscribeJob = z.output<typeof transcribeQueue.schema>;
export type CompleteJob = z.output<typeof completeQueue.schema>;
