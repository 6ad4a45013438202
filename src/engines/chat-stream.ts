import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { EngineError, EngineUnavailable } from '../domain/shared/engine-error';
import { answerTooLarge, readCapped } from './engine-http';
import { EventStreamLines, readUntil } from './event-stream-reading';
import { parseOpenAiJson } from './openai-http';

/** What a streamed chat answer hands on as it comes. */
export interface ChatStreamSink {
  /** An attempt starts answering (0, then 1, ... after a transient failure): what earlier attempts handed on is void. */
  begin(attempt: number): void;
  /** The next piece of the reply's text. */
  delta(text: string): void;
}

/** The answer once it is whole: the text, and what the engine said of it. */
export interface StreamedChat {
  content: string;
  model?: string;
  finishReason?: string;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number };
}

const usageShape = z.object({
  prompt_tokens: z.number().int().nonnegative().default(0),
  completion_tokens: z.number().int().nonnegative().default(0),
  total_tokens: z.number().int().nonnegative().optional(),
});

// A chunk as OpenAI's chat completions stream sends it; servers that differ in the rest still
// agree on these members. An `error` member is how some servers report a failure mid-stream.
export const chunkShape = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish(), finish_reason: z.string().nullish() })).nullish(),
  usage: usageShape.nullish(),
  error: z.object({ message: z.string().optional() }).passthrough().nullish(),
});

type Chunk = z.infer<typeof chunkShape>;

function parsedChunk(engine: string, json: unknown): Chunk {
  const parsed = chunkShape.safeParse(json);
  if (!parsed.success) throw new EngineError(`${engine} returned an unexpected stream event`, false);
  return parsed.data;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The chunk almost every event is, one choice's piece of text and nothing else, read without
 * zod (which costs a tenth of a streamed token's handling): anything else, or anything this
 * is unsure of, answers null and goes through chunkShape. What it accepts chunkShape accepts
 * the same way (test/engines/chat-stream-reading.test.ts holds the two alike).
 */
export function plainTextChunk(json: unknown): Chunk | null {
  if (!isObject(json) || json.usage != null || json.error != null || (json.model !== undefined && typeof json.model !== 'string')) return null;
  const choices = json.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return null;
  const choice: unknown = choices[0];
  if (!isObject(choice) || !isObject(choice.delta)) return null;
  const { content } = choice.delta;
  const reason = choice.finish_reason;
  if ((content != null && typeof content !== 'string') || (reason != null && typeof reason !== 'string')) return null;
  return { model: json.model, choices: [{ delta: { content }, finish_reason: reason }] };
}

/** A whole JSON answer, from an engine that answers `stream: true` without streaming. */
export const chatCompletionResponse = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullish() }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
  usage: usageShape.nullish(),
});

/**
 * Reads a chat answer as it comes: an event stream (`data: {chunk}` events, `data: [DONE]`
 * last), each piece of text handed to `delta`; or, from an engine that does not stream, one
 * JSON answer whose whole content is one delta. At most `maxBytes` are read either way.
 */
export async function readChatAnswer(
  engine: string,
  response: Dispatcher.ResponseData,
  maxBytes: number,
  delta: (text: string) => void,
): Promise<StreamedChat> {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.toLowerCase().startsWith('text/event-stream')) {
    const body = await readCapped(response, maxBytes);
    if (body === null) throw answerTooLarge(engine, maxBytes);
    const answer = parseOpenAiJson({ engine, response: chatCompletionResponse }, body);
    const choice = answer.choices[0]!;
    const content = choice.message.content ?? '';
    if (content !== '') delta(content);
    return { content, model: answer.model, finishReason: choice.finish_reason ?? undefined, usage: answer.usage ?? undefined };
  }
  const result: StreamedChat = { content: '' };
  const pieces: string[] = [];
  const events = new EventStreamLines();
  let data: string[] = [];
  let finished = false;

  const dispatch = () => {
    const payload = data.join('\n');
    data = [];
    if (payload === '') return;
    if (payload.trim() === '[DONE]') {
      finished = true;
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      throw new EngineError(`${engine} returned a stream event that is not JSON`, false);
    }
    const chunk = plainTextChunk(json) ?? parsedChunk(engine, json);
    if (chunk.error) throw new EngineUnavailable(`${engine} failed mid-answer: ${chunk.error.message ?? 'no reason given'}`);
    if (chunk.model) result.model = chunk.model;
    if (chunk.usage) result.usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (choice?.finish_reason) result.finishReason = choice.finish_reason;
    const text = choice?.delta?.content;
    if (text) {
      pieces.push(text);
      delta(text);
    }
  };

  // Read with a data listener rather than `for await`: the async iterator costs a promise and
  // two microtask turns per network read, and a streamed reply is one read per token, a
  // thousand replies at once twenty thousand reads a second (bench/streaming.ts).
  await readUntil(response.body, maxBytes, engine, (chunk) => {
    for (let line = events.push(chunk); line !== null; line = events.next()) {
      if (line === '') dispatch();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      // Other fields (event:, id:, retry:) and comments (": keep-alive") carry nothing here.
      if (finished) return true;
    }
    return false;
  });
  if (!finished && data.length > 0) dispatch();
  if (!finished && !result.finishReason) throw new EngineUnavailable(`${engine} stream ended before the answer did`);
  result.content = pieces.join('');
  return result;
}
