import { z } from 'zod';
import type { CallLimits } from '../domain/shared/call-limits';
import { withRetries } from './engine-http';
import { endpointUrl, postOpenAi, type OpenAiClientOptions } from './openai-http';
import type { ChatMessage } from '../domain/shared/chat-message';
import { measureEngineMethods } from '../observability/metrics';

export interface ChatRequest {
  /** Overrides the client's model, e.g. for a cheaper tier. */
  model?: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
}

export interface ChatCompletion {
  message: { role: 'assistant'; content: string };
  model: string;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  finishReason?: string;
}

const chatCompletionResponse = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative().default(0),
      completion_tokens: z.number().int().nonnegative().default(0),
      total_tokens: z.number().int().nonnegative().optional(),
    })
    .nullish(),
});

/** An LLM behind any OpenAI-compatible `/chat/completions` endpoint. */
export class ChatCompletionsClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 180_000;
  }

  /** A transient failure is tried again in process, as engine-http's `withRetries` says. */
  async complete(request: ChatRequest, limits: CallLimits = {}): Promise<ChatCompletion> {
    const url = endpointUrl(this.options, '/chat/completions', { engine: 'LLM', variable: 'LLM_BASE_URL' });
    const model = request.model ?? this.options.model;
    const body = {
      model,
      messages: request.messages,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    };
    const answer = await withRetries(
      () =>
        postOpenAi({
          engine: 'LLM',
          url,
          apiKey: this.options.apiKey,
          timeoutMs: this.timeoutMs,
          maxAnswerBytes: this.options.maxAnswerBytes,
          body,
          response: chatCompletionResponse,
          limits,
        }),
      limits,
      this.options.retryDelaysMs,
    );
    const choice = answer.choices[0]!;
    const promptTokens = answer.usage?.prompt_tokens ?? 0;
    const completionTokens = answer.usage?.completion_tokens ?? 0;
    return {
      message: { role: 'assistant', content: choice.message.content ?? '' },
      model: answer.model ?? model,
      usage: {
        promptTokens,
        completionTokens,
        totalTokens: answer.usage?.total_tokens ?? promptTokens + completionTokens,
      },
      finishReason: choice.finish_reason ?? undefined,
    };
  }
}

measureEngineMethods(ChatCompletionsClient.prototype, 'llm', ['complete']);
