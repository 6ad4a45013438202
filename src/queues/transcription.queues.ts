import { defineQueue } from './queue-registry';

export interface TranscribeJob {
  transcriptId: string;
}

export interface CompleteJob {
  completionId: string;
}

// Each attempt may download and transcribe up to 100 MB; one retry covers a dropped
// connection or a busy engine without repeating costly work endlessly.
export const transcribeQueue = defineQueue<TranscribeJob>('transcribe', { attempts: 2 });
export const completeQueue = defineQueue<CompleteJob>('complete', { attempts: 2 });
