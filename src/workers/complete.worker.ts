import type { Job } from 'bullmq';
import type { CompletionService } from '../domain/completion/completion.service';
import { referencedAudioFiles, unreferencedAudioFiles } from '../domain/completion/completion.types';
import { chatMessages } from '../domain/completion/persona-prompt';
import type { ChatCompletionsClient } from '../engines/chat-completions.client';
import { reworded } from '../domain/shared/engine-error';
import { JobFailure } from '../domain/shared/job-failure';
import { completeQueue, type CompleteJob } from '../domain/completion/completion.queues';
import { audioToText, type AudioToTextDeps } from './transcribe.worker';
import type { JobProcessor } from './worker-runner';

export interface CompleteWorkerDeps extends AudioToTextDeps {
  completions: CompletionService;
  chat: ChatCompletionsClient;
}

/**
 * Transcribes every audio file, those the messages refer to first, then asks the LLM for the
 * persona's reply, and records the result through the completion service.
 */
export function completeProcessor(deps: CompleteWorkerDeps): JobProcessor<typeof completeQueue> {
  const { completions, chat } = deps;
  return {
    queue: completeQueue,
    async process(job: Job<CompleteJob>, signal, deadline) {
      const completion = await completions.pending(job.data.completionId);
      if (!completion) return;
      const { input } = completion;
      const limits = { signal, deadline };
      const transcripts: Record<string, string> = {};
      for (const name of [...referencedAudioFiles(input.messages), ...unreferencedAudioFiles(input)]) {
        const source = input.audioFiles[name];
        if (!source) throw new JobFailure(`Audio file '${name}' is missing`, false);
        try {
          const heard = await audioToText(deps, source.kind === 'url' ? { url: source.url } : { blobId: source.blobId }, {}, undefined, limits);
          transcripts[name] = heard.text;
        } catch (error) {
          if (error instanceof JobFailure) throw reworded(error, `Audio file '${name}': ${error.message}`);
          throw error;
        }
      }
      const answer = await chat.complete({ messages: chatMessages(input, transcripts) }, limits);
      await completions.complete(completion.id, {
        message: answer.message,
        usage: {
          prompt_tokens: answer.usage.promptTokens,
          completion_tokens: answer.usage.completionTokens,
          total_tokens: answer.usage.totalTokens,
        },
        model: answer.model,
        transcripts,
      });
    },
    failed: async (job, reason) => {
      await completions.fail(job.data.completionId, reason);
    },
  };
}
