import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/test-app';
import { multipart, restClient } from '../support/rest-client';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { waitFor } from '../support/wait-for';
import { verifiedWebhook, type WebhookEnvelope } from '../support/webhook-receiver';
import { app, createEndpoint, deliveriesOf, partnerClient, receiver, useWebhookReceiver, useWebhookService } from './webhook-endpoints';

useWebhookReceiver();
useWebhookService();

describe('webhook endpoints', () => {
  it('creates an endpoint whose secret is shown once, and lists it without the secret', async () => {
    const call = await partnerClient('created');
    const created = await createEndpoint(call, 'created', '/created', ['voice.updated', 'document.updated']);
    expect(created).toMatchObject({ url: receiver.url('/created'), status: 'enabled', events: ['voice.updated', 'document.updated'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call('GET', '/api/webhooks/created');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: created.id,
        url: receiver.url('/created'),
        events: ['voice.updated', 'document.updated'],
        description: 'test /created',
        status: 'enabled',
        disabled_reason: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
  });

  it('refuses a URL that is not http(s), an unknown event and a missing event list, naming the parameter', async () => {
    const call = await partnerClient('invalid');
    const badUrl = await call('POST', '/api/webhooks/invalid', { json: { url: 'ftp://example.com/x', events: ['*'] } });
    expect(badUrl).toMatchObject({ status: 422, body: { detail: 'url: must be an http or https URL' } });
    const badEvent = await call('POST', '/api/webhooks/invalid', { json: { url: receiver.url(), events: ['voice.renamed'] } });
    expect(badEvent.status).toBe(422);
    expect(badEvent.body.detail).toMatch(/^events: unknown event type 'voice.renamed'; known: voice.updated, voice.deleted, /);
    const noEvents = await call('POST', '/api/webhooks/invalid', { json: { url: receiver.url() } });
    expect(noEvents).toMatchObject({ status: 422, body: { detail: 'events: is required' } });
    expect((await call('GET', '/api/webhooks/invalid')).body).toEqual([]);
  });

  it('deletes an endpoint, after which it is gone', async () => {
    const call = await partnerClient('deleting');
    const created = await createEndpoint(call, 'deleting', '/deleted');
    expect((await call('DELETE', `/api/webhooks/deleting/${created.id}`)).status).toBe(204);
    expect(await call('DELETE', `/api/webhooks/deleting/${created.id}`)).toMatchObject({ status: 404, body: { detail: 'Webhook not found' } });
    expect(await call('GET', `/api/webhooks/deleting/${created.id}/deliveries`)).toMatchObject({ status: 404, body: { detail: 'Webhook not found' } });
    expect((await call('POST', '/api/voices/deleting/empty', { json: { name: 'Unheard' } })).status).toBe(201);
    expect((await call('GET', '/api/webhooks/deleting')).body).toEqual([]);
  });
});

describe('when a voice changes', () => {
  it('delivers voice.updated, signed, with the voice as its GET returns it plus its version', async () => {
    const call = await partnerClient('voices');
    const endpoint = await createEndpoint(call, 'voices', '/voices', ['voice.updated']);
    const other = await createEndpoint(call, 'voices', '/documents-only', ['document.updated']);
    expect((await call('POST', '/api/voices/voices/empty', { json: { name: 'Signed' } })).status).toBe(201);
    const [delivery] = await waitFor(
      async () => receiver.at('/voices'),
      (found) => found.length >= 1,
    );
    const body = verifiedWebhook(endpoint.secret, delivery!);
    expect(body.type).toBe('voice.updated');
    expect(Date.parse(body.timestamp)).not.toBeNaN();
    const { version, ...voice } = body.data;
    expect(version).toBe(1);
    expect(voice).toEqual((await call('GET', '/api/voices/voices/Signed')).body);
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(() => verifiedWebhook(other.secret, delivery!)).toThrow();

    const [listed] = await waitFor(
      () => deliveriesOf(call, 'voices', endpoint.id),
      (found) => found[0]?.status === 'delivered',
    );
    expect(listed).toMatchObject({ event_id: delivery!.headers['webhook-id'], type: 'voice.updated', status: 'delivered' });
    expect(listed!.attempts).toEqual([expect.objectContaining({ attempt: 1, redelivery: 0, status_code: 200, error: null })]);
    expect(receiver.at('/documents-only')).toEqual([]);
  });

  it('sends each state of a split and an embedding once, and none of their progress writes', async () => {
    const dir = await makeTempDir('webhook-voice-');
    try {
      const call = await partnerClient('pipeline');
      const endpoint = await createEndpoint(call, 'pipeline', '/pipeline', ['voice.updated']);
      const recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });
      expect((await call('POST', '/api/voices/pipeline', { form: await multipart({ name: 'Spoken' }, { file: recording }) })).status).toBe(201);
      const settled = await waitFor(
        async () => (await call('GET', '/api/voices/pipeline/Spoken')).body,
        (voice) => voice.status.splitting !== 'in_progress' && voice.status.embedding !== 'in_progress' && voice.status.embedding !== 'idle',
      );
      const events = await waitFor(
        async () => receiver.at('/pipeline').map((delivery) => verifiedWebhook(endpoint.secret, delivery).data),
        (found) => found.some((data) => JSON.stringify({ ...data, version: undefined }) === JSON.stringify({ ...settled, version: undefined })),
      );
      const shown = events.sort((a, b) => a.version - b.version).map(({ version: _version, ...voice }) => JSON.stringify(voice));
      // Every event shows something the one before it did not.
      expect(shown.filter((voice, index) => index > 0 && voice === shown[index - 1])).toEqual([]);
      expect(events.map((data) => (data.status as { splitting: string }).splitting)).toContain('in_progress');
    } finally {
      await removeDir(dir);
    }
  });

  it('does not send a write that changes nothing the REST body shows', async () => {
    const call = await partnerClient('quiet');
    await createEndpoint(call, 'quiet', '/quiet', ['voice.updated']);
    expect((await call('POST', '/api/voices/quiet/empty', { json: { name: 'Quiet' } })).status).toBe(201);
    await waitFor(
      async () => receiver.at('/quiet'),
      (found) => found.length === 1,
    );
    const { records } = app.app.services.platform;
    const voiceId = await records.idByName(records.keys.partnerKey('voice-names', 'quiet'), 'Quiet');
    expect(voiceId).toBeTruthy();
    // Only the internal timestamp moves, as a progress write would.
    await records.update<{ version: number; updatedAt: string }>('voice', voiceId!, (voice) => ({ ...voice, updatedAt: new Date().toISOString() }), {
      topics: [],
    });
    expect((await call('PUT', '/api/voices/quiet/Quiet/name', { json: { name: 'Quieter' } })).status).toBe(200);
    const found = await waitFor(
      async () => receiver.at('/quiet'),
      (all) => all.length >= 2,
    );
    expect(found.map((delivery) => (JSON.parse(delivery.body) as WebhookEnvelope).data.version)).toEqual([1, 3]);
  });
});

describe('when resources are deleted', () => {
  it('delivers voice.deleted with the voice as its GET answered last', async () => {
    const call = await partnerClient('deleting-voices');
    const endpoint = await createEndpoint(call, 'deleting-voices', '/voice-deleted', ['voice.deleted']);
    expect((await call('POST', '/api/voices/deleting-voices/empty', { json: { name: 'Gone' } })).status).toBe(201);
    const last = (await call('GET', '/api/voices/deleting-voices/Gone')).body;
    expect((await call('DELETE', '/api/voices/deleting-voices/Gone')).status).toBe(204);

    const [delivery] = await waitFor(
      async () => receiver.at('/voice-deleted'),
      (found) => found.length >= 1,
    );
    const body = verifiedWebhook(endpoint.secret, delivery!);
    expect(body.type).toBe('voice.deleted');
    const { version, ...voice } = body.data;
    // Created at version 1; the deletion is the next version.
    expect(version).toBe(2);
    expect(voice).toEqual(last);
  });

  it('delivers document.deleted for a document, and only knowledge_base.deleted for a whole knowledge base', async () => {
    const call = await partnerClient('deleting-kbs');
    const endpoint = await createEndpoint(call, 'deleting-kbs', '/kb-deleted', ['document.deleted', 'knowledge_base.deleted']);
    expect((await call('POST', '/api/knowledgebases/deleting-kbs', { form: await multipart({ name: 'Shelf' }) })).status).toBe(201);
    const documents = [];
    for (const name of ['one', 'two', 'three']) {
      const created = await call('POST', '/api/documents/deleting-kbs/Shelf/empty', { json: { name, folder: 'f', type: 'file' } });
      expect(created.status).toBe(201);
      documents.push(created.body as { id: string });
    }
    const last = (await call('GET', `/api/document/deleting-kbs/Shelf/${documents[0]!.id}`)).body;
    expect((await call('DELETE', `/api/documents/deleting-kbs/Shelf/${documents[0]!.id}`)).status).toBe(204);
    const [documentDeleted] = await waitFor(
      async () => receiver.at('/kb-deleted'),
      (found) => found.length >= 1,
    );
    const document = verifiedWebhook(endpoint.secret, documentDeleted!);
    expect(document.type).toBe('document.deleted');
    const { version: _documentVersion, ...documentData } = document.data;
    expect(documentData).toEqual({ ...last, knowledge_base: 'Shelf' });

    const embedding = (await call('GET', '/api/embedding/deleting-kbs/Shelf')).body;
    expect((await call('DELETE', '/api/knowledgebases/deleting-kbs/Shelf')).status).toBe(204);
    const [, kbDeleted] = await waitFor(
      async () => receiver.at('/kb-deleted'),
      (found) => found.length >= 2,
    );
    const kb = verifiedWebhook(endpoint.secret, kbDeleted!);
    expect(kb.type).toBe('knowledge_base.deleted');
    const { version: _kbVersion, ...kbData } = kb.data;
    expect(kbData).toEqual({ ...embedding, knowledge_base: 'Shelf' });
    // The two documents removed with it send nothing of their own: only its deliveries are listed.
    const listed = await waitFor(
      () => deliveriesOf(call, 'deleting-kbs', endpoint.id),
      (found) => found.every((each) => each.status === 'delivered'),
    );
    expect(listed.map((each) => each.type).sort()).toEqual(['document.deleted', 'knowledge_base.deleted']);
    expect(receiver.at('/kb-deleted')).toHaveLength(2);
  });
});

describe('when the receiver fails', () => {
  it('retries 500s with backoff and records every attempt', async () => {
    const call = await partnerClient('flaky');
    const endpoint = await createEndpoint(call, 'flaky', '/flaky', ['voice.updated']);
    receiver.answerWith('/flaky', 500, 500);
    expect((await call('POST', '/api/voices/flaky/empty', { json: { name: 'Flaky' } })).status).toBe(201);
    const [delivery] = await waitFor(
      () => deliveriesOf(call, 'flaky', endpoint.id),
      (found) => found[0]?.status === 'delivered',
    );
    expect(delivery!.attempts.map((attempt) => [attempt.attempt, attempt.status_code, attempt.error])).toEqual([
      [1, 500, 'The receiver answered 500'],
      [2, 500, 'The receiver answered 500'],
      [3, 200, null],
    ]);
    const received = receiver.at('/flaky');
    expect(received.map((each) => each.status)).toEqual([500, 500, 200]);
    expect(new Set(received.map((each) => each.headers['webhook-id'])).size).toBe(1);
    for (const each of received) verifiedWebhook(endpoint.secret, each);
  });

  it('disables the endpoint when the receiver answers 410', async () => {
    const call = await partnerClient('gone');
    const endpoint = await createEndpoint(call, 'gone', '/gone', ['voice.updated']);
    receiver.answerWith('/gone', 410);
    expect((await call('POST', '/api/voices/gone/empty', { json: { name: 'Gone' } })).status).toBe(201);
    const [listed] = await waitFor(
      async () => (await call('GET', '/api/webhooks/gone')).body as { id: string; status: string; disabled_reason: string | null }[],
      (found) => found[0]?.status === 'disabled',
    );
    expect(listed!.disabled_reason).toBe('The receiver answered 410 Gone');
    const [delivery] = await deliveriesOf(call, 'gone', endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: [expect.objectContaining({ status_code: 410 })] });
    // A disabled endpoint hears nothing more, and its deliveries cannot be redelivered.
    expect((await call('PUT', '/api/voices/gone/Gone/name', { json: { name: 'Gone2' } })).status).toBe(200);
    const refused = await call('POST', `/api/webhooks/gone/${endpoint.id}/deliveries/${delivery!.id}/redeliver`);
    expect(refused).toMatchObject({ status: 409, body: { detail: 'Webhook endpoint is disabled' } });
    expect(await deliveriesOf(call, 'gone', endpoint.id)).toHaveLength(1);
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('delivers once a receiver that was down comes back', async () => {
    const call = await partnerClient('down');
    const endpoint = await createEndpoint(call, 'down', '/down', ['voice.updated']);
    await receiver.stop();
    try {
      expect((await call('POST', '/api/voices/down/empty', { json: { name: 'Down' } })).status).toBe(201);
      await waitFor(
        () => deliveriesOf(call, 'down', endpoint.id),
        (found) => (found[0]?.attempts.length ?? 0) >= 2,
      );
    } finally {
      await receiver.start();
    }
    const [delivery] = await waitFor(
      () => deliveriesOf(call, 'down', endpoint.id),
      (found) => found[0]?.status === 'delivered',
    );
    expect(delivery!.attempts[0]).toMatchObject({ status_code: null, error: 'Connection refused' });
    expect(delivery!.attempts.at(-1)).toMatchObject({ status_code: 200, error: null });
    expect(receiver.at('/down')).toHaveLength(1);
    verifiedWebhook(endpoint.secret, receiver.at('/down')[0]!);
  });
});

describe('when every attempt fails', () => {
  it('ends the delivery as failed after WEBHOOK_ATTEMPTS attempts, with the last reason', async () => {
    const short = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_MS: '50', WEBHOOK_ATTEMPTS: '3' });
    try {
      const call = await partnerClient('hopeless', short);
      const endpoint = await createEndpoint(call, 'hopeless', '/hopeless', ['voice.updated']);
      receiver.answerWith('/hopeless', 500, 502, 503, 504);
      expect((await call('POST', '/api/voices/hopeless/empty', { json: { name: 'Hopeless' } })).status).toBe(201);
      const [delivery] = await waitFor(
        () => deliveriesOf(call, 'hopeless', endpoint.id),
        (found) => found[0]?.status === 'failed',
      );
      expect(delivery!.attempts.map((attempt) => attempt.status_code)).toEqual([500, 502, 503]);
      expect(delivery).toMatchObject({ error: 'The receiver answered 503' });
      // A failure that is not 410 leaves the endpoint enabled.
      expect((await call('GET', '/api/webhooks/hopeless')).body[0]).toMatchObject({ status: 'enabled' });
    } finally {
      await short.close();
    }
  });
});

describe('redelivery', () => {
  it('sends the same event again in a new series of attempts', async () => {
    const call = await partnerClient('again');
    const endpoint = await createEndpoint(call, 'again', '/again', ['voice.updated']);
    expect((await call('POST', '/api/voices/again/empty', { json: { name: 'Again' } })).status).toBe(201);
    const [first] = await waitFor(
      () => deliveriesOf(call, 'again', endpoint.id),
      (found) => found[0]?.status === 'delivered',
    );
    const answer = await call('POST', `/api/webhooks/again/${endpoint.id}/deliveries/${first!.id}/redeliver`);
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ id: first!.id, status: 'pending', redelivery: 1 });
    const [again] = await waitFor(
      () => deliveriesOf(call, 'again', endpoint.id),
      (found) => found[0]?.status === 'delivered' && found[0].attempts.length === 2,
    );
    expect(again!.attempts.map((attempt) => [attempt.redelivery, attempt.attempt, attempt.status_code])).toEqual([
      [0, 1, 200],
      [1, 1, 200],
    ]);
    const received = receiver.at('/again');
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    verifiedWebhook(endpoint.secret, received[1]!);
    const unknown = await call('POST', `/api/webhooks/again/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`);
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'Delivery not found' } });
  });
});

describe("another partner's key", () => {
  it('cannot list, create, read deliveries of or redeliver to an endpoint', async () => {
    const call = await partnerClient('owner');
    const endpoint = await createEndpoint(call, 'owner', '/private', ['voice.updated']);
    expect((await call('POST', '/api/voices/owner/empty', { json: { name: 'Private' } })).status).toBe(201);
    const [delivery] = await waitFor(
      () => deliveriesOf(call, 'owner', endpoint.id),
      (found) => found.length > 0,
    );
    const stranger = await partnerClient('stranger');
    const denied = { status: 403, body: { detail: 'Access denied' } };
    expect(await stranger('GET', '/api/webhooks/owner')).toMatchObject(denied);
    expect(await stranger('POST', '/api/webhooks/owner', { json: { url: receiver.url('/stolen'), events: ['*'] } })).toMatchObject(denied);
    expect(await stranger('GET', `/api/webhooks/owner/${endpoint.id}/deliveries`)).toMatchObject(denied);
    expect(await stranger('POST', `/api/webhooks/owner/${endpoint.id}/deliveries/${delivery!.id}/redeliver`)).toMatchObject(denied);
    expect(await stranger('DELETE', `/api/webhooks/owner/${endpoint.id}`)).toMatchObject(denied);
    // Its own partner's routes do not reach the other partner's endpoint either.
    expect(await stranger('GET', `/api/webhooks/stranger/${endpoint.id}/deliveries`)).toMatchObject({ status: 404, body: { detail: 'Webhook not found' } });
    expect(await restClient(app.url)('GET', '/api/webhooks/owner')).toMatchObject({ status: 401, body: { detail: 'Invalid API key' } });
    expect((await call('GET', '/api/webhooks/owner')).body).toHaveLength(1);
  });
});

describe('without ALLOW_PRIVATE_URLS', () => {
  it('refuses a loopback URL when an endpoint is created or a transcript names it', async () => {
    const strict = await startTestApp({});
    try {
      const client = await partnerClient('strict', strict);
      const answer = await client('POST', '/api/webhooks/strict', { json: { url: receiver.url(), events: ['*'] } });
      expect(answer).toMatchObject({
        status: 422,
        body: {
          detail:
            'url: must be reachable: the host resolves to a private or loopback address (127.0.0.1); the service calls these only with ALLOW_PRIVATE_URLS=true',
        },
      });
      expect((await client('GET', '/api/webhooks/strict')).body).toEqual([]);
      const transcript = await client('POST', '/v2/transcript', { json: { audio_url: 'https://example.com/a.mp3', webhook_url: 'http://localhost:9/hook' } });
      expect(transcript).toMatchObject({
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: {
            webhook_url: [
              expect.stringMatching(
                /^The webhook url field must be reachable: the host resolves to a private or loopback address \(.+\); the service calls these only with ALLOW_PRIVATE_URLS=true\.$/,
              ),
            ],
          },
        },
      });
    } finally {
      await strict.close();
    }
  });
});
