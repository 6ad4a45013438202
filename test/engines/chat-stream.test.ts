import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineUnavailable } from '../../src/domain/shared/engine-error';
import { ChatCompletionsClient } from '../../src/engines/chat-completions.client';
import type { ChatStreamSink } from '../../src/engines/chat-stream';
import { engineFailure } from '../support/engine-failure';
import { chatTokens, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';

const REPLY = 'Once upon a time,  a persona answered\nin pieces.';
const hello = { messages: [{ role: 'user' as const, content: 'Tell me' }] };

let server: OpenAiCompatibleServer;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer({ reply: REPLY });
});

beforeEach(() => {
  server.requests.length = 0;
  server.setBehaviour({ reply: REPLY, chatStreaming: 'sse', tokensPerSecond: 0, dropStreamAfterTokens: undefined, hugeAnswers: {} });
});

afterAll(async () => {
  await server?.close();
});

const chat = (options: { maxAnswerBytes?: number } = {}) =>
  new ChatCompletionsClient({ baseUrl: server.baseUrl, model: 'persona-llm', retryDelaysMs: [10, 10], ...options });

/** A sink that keeps what it heard: the pieces since the last attempt began, and every begin. */
function listening(): ChatStreamSink & { pieces: string[]; attempts: number[] } {
  const heard = {
    pieces: [] as string[],
    attempts: [] as number[],
    begin(attempt: number) {
      heard.attempts.push(attempt);
      heard.pieces = [];
    },
    delta(text: string) {
      heard.pieces.push(text);
    },
  };
  return heard;
}

describe('a streamed chat answer', () => {
  it('asks for a stream with usage, hands on each token as it comes, and returns the whole answer as complete() does', async () => {
    const sink = listening();
    const streamed = await chat().stream(hello, sink);
    expect(server.requests[0]).toMatchObject({ stream: true, includeUsage: true });
    expect(sink.pieces).toEqual(chatTokens(REPLY));
    expect(sink.pieces.join('')).toBe(REPLY);
    expect(sink.attempts).toEqual([0]);
    expect(streamed).toEqual(await chat().complete(hello));
  });

  it('takes a plain JSON answer from an engine that does not stream as one piece', async () => {
    server.setBehaviour({ chatStreaming: 'json' });
    const sink = listening();
    const streamed = await chat().stream(hello, sink);
    expect(sink.pieces).toEqual([REPLY]);
    expect(streamed.message.content).toBe(REPLY);
    expect(streamed.usage.completionTokens).toBeGreaterThan(0);
  });

  it('tries again after an answer that breaks off, and says so before the retry hands on anything', async () => {
    // Paced, so the first tokens leave before the connection drops.
    server.setBehaviour({ dropStreamAfterTokens: 3, tokensPerSecond: 200 });
    const sink = listening();
    const failing = chat().stream(hello, sink);
    expect((await engineFailure(failing)).message).toBe('LLM service unreachable: connection closed by the server');
    expect(sink.attempts).toEqual([0, 1, 2]);
    server.setBehaviour({ dropStreamAfterTokens: undefined });
    const again = listening();
    await chat().stream(hello, again);
    expect(again.pieces.join('')).toBe(REPLY);
  });

  it('stops reading a stream past ENGINE_MAX_ANSWER_MB and fails for good', async () => {
    server.setBehaviour({ reply: 'x'.repeat(300_000) + ' end' });
    const error = await engineFailure(chat({ maxAnswerBytes: 100_000 }).stream(hello, listening()));
    expect(error.message).toBe('LLM answer too large: over 97.7 kB');
    expect(error.retryable).toBe(false);
    expect(error).not.toBeInstanceOf(EngineUnavailable);
  });
});
