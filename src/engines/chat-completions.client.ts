import type { CallLimits } from '../domain/shared/call-limits';
import { withRetries } from './engine-http';
import { endpointUrl, exchangeOpenAi, postOpenAi, type OpenAiClientOptions } from './openai-http';
import { chatCompletionResponse, readChatAnswer, type ChatStreamSink, type StreamedChat } from './chat-stream';
import { DEFAULT_MAX_ANSWER_BYTES } from './engine-http';
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
    const body = this.body(request, model);
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
    return completionOf(
      { content: choice.message.content ?? '', model: answer.model, finishReason: choice.finish_reason ?? undefined, usage: answer.usage ?? undefined },
      model,
    );
  }

  /**
   * The same answer, asked for as a stream (`stream: true`, usage in the last chunk): each
   * piece of text goes to `sink` as it comes. An engine that answers with one JSON body still
   * works (its content is one piece). A transient failure is tried again as `complete` does;
   * the sink hears each attempt begin, so what a failed attempt handed on can be dropped.
   */
  async stream(request: ChatRequest, sink: ChatStreamSink, limits: CallLimits = {}): Promise<ChatCompletion> {
    const url = endpointUrl(this.options, '/chat/completions', { engine: 'LLM', variable: 'LLM_BASE_URL' });
    const model = request.model ?? this.options.model;
    const body = { ...this.body(request, model), stream: true, stream_options: { include_usage: true } };
    const maxBytes = this.options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    let attempt = 0;
    const answer = await withRetries(
      () =>
        exchangeOpenAi(
          { engine: 'LLM', url, apiKey: this.options.apiKey, timeoutMs: this.timeoutMs, maxAnswerBytes: maxBytes, body, limits },
          'text/event-stream',
          (response) => {
            sink.begin(attempt++);
            return readChatAnswer('LLM', response, maxBytes, (text) => sink.delta(text));
          },
        ),
      limits,
      this.options.retryDelaysMs,
    );
    return completionOf(answer, model);
  }

  private body(request: ChatRequest, model: string): Record<string, unknown> {
    return {
      model,
      messages: request.messages,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    };
  }
}

/** What the client returns, whether the answer came whole or streamed. */
function completionOf(answer: StreamedChat, model: string): ChatCompletion {
  const promptTokens = answer.usage?.prompt_tokens ?? 0;
  const completionTokens = answer.usage?.completion_tokens ?? 0;
  return {
    message: { role: 'assistant', content: answer.content },
    model: answer.model ?? model,
    usage: { promptTokens, completionTokens, totalTokens: answer.usage?.total_tokens ?? promptTokens + completionTokens },
    finishReason: answer.finishReason,
  };
}

measureEngineMethods(ChatCompletionsClient.prototype, 'llm', ['complete', 'stream']);
