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
  /** Completions this process runs at once (COMPLETION_CONCURRENCY): they wait on the LLM, not on this process. */
  concurrency: number;
}

/**
 * Transcribes every audio file, those the messages refer to first, then asks the LLM for the
 * persona's reply, streaming it to the completion's readers as it is written, and records the
 * result through the completion service.
 */
export function completeProcessor(deps: CompleteWorkerDeps): JobProcessor<typeof completeQueue> {
  const { completions, chat } = deps;
  return {
    queue: completeQueue,
    concurrency: deps.concurrency,
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
      // The reply streams to its readers as the LLM writes it; the result stored below is the
      // whole answer, exactly as without streaming.
      const output = completions.outputWriter(completion.id);
      let answer;
      try {
        answer = await chat.stream(
          { messages: chatMessages(input, transcripts) },
          {
            // A retry after partial output starts the text over.
            begin: (attempt) => (attempt > 0 ? output.reset('') : undefined),
            delta: (text) => output.append(text),
          },
          limits,
        );
        // The last pieces go out before done. Should Redis refuse them, the log is still made to
        // end with the stored reply (its done event resets to it), so the answer is not asked again.
        await output.flush().catch(() => undefined);
      } finally {
        output.close();
      }
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
