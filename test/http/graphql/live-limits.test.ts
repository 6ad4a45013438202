import { createClient, type Client } from 'graphql-ws';
import { fetch } from 'undici';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../support/openai-compatible-server';
import { openOutputStream } from '../../support/output-events';
import { multipart, restClient } from '../../support/rest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { waitFor } from '../../support/wait-for';

let app: TestApp;
// An LLM that writes slowly, so a completion's output stream stays open while a test holds it.
let engine: OpenAiCompatibleServer;

beforeAll(async () => {
  engine = await startOpenAiCompatibleServer({ reply: Array.from({ length: 120 }, (_, index) => `word${index}`).join(' '), tokensPerSecond: 2 });
  app = await startTestApp({
    LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION: '3',
    LIVE_MAX_SUBSCRIPTIONS_PER_KEY: '5',
    RATE_LIMIT_PER_MINUTE: '100000',
    LLM_BASE_URL: engine.baseUrl,
    LLM_MODEL: 'persona-llm',
  });
  const key = await app.createKey('acme');
  expect((await restClient(app.url, key)('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Ada' }) })).status).toBe(201);
});
afterAll(async () => {
  // The replies still being written finish at once, so the app's shutdown waits for no job.
  engine?.setBehaviour({ tokensPerSecond: 0 });
  await app?.close();
  await engine?.close();
});

const WATCH = 'subscription { voiceUpdated(partner: "acme", name: "Ada") { name } }';

function connect(key: string): Client {
  return createClient({ url: `${app.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { apiKey: key }, retryAttempts: 0 });
}

/** One subscription to voice Ada: live once it has its first event, or refused with errors. */
async function watch(client: Client): Promise<{ live: boolean; errors: { message: string; extensions?: { code?: string } }[]; dispose: () => void }> {
  return new Promise((resolve) => {
    const dispose = client.subscribe(
      { query: WATCH },
      {
        // A refusal is a result with errors, then the end, as for another partner's resource.
        next: (result) => resolve({ live: !result.errors, errors: (result.errors ?? []) as never, dispose }),
        error: (errors) => resolve({ live: false, errors: errors as never, dispose }),
        complete: () => undefined,
      },
    );
  });
}

describe('subscriptions per connection', () => {
  it('are capped: past LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION a subscribe is refused by name, queries still run, and an ended one frees its place', async () => {
    const client = connect(await app.createKey('acme'));
    const held = await Promise.all([watch(client), watch(client), watch(client)]);
    expect(held.map((each) => each.live)).toEqual([true, true, true]);
    const refused = await watch(client);
    expect(refused.live).toBe(false);
    expect(refused.errors).toMatchObject([
      { message: expect.stringContaining('LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION') as string, extensions: { code: 'SUBSCRIPTION_LIMIT' } },
    ]);
    expect(refused.errors[0]!.message).toContain('at most 3');
    const query = await new Promise((resolve) => client.subscribe({ query: '{ contentTypes }' }, { next: resolve, error: resolve, complete: () => undefined }));
    expect(query).toMatchObject({ data: { contentTypes: expect.any(Array) } });

    held[0].dispose();
    expect((await watch(client)).live).toBe(true);
    await client.dispose();
  });
});

describe('subscriptions per key', () => {
  it('are capped across its connections and SSE streams: past LIVE_MAX_SUBSCRIPTIONS_PER_KEY a subscribe is refused by name, and a closed connection frees its places', async () => {
    const key = await app.createKey('acme');
    const first = connect(key);
    const second = connect(key);
    expect((await Promise.all([watch(first), watch(first), watch(first), watch(second), watch(second)])).every((each) => each.live)).toBe(true);

    const refused = await watch(second);
    expect(refused.errors).toMatchObject([
      { message: expect.stringContaining('LIVE_MAX_SUBSCRIPTIONS_PER_KEY') as string, extensions: { code: 'SUBSCRIPTION_LIMIT' } },
    ]);
    const stream = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ query: WATCH }),
    });
    const text = await stream.text();
    expect(text).toContain('LIVE_MAX_SUBSCRIPTIONS_PER_KEY');
    expect(text).toContain('"code":"SUBSCRIPTION_LIMIT"');
    // Another key is not held back by this one.
    const other = connect(await app.createKey('acme'));
    expect((await watch(other)).live).toBe(true);

    await first.dispose();
    const again = await waitFor(
      () => watch(second),
      (result) => result.live,
      5_000,
    );
    expect(again.live).toBe(true);
    await second.dispose();
    await other.dispose();
  });
});

describe('REST output streams', () => {
  it('count against LIVE_MAX_SUBSCRIPTIONS_PER_KEY with the GraphQL subscriptions: past it either kind is refused (a stream with 429 by name), and one that ends frees its place', async () => {
    const key = await app.createKey('acme');
    const submitted = await restClient(app.url, key)('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });
    const streamUrl = `${app.url}${(submitted.body as { id: string }).id}/stream`;
    const first = connect(key);
    const second = connect(key);
    const held = await Promise.all([watch(first), watch(first), watch(first), watch(second)]);
    expect(held.every((each) => each.live)).toBe(true);
    const stream = await openOutputStream(streamUrl, { 'x-api-key': key });
    expect(stream.status).toBe(200);
    await waitFor(async () => stream.events.length, Boolean, 10_000);

    // Four subscriptions and one stream: the key's five places are taken, whatever the transport.
    const refusedStream = await openOutputStream(streamUrl, { 'x-api-key': key });
    expect(refusedStream.status).toBe(429);
    expect(refusedStream.body).toEqual({ error: expect.stringContaining('LIVE_MAX_SUBSCRIPTIONS_PER_KEY') as string });
    expect((refusedStream.body as { error: string }).error).toContain('at most 5');
    expect((await watch(second)).errors).toMatchObject([
      { message: expect.stringContaining('LIVE_MAX_SUBSCRIPTIONS_PER_KEY') as string, extensions: { code: 'SUBSCRIPTION_LIMIT' } },
    ]);

    // The stream's client gone: its place goes to a subscription.
    stream.close();
    const subscribed = await waitFor(
      () => watch(second),
      (result) => result.live,
      5_000,
    );
    expect(subscribed.live).toBe(true);
    expect((await openOutputStream(streamUrl, { 'x-api-key': key })).status).toBe(429);
    // A subscription ended: its place goes to a stream.
    held[0].dispose();
    const reopened = await waitFor(
      () => openOutputStream(streamUrl, { 'x-api-key': key }),
      (answer) => answer.status === 200,
      5_000,
    );
    reopened.close();
    await first.dispose();
    await second.dispose();
  });
});
