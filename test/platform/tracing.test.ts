import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { protobufSpanNames, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { dropRawPeers, openRawPeer } from '../support/raw-websocket';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { serveFiles, type FileServer } from '../v2/helpers';

// What must never reach a span, an event or a resource attribute.
const ENGINE_KEY = 'engine-key-secret-5a7f3c';
const WEBHOOK_SECRET = 'webhook-secret-9b1d4e';
const URL_TOKEN = 'signed-url-token-2c8e6a';
const ADMIN_KEY = 'admin-key-secret-for-tracing-0123456789';
const TRANSCRIPT = 'Confidential words from the recording.';
// The caller's own trace, continued by the service.
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const SOCKET_TRACE = '0af7651916cd43dd8448eb211c80319c';
const MUTATION_TRACE = '5e0c63257de34c92bf9efcd03927272e';
const BUILD_TRACE = '7d3f1a2b9c8e4f6a0b1c2d3e4f5a6b7c';
const DIARIZED_TRACE = '1e2d3c4b5a6978800112233445566778';
const PLAIN_TRACE = '9a8b7c6d5e4f30211203948576abcdef';

let redis: TestRedis;
let dir: string;
let engine: OpenAiCompatibleServer;
let files: FileServer;
let webhooks: WebhookReceiver;
let collector: OtlpReceiver;
let keys: TestApp;
let traced: AppProcess | undefined;
let apiKey: string;

beforeAll(async () => {
  dir = await makeTempDir('tracing-');
  await makeSine(join(dir, 'tone.mp3'), { seconds: 2 });
  redis = await startTestRedis();
  engine = await startOpenAiCompatibleServer({ apiKey: ENGINE_KEY, transcript: TRANSCRIPT });
  files = await serveFiles({ [`tone.mp3?token=${URL_TOKEN}`]: { path: join(dir, 'tone.mp3'), contentType: 'audio/mpeg' } });
  webhooks = await startWebhookReceiver();
  collector = await startOtlpReceiver();
  // Keys are made through the store, by an API process of the same deployment that traces nothing.
  keys = await startTestApp({ ROLE: 'api' }, redis);
  apiKey = await keys.createKey('acme');
}, 60_000);

afterAll(async () => {
  traced?.kill('SIGKILL');
  await keys?.close();
  await engine?.close();
  await files?.close();
  await webhooks?.close();
  await collector?.close();
  await redis?.stop();
  await removeDir(dir);
});

function environment(extra: Record<string, string>): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    ...redis.env,
    REDIS_PREFIX: redis.prefix,
    DATA_DIR: join(dir, `data-${Math.random().toString(36).slice(2)}`),
    LOG_LEVEL: 'info',
    ALLOW_PRIVATE_URLS: 'true',
    ADMIN_API_KEY: ADMIN_KEY,
    ASR_BASE_URL: engine.baseUrl,
    ASR_API_KEY: ENGINE_KEY,
    SHUTDOWN_GRACE_SECONDS: '5',
    ...extra,
  };
}

/** Has the process write every module it resolves to `file` (test/support/module-log.mjs). */
function moduleLog(file: string): Record<string, string> {
  return { NODE_OPTIONS: `--import=${join(import.meta.dirname, '../support/module-log.mjs')}`, MODULE_LOG_FILE: file };
}

function urlOf(process: AppProcess): string {
  return /listening on (http:\/\/\S+)/.exec(process.output())![1]!;
}

async function stopped(process: AppProcess): Promise<void> {
  process.kill('SIGTERM');
  expect(await process.exited).toBe(0);
}

describe('one trace per piece of work', () => {
  it('follows a transcript from the POST through the queue, the worker, each engine call and retry, and its webhook', async () => {
    engine.setBehaviour({ failures: { transcriptions: { status: 503, message: 'warming up', times: 1 } } });
    const loaded = join(dir, 'loaded-modules-traced.txt');
    traced = await startAppProcess(
      environment({
        ...moduleLog(loaded),
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_TRACES_SAMPLER: 'always_on',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test',
      }),
    );
    const call = restClient(urlOf(traced), apiKey);
    const submitted = await call('POST', '/v2/transcript', {
      json: {
        audio_url: files.url(`tone.mp3?token=${URL_TOKEN}`),
        webhook_url: webhooks.url('/done'),
        webhook_auth_header_name: 'X-Receiver-Token',
        webhook_auth_header_value: WEBHOOK_SECRET,
      },
      headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    });
    expect(submitted.status).toBe(200);
    const done = await waitFor(
      () => call('GET', submitted.body.id),
      (current) => current.body?.status === 'completed' || current.body?.status === 'error',
    );
    expect(done.body.status).toBe('completed');
    await waitFor(
      async () => webhooks.at('/done'),
      (found) => found.length === 1,
    );
    // A graceful stop sends what is still buffered.
    await stopped(traced);
    // The module log sees the SDK when it is loaded: its absence below means something.
    expect((await readFile(loaded, 'utf8')).split('\n').filter((url) => url.includes('/@opentelemetry/sdk-trace-base/'))).not.toEqual([]);
    const lines = traced
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    traced = undefined;

    const trace = collector.spans.filter((span) => span.traceId === CALLER_TRACE);
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    const parentOf = (span: ReceivedSpan) => byId.get(span.parentSpanId);
    const named = (name: string) => trace.filter((span) => span.name === name);

    // The server span continues the caller's trace, with the HTTP semantic conventions.
    const [server] = named('POST /v2/transcript');
    expect(server).toBeDefined();
    expect(server!.parentSpanId).toBe(CALLER_SPAN);
    expect(server!.kind).toBe(2);
    expect(server!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/v2/transcript',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
    });
    expect(server!.resource).toMatchObject({ 'service.name': 'persona-platform', 'deployment.environment': 'test' });

    // The worker's span is the request's child, with the messaging conventions and the job's own words.
    const [job] = named('process transcribe');
    expect(job).toBeDefined();
    expect(parentOf(job!)).toBe(server);
    expect(job!.kind).toBe(5);
    expect(job!.attributes).toMatchObject({
      'messaging.system': 'bullmq',
      'messaging.destination.name': 'transcribe',
      'messaging.message.id': expect.any(String),
      'job.attempt': 1,
      'resource.kind': 'transcript',
      'resource.id': expect.any(String),
      'api_key.id': expect.any(String),
    });
    expect(job!.attributes['fair_share.wait_ms']).toBeGreaterThanOrEqual(0);

    // Every engine call is the job's child: the download, the audio tools, each speech-to-text attempt.
    const children = trace.filter((span) => span.parentSpanId === job!.spanId);
    const download = children.find((span) => span.name === 'http GET');
    expect(download?.attributes).toMatchObject({ 'http.response.status_code': 200, 'server.address': '127.0.0.1' });
    expect(children.some((span) => /^run ff(mpeg|probe)$/.test(span.name))).toBe(true);
    const recognitions = children.filter((span) => span.name === 'speech-to-text POST');
    expect(recognitions.map((span) => span.attributes['http.response.status_code'])).toEqual([503, 200]);
    expect(recognitions.map((span) => span.status.code)).toEqual([2, 0]);

    // The webhook delivery is in the same trace, under the job whose write announced it.
    const [delivery] = named('process webhook-deliver');
    expect(delivery).toBeDefined();
    expect(parentOf(delivery!)).toBe(job);
    const posted = trace.find((span) => span.parentSpanId === delivery!.spanId && span.name === 'http POST');
    expect(posted?.attributes['http.response.status_code']).toBe(200);

    // The request's and the jobs' log lines name the trace.
    const traceLines = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.trace_id === CALLER_TRACE);
    expect(traceLines.some((line) => line.msg === 'request completed' && line.span_id === server!.spanId)).toBe(true);
    expect(traceLines.some((line) => line.msg === 'job started' && line.span_id === job!.spanId)).toBe(true);
    expect(traceLines.some((line) => line.msg === 'job ended' && line.span_id === delivery!.spanId)).toBe(true);

    // No secret, no content, in anything exported.
    const exported = collector.bodies.map((body) => body.toString('utf8')).join('\n');
    for (const secret of [apiKey, ENGINE_KEY, WEBHOOK_SECRET, URL_TOKEN, ADMIN_KEY, TRANSCRIPT, 'Confidential']) expect(exported).not.toContain(secret);
  }, 120_000);

  it("continues the caller trace of GraphQL over HTTP (a mutation's job too) and over graphql-ws (from connection_init), and sends protobuf by default", async () => {
    const firstBody = collector.bodies.length;
    const app = await startAppProcess(environment({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces` }));
    const answer = await fetch(`${urlOf(app)}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey, traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      body: JSON.stringify({ query: '{ me { partners } }' }),
    });
    expect(answer.status).toBe(200);
    // A mutation over HTTP runs with its span active, so the job it queues joins the caller's
    // trace: found by the operation's type (`operationName` picks it from a document that also
    // holds a query), as the pipeline parses it, not by a word in the text.
    const graphql = async (body: object, headers: Record<string, string> = {}) => {
      const response = await fetch(`${urlOf(app)}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey, ...headers },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: Record<string, { id: string; status: string }> }).data;
    };
    const submitted = await graphql(
      {
        query: `query Read { me { partners } } mutation Submit { submitTranscript(input: { audioUrl: "${files.url(`tone.mp3?token=${URL_TOKEN}`)}" }) { id } }`,
        operationName: 'Submit',
      },
      { traceparent: `00-${MUTATION_TRACE}-${CALLER_SPAN}-01` },
    );
    const id = submitted.submitTranscript!.id;
    const finished = await waitFor(
      () => graphql({ query: 'query Status($id: ID!) { transcript(id: $id) { id status } }', variables: { id } }),
      (data) => data.transcript?.status === 'COMPLETED' || data.transcript?.status === 'ERROR',
    );
    expect(finished.transcript!.status).toBe('COMPLETED');
    const peer = await openRawPeer(`${urlOf(app).replace(/^http/, 'ws')}/graphql`);
    peer.send({ type: 'connection_init', payload: { 'x-api-key': apiKey, traceparent: `00-${SOCKET_TRACE}-${CALLER_SPAN}-01` } });
    await peer.receive((message) => message.type === 'connection_ack');
    peer.send({ id: '1', type: 'subscribe', payload: { query: 'query Who { me { partners } }' } });
    await peer.receive((message) => message.type === 'complete');
    dropRawPeers();
    await stopped(app);
    const spans = collector.bodies.slice(firstBody).flatMap((body) => protobufSpanNames(body));
    expect(spans).toContainEqual({ traceId: CALLER_TRACE, name: 'POST /graphql' });
    expect(spans).toContainEqual({ traceId: SOCKET_TRACE, name: 'graphql-ws query Who' });
    expect(spans).toContainEqual({ traceId: MUTATION_TRACE, name: 'POST /graphql' });
    expect(spans).toContainEqual({ traceId: MUTATION_TRACE, name: 'process transcribe' });
    const bodies = collector.bodies.map((body) => body.toString('latin1')).join('');
    expect(bodies).not.toContain(apiKey);
  }, 60_000);

  it('names a diarizing speech-to-text call apart from a plain one at the same address and path', async () => {
    // ASR_DIARIZE_BASE_URL unset: both models at ASR_BASE_URL's /audio/transcriptions, as at OpenAI.
    const app = await startAppProcess(
      environment({
        ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_TRACES_SAMPLER: 'always_on',
        LOG_LEVEL: 'silent',
      }),
    );
    const call = restClient(urlOf(app), apiKey);
    const transcribe = async (traceId: string, fields: Record<string, unknown>) => {
      const submitted = await call('POST', '/v2/transcript', {
        json: { audio_url: files.url(`tone.mp3?token=${URL_TOKEN}`), ...fields },
        headers: { traceparent: `00-${traceId}-${CALLER_SPAN}-01` },
      });
      expect(submitted.status).toBe(200);
      return waitFor(
        () => call('GET', submitted.body.id),
        (current) => current.body?.status === 'completed' || current.body?.status === 'error',
      );
    };
    const diarized = await transcribe(DIARIZED_TRACE, { speaker_labels: true });
    expect(diarized.body.status).toBe('completed');
    expect(diarized.body.utterances.map((utterance: { speaker: string }) => utterance.speaker)).toContain('A');
    expect((await transcribe(PLAIN_TRACE, {})).body.status).toBe('completed');
    await stopped(app);

    const engineCalls = (traceId: string) =>
      collector.spans
        .filter((span) => span.traceId === traceId && span.kind === 3 && span.name.endsWith(' POST'))
        .map((span) => [span.name, span.attributes.engine, span.attributes['http.response.status_code']]);
    expect(engineCalls(DIARIZED_TRACE)).toEqual([['diarizing-speech-to-text POST', 'diarizing-speech-to-text', 200]]);
    expect(engineCalls(PLAIN_TRACE)).toEqual([['speech-to-text POST', 'speech-to-text', 200]]);
  }, 60_000);

  it('sends its spans from the export thread of the build, as npm start runs it', async () => {
    const app = await startAppProcess(
      environment({
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        LOG_LEVEL: 'silent',
      }),
      { via: 'npm' },
    );
    try {
      const call = restClient(urlOf(app), apiKey);
      const traceparent = `00-${BUILD_TRACE}-${CALLER_SPAN}-01`;
      expect((await call('GET', '/api/voices/acme', { headers: { traceparent } })).status).toBe(200);
      const span = await waitFor(
        async () => collector.spans.find((each) => each.traceId === BUILD_TRACE),
        (found) => found !== undefined,
        20_000,
      );
      expect(span).toMatchObject({ name: 'GET /api/voices/:partner', kind: 2, parentSpanId: CALLER_SPAN, attributes: { 'http.response.status_code': 200 } });
    } finally {
      await stopped(app);
    }
  }, 60_000);

  it('loads no tracing SDK and sends nothing when no endpoint is set', async () => {
    const requests = collector.requests;
    const loaded = join(dir, 'loaded-modules.txt');
    const app = await startAppProcess(environment({ ...moduleLog(loaded), LOG_LEVEL: 'silent' }));
    const call = restClient(urlOf(app), apiKey);
    expect((await call('GET', '/v2/transcript')).status).toBeLessThan(500);
    await stopped(app);
    const modules = (await readFile(loaded, 'utf8')).split('\n').filter(Boolean);
    // The log works (the service's own modules are in it), and no OpenTelemetry module but the API facade is.
    expect(modules.some((url) => url.endsWith('/src/main.ts'))).toBe(true);
    const telemetry = modules.filter((url) => url.includes('/@opentelemetry/'));
    expect(telemetry.filter((url) => !url.includes('/@opentelemetry/api/'))).toEqual([]);
    expect(collector.requests).toBe(requests);
  }, 60_000);
});
