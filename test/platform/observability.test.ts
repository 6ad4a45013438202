import { join } from 'node:path';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import type { Client } from 'graphql-ws';
import { fetch } from 'undici';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { createPlatform, type Platform } from '../../src/platform';
import { VOICE_NAME_INDEX } from '../../src/domain/voice/voice.repository';
import { VOICE_KIND, type VoiceRecord } from '../../src/domain/voice/voice.types';
import { completeQueue } from '../../src/domain/completion/completion.queues';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { makeTempDir, removeDir } from '../support/audio';
import { subscribe, wsClient } from '../support/graphql-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { multipart, restClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';

const ADMIN_KEY = 'admin-key-for-observability-tests';
const METRICS_TOKEN = 'metrics-token-for-observability-tests';

let dir: string;
let redis: TestRedis;
let engine: OpenAiCompatibleServer;
let app: AppProcess;
// The same Redis and prefix as the app: it makes the partner key and pauses a queue.
let platform: Platform;
let url: string;
let key: string;

beforeAll(async () => {
  dir = await makeTempDir('observability-');
  redis = await startTestRedis();
  engine = await startOpenAiCompatibleServer();
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'info',
    ADMIN_API_KEY: ADMIN_KEY,
    METRICS_TOKEN,
    LLM_BASE_URL: engine.baseUrl,
    ASR_BASE_URL: engine.baseUrl,
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  platform = await createPlatform(loadConfig(env));
  key = (await platform.apiKeys.create(['acme'])).key;
  app = await startAppProcess(env);
  url = /listening on (http:\/\/\S+)/.exec(app.output())![1]!;
});

afterAll(async () => {
  app?.kill('SIGTERM');
  await app?.exited;
  await platform?.close();
  await engine?.close();
  await redis?.stop();
  await removeDir(dir);
});

async function scrape(headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` }) {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, text: await response.text() };
}

/** The sum of a metric's samples whose labels include all of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if (!Object.entries(labels).every(([label, value]) => (match[2] ?? '').includes(`${label}="${value}"`))) continue;
    total += Number(match[3]);
  }
  return total;
}

function logLines(): Record<string, unknown>[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request ids', () => {
  it('returns the X-Request-Id the caller sent', async () => {
    const response = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('abc-123');
  });

  it('makes one when the caller sent none, or one that is not a sane token', async () => {
    const none = await fetch(`${url}/healthz`);
    const insane = await fetch(`${url}/healthz`, { headers: { 'x-request-id': 'has spaces and "quotes"' } });
    const made = [none.headers.get('x-request-id'), insane.headers.get('x-request-id')];
    for (const id of made) expect(id).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
    expect(made[1]).not.toBe('has spaces and "quotes"');
    expect(made[0]).not.toBe(made[1]);
  });

  it('is on errors, 404s and GraphQL answers too', async () => {
    const missing = await fetch(`${url}/no-such-path`, { headers: { 'x-request-id': 'lost-1' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe('lost-1');
    const refused = await restClient(url, 'not-a-key')('GET', '/api/voices/acme', { headers: { 'x-request-id': 'refused-1' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('refused-1');
    const graphql = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'x-request-id': 'gql-1' },
      body: JSON.stringify({ query: 'query Ping { __typename }' }),
    });
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get('x-request-id')).toBe('gql-1');
  });

  it('is logged as requestId on the one line of each request, with its route, status and duration', async () => {
    await fetch(`${url}/api/voices/acme/No%20such%20voice`, { headers: { 'x-request-id': 'logged-7', 'x-api-key': key } });
    const lines = await waitFor(
      async () => logLines().filter((line) => line.requestId === 'logged-7'),
      (found) => found.some((line) => line.msg === 'request completed'),
    );
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
    expect(lines[0]).toMatchObject({
      req: { method: 'GET', url: '/api/voices/acme/No%20such%20voice' },
      route: '/api/voices/:partner/:voice',
      statusCode: 404,
      responseTime: expect.any(Number),
    });
  });
});

describe('/metrics', () => {
  it('refuses a scrape without the token or the admin key', async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong-token-of-enough-length' })).status).toBe(401);
    expect((await scrape({ 'x-api-key': key })).status).toBe(401);
  });

  it('answers the metrics token and the admin key, as X-Api-Key or bearer', async () => {
    const accepted: Record<string, string>[] = [
      { authorization: `Bearer ${METRICS_TOKEN}` },
      { 'x-api-key': ADMIN_KEY },
      { authorization: `Bearer ${ADMIN_KEY}` },
    ];
    for (const headers of accepted) {
      const { status, text } = await scrape(headers);
      expect(status).toBe(200);
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    }
  });
});

describe('real traffic', () => {
  let client: Client;

  afterAll(async () => {
    await client?.dispose();
  });

  it('moves the request, GraphQL, subscription, event, queue, job and engine metrics, and logs the job with the request id', async () => {
    const before = (await scrape()).text;
    const queue = platform.queues.get(completeQueue);
    // Held back so the subscription is in place while the completion is still queued.
    await queue.pause();
    let id: string;
    try {
      const submitted = await restClient(url, key)('POST', '/v2/completions', {
        json: { input: { messages: [{ role: 'user', content: 'hello' }] } },
        headers: { 'x-request-id': 'job-request-42' },
      });
      expect(submitted.status).toBe(200);
      id = (submitted.body as { id: string }).id;

      const ping = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ query: 'query Ping { __typename }' }),
      });
      expect(ping.status).toBe(200);

      client = wsClient(url, key);
      const follow = parse('subscription Follow($id: ID!) { completionUpdated(id: $id) { id state } }') as TypedDocumentNode<
        { completionUpdated: { id: string; state: string } },
        { id: string }
      >;
      const stream = subscribe(client, follow, { id });
      await stream.until(() => true);

      const live = (await scrape()).text;
      expect(sample(live, 'websocket_connections_open')).toBeGreaterThanOrEqual(1);
      expect(sample(live, 'subscriptions_active')).toBeGreaterThanOrEqual(1);
      expect(live).toMatch(/^queue_jobs\{queue="complete",state="waiting"\} [1-9]\d*$/m);
      // Waiting for its turn, in its key's lane.
      expect(live).toMatch(/^queue_waiting_jobs\{queue="complete",partner="key:[^"]+"\} 1$/m);

      await queue.resume();
      await stream.untilComplete();
    } finally {
      await queue.resume();
    }

    const metric = (text: string, name: string, labels?: Record<string, string>) => sample(text, name, labels) - sample(before, name, labels);
    const after = await waitFor(
      async () => (await scrape()).text,
      (text) => metric(text, 'job_duration_seconds_count', { queue: 'complete', outcome: 'completed' }) >= 1,
    );
    expect(metric(after, 'http_request_duration_seconds_count', { route: '/v2/completions', method: 'POST', status: '200' })).toBe(1);
    // Route patterns, never raw URLs: no series names a completion id.
    expect(after).not.toContain(id!.split('/').at(-1)!);
    expect(metric(after, 'graphql_operations_total', { operation: 'Ping', type: 'query' })).toBe(1);
    expect(metric(after, 'graphql_operations_total', { operation: 'Follow', type: 'subscription' })).toBe(1);
    expect(metric(after, 'graphql_operation_errors_total', { operation: 'Ping' })).toBe(0);
    expect(metric(after, 'events_published_total')).toBeGreaterThanOrEqual(2);
    expect(metric(after, 'events_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(metric(after, 'engine_call_duration_seconds_count', { engine: 'llm', outcome: 'ok' })).toBeGreaterThanOrEqual(1);

    // The job's metric is counted as it ends; its log line leaves with the log's next batch, a few ms later.
    const jobLines = await waitFor(
      async () => logLines().filter((line) => line.requestId === 'job-request-42' && line.queue === 'complete'),
      (lines) => lines.some((line) => line.msg === 'job ended'),
    );
    expect(jobLines.map((line) => line.msg)).toEqual(expect.arrayContaining(['job started', 'job ended']));
    expect(jobLines.find((line) => line.msg === 'job ended')).toMatchObject({
      outcome: 'completed',
      durationMs: expect.any(Number),
      jobId: expect.any(String),
      // The completion itself and the key it belongs to, not the job id again.
      resource: id!.split('/').at(-1),
      keyId: expect.any(String),
    });
  });
});

describe('request ids in jobs', () => {
  it('reach a job that a GraphQL mutation queues', async () => {
    const answer = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'x-request-id': 'gql-job-7' },
      body: JSON.stringify({ query: 'mutation { submitCompletion(input: { messages: [{ role: USER, content: "hello" }] }) { id } }' }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).not.toContain('"errors"');
    const ended = await waitFor(
      async () => logLines().filter((line) => line.requestId === 'gql-job-7' && line.queue === 'complete' && line.msg === 'job ended'),
      (lines) => lines.length > 0,
    );
    expect(ended[0]).toMatchObject({ outcome: 'completed' });
  });
});

describe('API keys in logs', () => {
  it('never prints a key, including one sent as ?api_key=', async () => {
    const answer = await fetch(`${url}/api/voices/acme?api_key=${encodeURIComponent(key)}&x=1`, { headers: { 'x-request-id': 'query-key-1' } });
    expect(answer.status).toBe(200);
    const lines = await waitFor(
      async () => logLines().filter((line) => line.requestId === 'query-key-1'),
      (found) => found.some((line) => line.msg === 'request completed'),
    );
    expect(JSON.stringify(lines)).toContain('api_key=[redacted]');
    // The query parser decodes parameter names: these reach the route as api_key, and work.
    for (const [index, name] of ['%61pi_key', 'api%5Fkey'].entries()) {
      const requestId = `query-key-encoded-${index}`;
      const encoded = await fetch(`${url}/api/voices/acme?${name}=${encodeURIComponent(key)}`, { headers: { 'x-request-id': requestId } });
      expect(encoded.status, name).toBe(200);
      const logged = await waitFor(
        async () => logLines().filter((line) => line.requestId === requestId),
        (found) => found.some((line) => line.msg === 'request completed'),
      );
      expect(JSON.stringify(logged)).toContain(`${name}=[redacted]`);
    }
    await scrape({ 'x-api-key': ADMIN_KEY });
    expect(app.output()).not.toContain(key);
    expect(app.output()).not.toContain(ADMIN_KEY);
    expect(app.output()).not.toContain(METRICS_TOKEN);
  });
});

describe('an operation whose resolver throws', () => {
  it('is masked for the client, logged once with the request id, operation and stack, and counted, over HTTP, SSE and WebSocket', async () => {
    const call = restClient(url, key);
    expect((await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Broken' }) })).status).toBe(201);
    // A record no resolver expects (its samples gone): reading its sample count is a fault of ours.
    const id = await platform.records.idByName(platform.keys.partnerKey(VOICE_NAME_INDEX, 'acme'), 'Broken');
    await platform.records.update<VoiceRecord>(VOICE_KIND, id!, (voice) => ({ ...voice, samples: null as unknown as VoiceRecord['samples'] }), {
      topics: [],
    });
    const before = (await scrape()).text;
    const linesBefore = logLines().length;
    const masked = { message: 'Unexpected error.', path: ['voice', 'sampleCount'], extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    const headers = (requestId: string) => ({ 'content-type': 'application/json', 'x-api-key': key, 'x-request-id': requestId });

    const http = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: headers('broken-http'),
      body: JSON.stringify({ query: 'query Broken { voice(partner: "acme", name: "Broken") { name sampleCount } }' }),
    });
    expect(await http.json()).toEqual({ data: { voice: null }, errors: [expect.objectContaining(masked)] });

    const live = 'subscription BrokenLive { voiceUpdated(partner: "acme", name: "Broken") { name sampleCount } }';
    const sse = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { ...headers('broken-sse'), accept: 'text/event-stream' },
      body: JSON.stringify({ query: live }),
    });
    const reader = sse.body!.getReader();
    let text = '';
    while (!text.includes('\ndata: ')) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(JSON.parse(/\ndata: (.*)\n/.exec(text)![1]!)).toEqual({
      data: null,
      errors: [expect.objectContaining({ ...masked, path: ['voiceUpdated', 'sampleCount'] })],
    });

    const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'x-request-id': 'broken-ws' } });
    const messages: { type: string; payload?: unknown }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(String(data)) as { type: string }));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey: key } }));
    await waitFor(async () => messages.some((message) => message.type === 'connection_ack'), Boolean);
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: live } }));
    const next = await waitFor(
      async () => messages.find((message) => message.type === 'next'),
      (found) => found !== undefined,
    );
    socket.close();
    expect(next?.payload).toEqual({ data: null, errors: [{ ...masked, locations: expect.any(Array), path: ['voiceUpdated', 'sampleCount'] }] });

    const failures = await waitFor(
      async () => logLines().filter((line) => line.msg === 'GraphQL operation failed' && String(line.requestId).startsWith('broken-')),
      (lines) => lines.length >= 3,
    );
    expect(failures.map((line) => line.requestId).sort()).toEqual(['broken-http', 'broken-sse', 'broken-ws']);
    // Once: no other error line tells the same faults again.
    expect(
      logLines()
        .slice(linesBefore)
        .filter((line) => line.level === 50),
    ).toHaveLength(3);
    for (const line of failures) {
      expect(line).toMatchObject({
        level: 50,
        operation: expect.stringMatching(/^Broken/),
        code: 'INTERNAL_SERVER_ERROR',
        path: expect.stringMatching(/sampleCount$/),
      });
      expect((line.err as { stack: string }).stack).toContain('TypeError');
    }
    const after = (await scrape()).text;
    const counted = (operation: string) =>
      sample(after, 'graphql_unexpected_errors_total', { operation, code: 'INTERNAL_SERVER_ERROR' }) -
      sample(before, 'graphql_unexpected_errors_total', { operation, code: 'INTERNAL_SERVER_ERROR' });
    expect(counted('Broken')).toBe(1);
    expect(counted('BrokenLive')).toBe(2);
  });
});
