import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { EngineError, EngineUnavailable } from '../domain/shared/engine-error';
import { formatBytes, readCapped } from './engine-http';
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
const chunkShape = z.object({
  model: z.string().optional(),
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish(), finish_reason: z.string().nullish() })).nullish(),
  usage: usageShape.nullish(),
  error: z.object({ message: z.string().optional() }).passthrough().nullish(),
});

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
    if (body === null) throw new EngineError(`${engine} answer too large: over ${formatBytes(maxBytes)}`, false);
    const answer = parseOpenAiJson({ engine, response: chatCompletionResponse }, body);
    const choice = answer.choices[0]!;
    const content = choice.message.content ?? '';
    if (content !== '') delta(content);
    return { content, model: answer.model, finishReason: choice.finish_reason ?? undefined, usage: answer.usage ?? undefined };
  }
  const result: StreamedChat = { content: '' };
  const pieces: string[] = [];
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let pending = '';
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
    const parsed = chunkShape.safeParse(json);
    if (!parsed.success) throw new EngineError(`${engine} returned an unexpected stream event`, false);
    const chunk = parsed.data;
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

  // Leaving the loop early (a failure, [DONE]) destroys the body, and with it the connection.
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > maxBytes) throw new EngineError(`${engine} answer too large: over ${formatBytes(maxBytes)}`, false);
    pending += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = pending.search(/\r\n|\r|\n/)) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + (pending.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') dispatch();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      // Other fields (event:, id:, retry:) and comments (": keep-alive") carry nothing here.
      if (finished) break;
    }
    if (finished) break;
  }
  if (!finished && data.length > 0) dispatch();
  if (!finished && !result.finishReason) throw new EngineUnavailable(`${engine} stream ended before the answer did`);
  result.content = pieces.join('');
  return result;
}
