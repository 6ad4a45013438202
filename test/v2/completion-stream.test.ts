import type { Client } from 'graphql-ws';
import { print } from 'graphql';
import { fetch, request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { chatTokens, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { CompletionOutput, gapless, readOutputStream, rebuild, SubmitCompletion, type SeenOutputEvent } from '../support/output-events';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const PartialOutput = graphql(`
  query CompletionPartialOutput($id: ID!) {
    completion(id: $id) {
      state
      partialOutput
      output
    }
  }
`);

const REPLY = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ') + '.';

let app: TestApp;
let engine: OpenAiCompatibleServer;
let key: string;
let otherKey: string;
let ws: Client;

beforeAll(async () => {
  engine = await startOpenAiCompatibleServer({ reply: REPLY, tokensPerSecond: 100 });
  // The smallest send budget, and room for a reply large enough to outrun a reader that stops.
  app = await startTestApp({
    LLM_BASE_URL: engine.baseUrl,
    LLM_MODEL: 'persona-llm',
    ENGINE_RETRY_WINDOW_SECONDS: '0',
    LIVE_MAX_BUFFER_BYTES: '65536',
    ENGINE_MAX_ANSWER_MB: '64',
  });
  key = await app.createKey('acme');
  otherKey = await app.createKey('other');
  ws = wsClient(app.url, key);
});

afterEach(() => engine.setBehaviour({ reply: REPLY, chatStreaming: 'sse', tokensPerSecond: 100, dropStreamAfterTokens: undefined }));

afterAll(async () => {
  await ws?.dispose();
  await app?.close();
  await engine?.close();
});

async function submit(message = 'Tell me a story'): Promise<string> {
  const submitted = await execute(app.url, key, SubmitCompletion, { input: { messages: [{ role: 'USER', content: message }] } });
  return submitted.data!.submitCompletion.id;
}

function outputEvents(id: string, after?: number, client = ws) {
  return subscribe(client, CompletionOutput, { id, after });
}

async function finished(id: string) {
  return waitFor(
    () => restClient(app.url, key)('GET', id),
    (answer) => (answer.body as { state: string }).state !== 'in-progress',
  );
}

const eventsOf = (subscription: { events: { completionOutput: SeenOutputEvent }[] }) => subscription.events.map((event) => event.completionOutput);

describe('completionOutput', () => {
  it('streams the reply as the LLM writes it: a snapshot, then numbered events without a gap, ending with done and the stored reply', async () => {
    const id = await submit();
    const subscription = outputEvents(id);
    await subscription.until((event) => event.completionOutput.done);
    const events = eventsOf(subscription);
    expect(events[0]!.reset).toBe(true);
    expect(gapless(events)).toBe(true);
    expect(events.at(-1)!.done).toBe(true);
    expect(events.filter((event) => event.done)).toHaveLength(1);
    const stored = (await finished(id)).body as { output: { message: { content: string }; usage: { completion_tokens: number } } };
    expect(rebuild(events)).toBe(REPLY);
    expect(stored.output.message.content).toBe(REPLY);
    // Usage came from the stream's last chunk, asked for with stream_options.
    expect(stored.output.usage.completion_tokens).toBe(60);
    const request = engine.requests.filter((recorded) => recorded.endpoint === 'chat').at(-1)!;
    expect(request).toMatchObject({ stream: true, includeUsage: true });
    // Coalesced: 60 tokens over 0.6 s make far fewer events than tokens.
    expect(events.length).toBeLessThan(chatTokens(REPLY).length / 2);
    await subscription.untilComplete(5_000);
  });

  it('gives polling clients the text so far in partialOutput while the reply is written, and null once it is finished', async () => {
    engine.setBehaviour({ tokensPerSecond: 20 });
    const id = await submit();
    const partial = await waitFor(
      () => execute(app.url, key, PartialOutput, { id }),
      (answer) => (answer.data?.completion?.partialOutput ?? '').length > 0,
      20_000,
    );
    expect(partial.data!.completion.state).toBe('IN_PROGRESS');
    expect(REPLY.startsWith(partial.data!.completion.partialOutput!)).toBe(true);
    engine.setBehaviour({ tokensPerSecond: 0 });
    await finished(id);
    const after = await execute(app.url, key, PartialOutput, { id });
    expect(after.data!.completion).toMatchObject({ state: 'COMPLETED', partialOutput: null });
  });

  it('replays the events after n, and gives a finished completion as its snapshot with done', async () => {
    const id = await submit();
    const first = outputEvents(id);
    await first.until((event) => event.completionOutput.done);
    const all = eventsOf(first);
    const cut = all[Math.floor(all.length / 2)]!.seq;
    const resumed = outputEvents(id, cut);
    await resumed.until((event) => event.completionOutput.done);
    const replayed = eventsOf(resumed);
    expect(replayed[0]!.seq).toBe(cut + 1);
    expect(gapless(replayed)).toBe(true);
    expect(rebuild([...all.filter((event) => event.seq <= cut), ...replayed])).toBe(REPLY);
    const late = outputEvents(id);
    await late.until((event) => event.completionOutput.done);
    expect(eventsOf(late)).toEqual([{ seq: all.at(-1)!.seq, text: REPLY, reset: true, done: true }]);
  });

  it('works with an engine that answers stream: true with one JSON body: the whole reply is one piece', async () => {
    engine.setBehaviour({ chatStreaming: 'json' });
    const id = await submit();
    const subscription = outputEvents(id);
    await subscription.until((event) => event.completionOutput.done);
    expect(rebuild(eventsOf(subscription))).toBe(REPLY);
    expect(((await finished(id)).body as { output: { message: { content: string } } }).output.message.content).toBe(REPLY);
  });

  it('starts over with reset when the engine fails mid-answer and the call is tried again', async () => {
    engine.setBehaviour({ tokensPerSecond: 50, dropStreamAfterTokens: 10 });
    const id = await submit();
    const subscription = outputEvents(id);
    // The first answer breaks off after 10 tokens; the retry (a second later) answers whole.
    await waitFor(
      async () => engine.requests.filter((recorded) => recorded.endpoint === 'chat').at(-1)?.tokenTimes?.length ?? 0,
      (sent) => sent >= 10,
      20_000,
    );
    engine.setBehaviour({ dropStreamAfterTokens: undefined });
    await subscription.until((event) => event.completionOutput.done);
    const events = eventsOf(subscription);
    expect(gapless(events)).toBe(true);
    const resets = events.filter((event) => event.reset);
    expect(resets.length).toBeGreaterThanOrEqual(2);
    expect(rebuild(events.filter((event) => event.seq < resets.at(-1)!.seq))).not.toBe(REPLY);
    expect(rebuild(events)).toBe(REPLY);
  });

  it("refuses another key's completion as completion(id) does", async () => {
    const id = await submit();
    const stranger = wsClient(app.url, otherKey);
    try {
      const refused = outputEvents(id, undefined, stranger);
      await refused.errorsSent(10_000);
      const query = await execute(app.url, otherKey, PartialOutput, { id });
      expect(refused.errors.flat()).toMatchObject([{ message: query.errors![0]!.message, extensions: { code: 'NOT_FOUND' } }]);
    } finally {
      await stranger.dispose();
    }
  });

  it('refuses a negative after, naming the field, as the SSE route does', async () => {
    const id = await submit();
    for (const after of [-1, -40]) {
      const refused = outputEvents(id, after);
      await refused.errorsSent(10_000);
      expect(refused.errors.flat(), `after ${after}`).toMatchObject([
        {
          message: 'after: The after field must be a whole number of 0 or more.',
          extensions: { code: 'BAD_USER_INPUT', errors: { after: [expect.any(String)] } },
        },
      ]);
    }
  });

  it('is carried over GraphQL over SSE as the other subscriptions are', async () => {
    const id = await submit();
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ query: print(CompletionOutput), variables: { id } }),
    });
    const text = await response.text();
    const events = [...text.matchAll(/^data: (.+)$/gm)]
      .map((match) => JSON.parse(match[1]!) as { data?: { completionOutput: SeenOutputEvent } })
      .flatMap((payload) => (payload.data ? [payload.data.completionOutput] : []));
    expect(gapless(events)).toBe(true);
    expect(events.at(-1)!.done).toBe(true);
    expect(rebuild(events)).toBe(REPLY);
  });
});

describe('GET /v2/completions/{id}/stream', () => {
  const streamUrl = (id: string) => `${app.url}${id}/stream`;

  it('answers text/event-stream: id is the seq, data the event, and it closes after done', async () => {
    const id = await submit();
    const answer = await readOutputStream(streamUrl(id), { 'x-api-key': key });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.events[0]!.reset).toBe(true);
    expect(gapless(answer.events)).toBe(true);
    expect(answer.events.at(-1)!.done).toBe(true);
    expect(rebuild(answer.events)).toBe(REPLY);
    // The REST body is as it was.
    const polled = await restClient(app.url, key)('GET', id);
    expect(Object.keys(polled.body as object).sort()).toEqual(['id', 'output', 'state']);
  });

  it('resumes after Last-Event-ID as after does, when a connection dropped mid-reply', async () => {
    engine.setBehaviour({ tokensPerSecond: 30 });
    const id = await submit();
    const dropped = await readOutputStream(streamUrl(id), { 'x-api-key': key }, 3);
    const last = dropped.events.at(-1)!.seq;
    const resumed = await readOutputStream(streamUrl(id), { 'x-api-key': key, 'last-event-id': String(last) });
    expect(resumed.events[0]!.seq).toBe(last + 1);
    expect(gapless([...dropped.events, ...resumed.events])).toBe(true);
    expect(rebuild([...dropped.events, ...resumed.events])).toBe(REPLY);
    const byQuery = await readOutputStream(`${streamUrl(id)}?after=${last}`, { 'x-api-key': key });
    expect(byQuery.events).toEqual(resumed.events);
  });

  it('answers 401 without a key and 404 for another key or an unknown id, as GET /v2/completions/{id} does', async () => {
    const id = await submit();
    await finished(id);
    for (const [headers, path] of [
      [{}, id],
      [{ 'x-api-key': otherKey }, id],
      [{ 'x-api-key': key }, '/v2/completions/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const streamed = await readOutputStream(streamUrl(path), headers);
      const polled = await restClient(app.url, headers['x-api-key' as keyof typeof headers])('GET', path);
      expect([streamed.status, streamed.body]).toEqual([polled.status, polled.body]);
    }
    const invalid = await readOutputStream(streamUrl(id), { 'x-api-key': key, 'last-event-id': 'soon' });
    expect(invalid.status).toBe(422);
  });

  it('ends with CLIENT_TOO_SLOW once a reader that stopped reading is more than the send budget behind', async () => {
    // 24 MB of reply in 64 kB tokens, sent as fast as the engine can: more than the sockets'
    // buffers hold, so the server's own queue for the stalled reader passes LIVE_MAX_BUFFER_BYTES.
    engine.setBehaviour({ reply: Array.from({ length: 384 }, (_, index) => String(index % 10).repeat(65_536)).join(' '), tokensPerSecond: 0 });
    const id = await submit();
    const response = await request(`${streamUrl(id)}`, { headers: { 'x-api-key': key }, highWaterMark: 1024 });
    expect(response.statusCode).toBe(200);
    // Stop reading until the completion is finished, then read what was sent.
    await finished(id);
    const text = await response.body.text();
    const blocks = text.split('\n\n').filter((block) => block.trim() !== '');
    expect(blocks.at(-1)).toMatch(/^event: error\ndata: \{"code":"CLIENT_TOO_SLOW"/);
    expect(blocks.some((block) => block.includes('"done":true'))).toBe(false);
  }, 120_000);

  it('is in /openapi.json', async () => {
    const document = (await (await fetch(`${app.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    expect(Object.keys(document.paths['/v2/completions/{id}/stream']!.get!.responses['200']!.content!)).toEqual(['text/event-stream']);
  });
});
