import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { execute } from '../support/graphql-client';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startWebhookReceiver, verifiedWebhook, type WebhookReceiver } from '../support/webhook-receiver';
import { serveFiles, type FileServer } from '../v2/helpers';

const ADMIN_KEY = 'admin-key-for-webhook-tests-0123456789';

const SubmitTranscriptWithWebhook = graphql(`
  mutation SubmitTranscriptWithWebhook($input: SubmitTranscriptInput!) {
    submitTranscript(input: $input) {
      id
      status
    }
  }
`);

let app: TestApp;
let engine: OpenAiCompatibleServer;
let files: FileServer;
let receiver: WebhookReceiver;
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir('webhook-transcripts-');
  await makeSine(join(dir, 'tone.mp3'), { seconds: 2 });
  await writeFile(join(dir, 'notes.txt'), 'these are not audio samples\n'.repeat(50));
  engine = await startOpenAiCompatibleServer();
  files = await serveFiles({
    'tone.mp3': { path: join(dir, 'tone.mp3'), contentType: 'audio/mpeg' },
    'notes.txt': { path: join(dir, 'notes.txt'), contentType: 'audio/mpeg' },
  });
  receiver = await startWebhookReceiver();
  app = await startTestApp({
    ASR_BASE_URL: engine.baseUrl,
    LLM_BASE_URL: engine.baseUrl,
    ALLOW_PRIVATE_URLS: 'true',
    ADMIN_API_KEY: ADMIN_KEY,
    WEBHOOK_BACKOFF_MS: '100',
  });
});

afterAll(async () => {
  await app?.close();
  await engine?.close();
  await files?.close();
  await receiver?.close();
  await removeDir(dir);
});

async function endpointFor(client: RestClient, partner: string, path: string, events: string[]) {
  const answer = await client('POST', `/api/webhooks/${partner}`, { json: { url: receiver.url(path), events } });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; secret: string };
}

async function finished(client: RestClient, id: string) {
  const answer = await waitFor(
    () => client('GET', id),
    (current) => current.body?.status === 'completed' || current.body?.status === 'error',
  );
  return answer.body as Record<string, unknown>;
}

describe('a transcript with webhook_url', () => {
  it('POSTs the finished transcript as its GET returns it, with the auth header, and never shows the header value', async () => {
    const call = restClient(app.url, await app.createKey('tx-own'));
    const submitted = await call('POST', '/v2/transcript', {
      json: {
        audio_url: files.url('tone.mp3'),
        webhook_url: receiver.url('/transcript-done'),
        webhook_auth_header_name: 'X-Receiver-Token',
        webhook_auth_header_value: 'let-me-in',
      },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toEqual({ id: expect.stringMatching(/^\/v2\/transcript\//), status: 'queued' });
    const done = await finished(call, submitted.body.id);
    expect(done.status).toBe('completed');
    expect(JSON.stringify(done)).not.toContain('let-me-in');

    const [delivery] = await waitFor(
      async () => receiver.at('/transcript-done'),
      (found) => found.length === 1,
    );
    expect(delivery!.headers['x-receiver-token']).toBe('let-me-in');
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_/);
    expect(JSON.parse(delivery!.body)).toEqual(done);
  });

  it('retries a failing receiver like any delivery, and reports an error transcript too', async () => {
    const call = restClient(app.url, await app.createKey('tx-retry'));
    receiver.answerWith('/transcript-retry', 503, 500);
    const submitted = await call('POST', '/v2/transcript', { json: { audio_url: files.url('notes.txt'), webhook_url: receiver.url('/transcript-retry') } });
    expect(submitted.status).toBe(200);
    const done = await finished(call, submitted.body.id);
    expect(done).toMatchObject({ status: 'error', error: 'The audio is not readable audio' });
    const received = await waitFor(
      async () => receiver.at('/transcript-retry'),
      (found) => found.length === 3,
    );
    expect(received.map((each) => each.status)).toEqual([503, 500, 200]);
    for (const each of received) expect(JSON.parse(each.body)).toEqual(done);
    expect(received[0]!.headers['webhook-signature']).toBeUndefined();
  });

  it('is taken by GraphQL too', async () => {
    const key = await app.createKey('tx-graphql');
    const submitted = await execute(app.url, key, SubmitTranscriptWithWebhook, {
      input: {
        audioUrl: files.url('tone.mp3'),
        webhookUrl: receiver.url('/transcript-graphql'),
        webhookAuthHeaderName: 'Authorization',
        webhookAuthHeaderValue: 'Bearer t0ken',
      },
    });
    expect(submitted.errors).toBeUndefined();
    const done = await finished(restClient(app.url, key), submitted.data!.submitTranscript.id);
    const [delivery] = await waitFor(
      async () => receiver.at('/transcript-graphql'),
      (found) => found.length === 1,
    );
    expect(delivery!.headers.authorization).toBe('Bearer t0ken');
    expect(JSON.parse(delivery!.body)).toEqual(done);
  });

  it('refuses webhook parameters that do not fit, in the /v2 422 format', async () => {
    const call = restClient(app.url, await app.createKey('tx-invalid'));
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ webhook_url: 'not a url' }, { webhook_url: ['The webhook url field must be a valid URL.'] }],
      [
        { webhook_url: receiver.url(), webhook_auth_header_name: 'X-Token' },
        { webhook_auth_header_value: ['The webhook auth header value field is required when webhook auth header name is present.'] },
      ],
      [
        { webhook_auth_header_name: 'X-Token', webhook_auth_header_value: 'v' },
        { webhook_url: ['The webhook url field is required when webhook auth header name is present.'] },
      ],
      [
        { webhook_url: receiver.url(), webhook_auth_header_name: 'Bad Header', webhook_auth_header_value: 'v' },
        { webhook_auth_header_name: ['The webhook auth header name field must be a valid HTTP header name.'] },
      ],
      [
        { webhook_url: receiver.url(), webhook_auth_header_name: 'Webhook-Signature', webhook_auth_header_value: 'v' },
        { webhook_auth_header_name: ['The webhook auth header name field must not name a header the service sets itself.'] },
      ],
      [
        { webhook_url: receiver.url(), webhook_auth_header_name: 'X-Token', webhook_auth_header_value: 'a\r\nInjected: yes' },
        { webhook_auth_header_value: ['The webhook auth header value field must not contain line breaks.'] },
      ],
    ];
    for (const [params, errors] of cases) {
      const answer = await call('POST', '/v2/transcript', { json: { audio_url: files.url('tone.mp3'), ...params } });
      expect(answer).toMatchObject({ status: 422, body: { message: 'The given data was invalid.', errors } });
    }
  });
});

describe("a key's transcripts and completions", () => {
  it("go to the endpoints of the key's partners, signed, with the GET body and its version", async () => {
    const call = restClient(app.url, await app.createKey('tx-a', 'tx-b'));
    const partnerA = await endpointFor(call, 'tx-a', '/tx-a', ['transcript.completed', 'transcript.error']);
    const partnerB = await endpointFor(call, 'tx-b', '/tx-b', ['*']);
    const submitted = await call('POST', '/v2/transcript', { json: { audio_url: files.url('tone.mp3') } });
    const done = await finished(call, submitted.body.id);

    for (const [path, endpoint] of [
      ['/tx-a', partnerA],
      ['/tx-b', partnerB],
    ] as const) {
      const [delivery] = await waitFor(
        async () => receiver.at(path),
        (found) => found.length === 1,
      );
      const body = verifiedWebhook(endpoint.secret, delivery!);
      expect(body.type).toBe('transcript.completed');
      const { version, ...transcript } = body.data;
      expect(transcript).toEqual(done);
      expect(version).toBeGreaterThan(1);
    }

    const completion = await call('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'Hello there' }] } } });
    expect(completion.status).toBe(200);
    const settled = await waitFor(
      () => call('GET', completion.body.id),
      (answer) => answer.body?.state !== 'in-progress',
    );
    const [delivery] = await waitFor(
      async () => receiver.at('/tx-b').filter((each) => each.body.includes('completion.')),
      (found) => found.length === 1,
    );
    const body = verifiedWebhook(partnerB.secret, delivery!);
    expect(body.type).toBe('completion.completed');
    const { version: _version, ...data } = body.data;
    expect(data).toEqual(settled.body);
    // The endpoint of tx-a listens for transcripts only.
    expect(receiver.at('/tx-a')).toHaveLength(1);
  });

  it("of the admin key go only to the transcript's own webhook_url", async () => {
    const call = restClient(app.url, await app.createKey('tx-admin'));
    await endpointFor(call, 'tx-admin', '/tx-admin-endpoint', ['*']);
    const admin = restClient(app.url, ADMIN_KEY);
    const submitted = await admin('POST', '/v2/transcript', { json: { audio_url: files.url('tone.mp3'), webhook_url: receiver.url('/tx-admin-own') } });
    const done = await finished(admin, submitted.body.id);
    const [delivery] = await waitFor(
      async () => receiver.at('/tx-admin-own'),
      (found) => found.length === 1,
    );
    expect(JSON.parse(delivery!.body)).toEqual(done);
    // A voice change of the same partner reaches its endpoint, and nothing of the transcript did.
    expect((await call('POST', '/api/voices/tx-admin/empty', { json: { name: 'Marker' } })).status).toBe(201);
    const [marker] = await waitFor(
      async () => receiver.at('/tx-admin-endpoint'),
      (found) => found.length >= 1,
    );
    expect(JSON.parse(marker!.body).type).toBe('voice.updated');
    expect(receiver.at('/tx-admin-endpoint')).toHaveLength(1);
  });
});
