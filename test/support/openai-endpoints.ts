import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The chat completions and embeddings side of the OpenAI-compatible test server
 * (openai-compatible-server.ts), and the request records and errors every endpoint shares.
 */

export type OpenAiEndpoint = 'transcriptions' | 'chat' | 'embeddings';

export interface ChatMessageBody {
  role: string;
  content: string;
}

export interface ChatBehaviour {
  reply: string | ((messages: ChatMessageBody[]) => string);
  /**
   * How a request with `stream: true` is answered: `sse` as OpenAI does (`data: {chunk}` lines,
   * `data: [DONE]`), `json` with the whole answer in one JSON body, as servers that do not
   * stream do.
   */
  chatStreaming: 'sse' | 'json';
  /** The pace of a streamed answer; 0 sends its tokens as fast as the socket takes them. */
  tokensPerSecond: number;
  /** A streamed answer ends (the connection is dropped) after this many tokens, when set: a server that fails mid-answer. */
  dropStreamAfterTokens?: number;
}

/** The tokens of a streamed answer: each word with the spaces before it, so that they join back into the text. */
export function chatTokens(content: string): string[] {
  return content.match(/\s*\S+|\s+$/g) ?? [];
}

export interface EmbeddingsBehaviour {
  embeddingDimension: number;
  /**
   * When set, vectors carry meaning: one dimension per group of words that mean the same (a
   * topic), counting the group's words in the text, so a paraphrase lands near its original.
   */
  embeddingTopics?: readonly (readonly string[])[];
  /** The protocol orders results by `index`, not by position; this makes clients prove they honour it. */
  reverseEmbeddingData: boolean;
}

export interface RecordedRequest {
  endpoint: OpenAiEndpoint;
  authorization?: string;
  model?: string;
  language?: string;
  prompt?: string;
  responseFormat?: string;
  timestampGranularities?: string[];
  filename?: string;
  fileBytes?: number;
  /** Seconds of audio in the upload, once decoded. */
  audioSeconds?: number;
  /** When the body was read and when the answer left (Date.now()): the engine's own time. */
  receivedAt?: number;
  answeredAt?: number;
  messages?: ChatMessageBody[];
  temperature?: number;
  maxTokens?: number;
  inputs?: string[];
  /** Of a huge answer: the bytes written before the client stopped reading. */
  answerBytes?: number;
  /** A chat request that asked for a stream, and for its usage. */
  stream?: boolean;
  includeUsage?: boolean;
  /** Of a streamed chat answer: when each token was sent (Date.now()). */
  tokenTimes?: number[];
}

/** A whole answer, or a streamed one: its body in pieces, each sent when it is ready. */
export type Answer = { contentType: string; body: string } | { contentType: string; pieces: AsyncIterable<string> };

export interface Handled {
  recorded: Omit<RecordedRequest, 'endpoint' | 'authorization'>;
  /** Built only once auth, delays and failures have had their say, as a real service would; may add to the record. */
  answer: (recorded: RecordedRequest) => Promise<Answer>;
}

export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

export function echoLastUserMessage(messages: ChatMessageBody[]): string {
  return `Echo: ${messages.filter((message) => message.role === 'user').at(-1)?.content ?? ''}`;
}

export async function handleChat(req: IncomingMessage, behaviour: ChatBehaviour): Promise<Handled> {
  const body = await readJson(req);
  const messages = Array.isArray(body.messages)
    ? body.messages.filter(
        (message): message is ChatMessageBody =>
          typeof message === 'object' &&
          message !== null &&
          typeof (message as ChatMessageBody).role === 'string' &&
          typeof (message as ChatMessageBody).content === 'string',
      )
    : [];
  const model = typeof body.model === 'string' ? body.model : undefined;
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : undefined;
  const stream = body.stream === true;
  const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  return {
    recorded: {
      model,
      messages,
      temperature: typeof body.temperature === 'number' ? body.temperature : undefined,
      maxTokens,
      stream,
      includeUsage,
    },
    answer: async (recorded) => {
      if (!model) throw new HttpFailure(400, "Missing required parameter: 'model'.");
      if (messages.length === 0) throw new HttpFailure(400, "Missing required parameter: 'messages'.");
      const full = typeof behaviour.reply === 'string' ? behaviour.reply : behaviour.reply(messages);
      const words = full.split(/\s+/).filter(Boolean);
      const truncated = maxTokens !== undefined && words.length > maxTokens;
      const content = truncated ? words.slice(0, maxTokens).join(' ') : full;
      const promptTokens = messages.reduce((sum, message) => sum + countWords(message.content), 0);
      const completionTokens = countWords(content);
      const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
      if (stream && behaviour.chatStreaming === 'sse') {
        return {
          contentType: 'text/event-stream; charset=utf-8',
          pieces: streamedChat({ model, content, finishReason: truncated ? 'length' : 'stop', usage: includeUsage ? usage : null }, behaviour, recorded),
        };
      }
      return json({
        id: `chatcmpl-${randomUUID()}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content },
            logprobs: null,
            finish_reason: truncated ? 'length' : 'stop',
          },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      });
    },
  };
}

/** OpenAI's chat completion chunks for `content`, a token each, paced as the behaviour says. */
async function* streamedChat(
  answer: { model: string; content: string; finishReason: string; usage: Record<string, number> | null },
  behaviour: ChatBehaviour,
  recorded: RecordedRequest,
): AsyncGenerator<string> {
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: answer.model, choices, ...extra })}\n\n`;
  yield chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]);
  const tokens = chatTokens(answer.content);
  const started = Date.now();
  recorded.tokenTimes = [];
  for (const [index, token] of tokens.entries()) {
    if (behaviour.dropStreamAfterTokens !== undefined && index >= behaviour.dropStreamAfterTokens) throw new Error('dropped mid-answer');
    if (behaviour.tokensPerSecond > 0) {
      const due = started + (index * 1000) / behaviour.tokensPerSecond;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    }
    recorded.tokenTimes.push(Date.now());
    yield chunk([{ index: 0, delta: { content: token }, logprobs: null, finish_reason: null }]);
  }
  yield chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: answer.finishReason }]);
  if (answer.usage) yield chunk([], { usage: answer.usage });
  yield 'data: [DONE]\n\n';
}

export async function handleEmbeddings(req: IncomingMessage, behaviour: EmbeddingsBehaviour): Promise<Handled> {
  const body = await readJson(req);
  const inputs =
    typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input.filter((input): input is string => typeof input === 'string') : [];
  const model = typeof body.model === 'string' ? body.model : undefined;
  return {
    recorded: { model, inputs },
    answer: async () => {
      if (!model) throw new HttpFailure(400, "Missing required parameter: 'model'.");
      if (inputs.length === 0) throw new HttpFailure(400, "Missing required parameter: 'input'.");
      const data = inputs.map((input, index) => ({
        object: 'embedding',
        index,
        embedding: behaviour.embeddingTopics ? topicEmbedding(input, behaviour.embeddingTopics) : fakeEmbedding(input, behaviour.embeddingDimension),
      }));
      if (behaviour.reverseEmbeddingData) data.reverse();
      const tokens = inputs.reduce((sum, input) => sum + countWords(input), 0);
      return json({ object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
    },
  };
}

/** A unit vector that depends only on the text, so a test can recompute what any input must map to. */
export function fakeEmbedding(text: string, dimension: number): number[] {
  let state = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) state = Math.imul(state ^ byte, 0x01000193);
  const values: number[] = [];
  for (let index = 0; index < dimension; index += 1) {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    values.push(((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 31 - 1);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((value) => value / norm);
}

/**
 * Topic-word counts: a word counts for a topic when it starts with one of the topic's words
 * (so "tides" counts for "tide"). The last dimension is a constant, so no vector is zero.
 */
function topicEmbedding(text: string, topics: readonly (readonly string[])[]): number[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const values = topics.map((topic) => words.filter((word) => topic.some((stem) => word.startsWith(stem))).length);
  values.push(0.1);
  const norm = Math.hypot(...values);
  return values.map((value) => value / norm);
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the same answer a real service gives for any malformed body.
  }
  throw new HttpFailure(400, 'We could not parse the JSON body of your request.');
}

export function json(value: unknown): { contentType: string; body: string } {
  return { contentType: 'application/json', body: JSON.stringify(value) };
}
