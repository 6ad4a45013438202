import { z } from 'zod';
import { defineQueue } from './queue-registry';

// Each attempt may download and transcribe up to 100 MB; one retry covers a dropped
// connection or a busy engine without repeating costly work endlessly.
export const transcribeQueue = defineQueue({
  name: 'transcribe',
  schema: z.object({ transcriptId: z.string() }),
  jobId: ({ transcriptId }: { transcriptId: string }) => `${transcriptId}_transcribe`,
  defaultJobOptions: { attempts: 2 },
});

export const completeQueue = defineQueue({
  name: 'complete',
  schema: z.object({ completionId: z.string() }),
  jobId: ({ completionId }: { completionId: string }) => `${completionId}_complete`,
  defaultJobOptions: { attempts: 2 },
});

export type TranscribeJob = z.output<typeof transcribeQueue.schema>;
export type CompleteJob = z.output<typeof completeQueue.schema>;
