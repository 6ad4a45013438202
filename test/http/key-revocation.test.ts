import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { createClient, type Client } from 'graphql-ws';
import { fetch } from 'undici';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { openOutputStream, readOutputStream, type OpenEventStream } from '../support/output-events';
import { multipart, restClient } from '../support/rest-client';
import { startTestApp, startTestBackend, type TestApp } from '../support/test-app';
import type { TestRedis } from '../support/redis-server';
import { waitFor } from '../support/wait-for';

// Two API processes' worth of service (two apps in this process) on one Redis: a key revoked
// with the CLI must reach the connections each of them holds open, within seconds.

const run = promisify(execFile);

let redis: TestRedis;
// An LLM that writes slowly: a completion's output streams stay open while a test revokes their key.
let engine: OpenAiCompatibleServer;
const apps: TestApp[] = [];
const clients: Client[] = [];
const outputStreams: OpenEventStream[] = [];

beforeAll(async () => {
  redis = await startTestBackend();
  engine = await startOpenAiCompatibleServer({ reply: Array.from({ length: 120 }, (_, index) => `word${index}`).join(' '), tokensPerSecond: 2 });
  for (let i = 0; i < 2; i++) {
    apps.push(await startTestApp({ RATE_LIMIT_PER_MINUTE: '100000', LLM_BASE_URL: engine.baseUrl, LLM_MODEL: 'persona-llm' }, redis));
  }
});
afterAll(async () => {
  await Promise.all(clients.map(async (client) => client.dispose()));
  for (const stream of outputStreams) stream.close();
  // The replies still being written finish at once, so the apps' shutdown waits for no job.
  engine?.setBehaviour({ tokensPerSecond: 0 });
  for (const app of apps) await app.close();
  await engine?.close();
  await redis?.stop();
});

/** What `promise` gives within a few seconds, or a failure saying it did not come. */
function within<T>(promise: Promise<T>, ms = 5_000): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms))]);
}

/** `npm run key -- revoke <key or id>`, as an operator runs it. */
async function revokeWithCli(target: string): Promise<void> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/key.ts', 'revoke', target], {
    env: { ...process.env, ...redis.env, REDIS_PREFIX: redis.prefix },
  });
  expect(stdout).toContain('Revoked.');
}

async function newKey(): Promise<{ key: string; id: string }> {
  const { key, record } = await apps[0]!.app.services.platform.apiKeys.create(['acme']);
  return { key, id: record.id };
}

interface Watched {
  events: unknown[];
  errors: unknown[];
  closed: Promise<{ code: number; reason: string }>;
}

/** A graphql-ws client of one app, watching voice Ada; `operationKey` sends the key with the operation (as GraphiQL does) instead of the connection. */
function watchAda(app: TestApp, key: string, options: { operationKey?: boolean } = {}): Watched {
  let onClosed: (closed: { code: number; reason: string }) => void = () => undefined;
  const watched: Watched = { events: [], errors: [], closed: new Promise((resolve) => (onClosed = resolve)) };
  const client = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: options.operationKey ? {} : { apiKey: key },
    retryAttempts: 0,
    lazy: false,
    // The closes this file expects are not errors to print.
    onNonLazyError: () => undefined,
    on: { closed: (event) => onClosed({ code: (event as CloseEvent).code, reason: (event as CloseEvent).reason }) },
  });
  clients.push(client);
  client.subscribe(
    {
      query: 'subscription { voiceUpdated(partner: "acme", name: "Ada") { name sampleCount } }',
      ...(options.operationKey && { extensions: { headers: { 'X-Api-Key': key } } }),
    },
    { next: (result) => void watched.events.push(result), error: (error) => void watched.errors.push(error), complete: () => undefined },
  );
  return watched;
}

/** An SSE subscription of one app: the stream's text so far, and whether the server ended it. */
async function streamAda(app: TestApp, key: string) {
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
    body: JSON.stringify({ query: 'subscription { voiceUpdated(partner: "acme", name: "Ada") { name } }' }),
  });
  expect(response.status).toBe(200);
  const stream = { text: '', ended: false };
  void (async () => {
    try {
      for await (const chunk of response.body!) stream.text += Buffer.from(chunk as Uint8Array).toString();
    } catch {
      // Cut (the app closing at the end of a failed test): over all the same.
    }
    stream.ended = true;
  })();
  return stream;
}

/** A completion the slow LLM is writing, submitted with `key`; its output stream's URL on each app. */
async function slowCompletion(key: string): Promise<(app: TestApp) => string> {
  const submitted = await restClient(apps[0]!.url, key)('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });
  expect(submitted.status).toBe(200);
  return (app) => `${app.url}${(submitted.body as { id: string }).id}/stream`;
}

/** `GET /v2/completions/{id}/stream` open with `key`, once it has its first event. */
async function openOutput(url: string, key: string): Promise<OpenEventStream> {
  const stream = await openOutputStream(url, { 'x-api-key': key });
  outputStreams.push(stream);
  expect(stream.status).toBe(200);
  await waitFor(async () => stream.events.length, Boolean, 10_000);
  return stream;
}

/** The last word of an output stream its key's revocation ended, as the wire carries it. */
const REVOKED_EVENT = 'event: error\ndata: {"code":"UNAUTHENTICATED","message":"Invalid API key"}';

describe('a revoked key', () => {
  beforeAll(async () => {
    const { key } = await newKey();
    expect((await restClient(apps[0]!.url, key)('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Ada' }) })).status).toBe(201);
  });

  it('closes its graphql-ws connections on every API process with 4401, ends its per-operation subscriptions, and is refused by REST', async () => {
    const { key } = await newKey();
    const connections = apps.map((app) => watchAda(app, key));
    // GraphiQL's way: no key on the connection, the key with each operation.
    const perOperation = watchAda(apps[1]!, key, { operationKey: true });
    await waitFor(
      async () => [...connections, perOperation].map((watched) => watched.events.length),
      (counts) => counts.every((count) => count > 0),
      10_000,
    );

    await revokeWithCli(key);

    for (const watched of connections) expect(await within(watched.closed)).toEqual({ code: 4401, reason: 'Invalid API key' });
    await waitFor(
      async () => perOperation.errors,
      (errors) => errors.length > 0,
      5_000,
    );
    expect(perOperation.errors[0]).toMatchObject([{ message: 'Invalid API key', extensions: { code: 'UNAUTHENTICATED' } }]);
    for (const app of apps) expect((await restClient(app.url, key)('GET', '/api/voices/acme')).status).toBe(401);
  });

  it('ends its SSE streams on every API process with Invalid API key, revoked by id', async () => {
    const { key, id } = await newKey();
    const streams = await Promise.all(apps.map((app) => streamAda(app, key)));
    await waitFor(
      async () => streams.map((stream) => stream.text),
      (texts) => texts.every((text) => text.includes('"name":"Ada"')),
      10_000,
    );

    await revokeWithCli(id);

    await waitFor(
      async () => streams.map((stream) => stream.ended),
      (ended) => ended.every(Boolean),
      5_000,
    );
    for (const stream of streams) {
      expect(stream.text).toMatch(/event: next\ndata: \{"errors":\[\{"message":"Invalid API key".*"code":"UNAUTHENTICATED"/);
      expect(stream.text).toMatch(/event: complete/);
    }
  });

  it('ends its REST output streams on every API process with a last UNAUTHENTICATED event, and a new one is refused', async () => {
    const { key } = await newKey();
    const streamUrl = await slowCompletion(key);
    const streams = await Promise.all(apps.map((app) => openOutput(streamUrl(app), key)));

    await revokeWithCli(key);

    await within(Promise.all(streams.map((stream) => stream.ended)));
    for (const stream of streams) {
      expect(stream.blocks.at(-1)).toBe(REVOKED_EVENT);
      expect(stream.events.some((event) => event.done)).toBe(false);
    }
    for (const app of apps) {
      const refused = await readOutputStream(streamUrl(app), { 'x-api-key': key });
      expect([refused.status, refused.body]).toEqual([401, { error: 'Invalid API key' }]);
    }
  });

  it('reaches a process that missed the broadcast within seconds: its connections close, its streams end, REST refuses the key', async () => {
    const { key, id } = await newKey();
    const connection = watchAda(apps[0]!, key);
    const stream = await streamAda(apps[1]!, key);
    const output = await openOutput((await slowCompletion(key))(apps[0]!), key);
    await waitFor(
      async () => [connection.events.length, stream.text],
      ([events, text]) => events !== 0 && String(text).includes('"name":"Ada"'),
      10_000,
    );
    // The revocation as the CLI writes it, but its broadcast lost (as pub/sub loses what is
    // published while a subscriber reconnects).
    const { redis: connections, keys } = apps[0]!.app.services.platform;
    await connections.commands.hdel(keys.key('apikeys'), createHash('sha256').update(key).digest('hex'));
    await connections.commands.sadd(keys.key('apikeys-revoked'), id);

    expect(await within(connection.closed, 15_000)).toEqual({ code: 4401, reason: 'Invalid API key' });
    await waitFor(async () => stream.ended, Boolean, 15_000);
    expect(stream.text).toContain('Invalid API key');
    await within(output.ended, 15_000);
    expect(output.blocks.at(-1)).toBe(REVOKED_EVENT);
    for (const app of apps) expect((await restClient(app.url, key)('GET', '/api/voices/acme')).status).toBe(401);
  });

  it('starts nothing new: a new connection closes 4401 and a new stream is refused', async () => {
    const { key } = await newKey();
    await revokeWithCli(key);
    for (const app of apps) {
      expect(await within(watchAda(app, key).closed)).toEqual({ code: 4401, reason: 'Invalid API key' });
      const response = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
        body: JSON.stringify({ query: 'subscription { voiceUpdated(partner: "acme", name: "Ada") { name } }' }),
      });
      expect(response.status).toBe(401);
      await response.arrayBuffer();
    }
  });
});
