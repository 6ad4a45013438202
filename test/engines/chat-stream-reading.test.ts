import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, EngineUnavailable } from '../../src/domain/shared/engine-error';
import { chunkShape, plainTextChunk, readChatAnswer } from '../../src/engines/chat-stream';
import { EventStreamLines } from '../../src/engines/event-stream-reading';

/** The lines EventStreamLines gives for `bytes` handed over in the reads `cuts` makes. */
function linesOf(bytes: Buffer, cuts: number[]): string[] {
  const reader = new EventStreamLines();
  const lines: string[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    for (let line = reader.push(bytes.subarray(from, cut)); line !== null; line = reader.next()) lines.push(line);
    from = cut;
  }
  return lines;
}

const STREAM = 'data: {"a":"😀 ü"}\r\n\r\n: keep-alive\rdata: one\ndata: two\n\nevent: x\r\rdata: [DONE]\n\n';

describe('reading an event stream line by line', () => {
  it('gives the same lines however the bytes are cut, at every character and line end', () => {
    const bytes = Buffer.from(STREAM, 'utf8');
    const whole = STREAM.split(/\r\n|\r|\n/).slice(0, -1);
    expect(linesOf(bytes, [])).toEqual(whole);
    for (let cut = 1; cut < bytes.length; cut++) expect(linesOf(bytes, [cut]), `cut at byte ${cut}`).toEqual(whole);
    expect(
      linesOf(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(whole);
  });
});

describe('the plain text chunk read without zod', () => {
  const chunks: unknown[] = [
    { choices: [{ index: 0, delta: { content: ' t1' }, finish_reason: null }] },
    { model: 'm', choices: [{ delta: { content: '' } }] },
    { choices: [{ delta: { content: null }, finish_reason: 'stop' }] },
    { choices: [{ delta: {}, finish_reason: 'length' }] },
    { choices: [{ delta: { content: 3 } }] },
    { choices: [{ delta: { content: 'x' }, finish_reason: 7 }] },
    { model: null, choices: [{ delta: { content: 'x' } }] },
    { choices: [{ delta: null }] },
    { choices: [{ delta: [] }] },
    { choices: [] },
    { choices: [{ delta: { content: 'a' } }, { delta: { content: 'b' } }] },
    { choices: [{ delta: { content: 'x' } }], usage: { prompt_tokens: 1, completion_tokens: 2 } },
    { error: { message: 'overloaded' } },
    [],
    'text',
    null,
  ];

  it('reads what chunkShape reads, the same way, and leaves the rest to it', () => {
    let fast = 0;
    for (const chunk of chunks) {
      const plain = plainTextChunk(chunk);
      if (plain === null) continue;
      fast++;
      const parsed = chunkShape.safeParse(chunk);
      expect(parsed.success, JSON.stringify(chunk)).toBe(true);
      expect(plain, JSON.stringify(chunk)).toEqual(parsed.data);
    }
    // The common chunks take the fast path; a test that never did would hold nothing.
    expect(fast).toBe(4);
  });
});

describe('a streamed answer over HTTP, in awkward pieces', () => {
  let server: Server;
  let url: string;
  let pieces: (string | Buffer)[] = [];

  beforeAll(async () => {
    server = createServer((_request, response) => {
      // Each request keeps the pieces it was asked with: a failed answer's stream may still be writing when the next is asked.
      const mine = pieces;
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const write = (index: number) => {
        if (response.destroyed) return;
        if (index === mine.length) return void response.end();
        response.write(mine[index]!);
        setTimeout(() => write(index + 1), 2);
      };
      write(0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const answer = async (body: (string | Buffer)[], maxBytes = 1 << 20) => {
    pieces = body;
    const heard: string[] = [];
    const response = await request(url);
    const result = await readChatAnswer('LLM', response, maxBytes, (text) => heard.push(text));
    return { result, heard };
  };
  const event = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\r\n\r\n`;

  it('hands on every piece once, whatever the reads, and ends at [DONE]', async () => {
    const whole =
      event('Ein 😀') +
      ': comment\n\n' +
      event(' Bär') +
      'data: {"choices":[{"delta":{},"finish_reason":"stop"}],\ndata: "usage":{"prompt_tokens":2,"completion_tokens":2}}\n\n' +
      'data: [DONE]\n\n' +
      event(' never');
    const bytes = Buffer.from(whole);
    const cuts = [5, 9, 30, 31, 60, 61, 62, 100, 140, bytes.length];
    // Some reads end inside a character, or between a line's \r and its \n.
    const { result, heard } = await answer(cuts.map((cut, index) => bytes.subarray(index === 0 ? 0 : cuts[index - 1], cut)));
    expect(heard).toEqual(['Ein 😀', ' Bär']);
    expect(result).toMatchObject({ content: 'Ein 😀 Bär', finishReason: 'stop', usage: { prompt_tokens: 2, completion_tokens: 2 } });
  });

  it('fails as the engine says mid-answer, and for an event that is not JSON', async () => {
    await expect(answer([event('a'), 'data: {"error":{"message":"overloaded"}}\n\n'])).rejects.toThrow(EngineUnavailable);
    await expect(answer([event('a'), 'data: {not json\n\n'])).rejects.toThrow(/not JSON/);
    await expect(answer([event('a'), 'data: {"choices":[{"delta":{"content":5}}]}\n\n'])).rejects.toThrow(/unexpected stream event/);
  });

  it('fails for a stream that ends before the answer does, and past the size limit', async () => {
    await expect(answer([event('a'), event('b')])).rejects.toThrow(/ended before the answer did/);
    await expect(answer([event('a'.repeat(500)), event('b'.repeat(500))], 600)).rejects.toThrow(EngineError);
    await expect(answer([event('a'.repeat(500)), event('b'.repeat(500))], 600)).rejects.toThrow(/too large/);
  });
});
