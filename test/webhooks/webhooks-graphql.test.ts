import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { execute } from '../support/graphql-client';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startWebhookReceiver, verifiedWebhook, type WebhookReceiver } from '../support/webhook-receiver';

const CreateWebhook = graphql(`
  mutation CreateWebhook($partner: String!, $url: String!, $events: [WebhookEvent!]!, $description: String) {
    createWebhook(partner: $partner, url: $url, events: $events, description: $description) {
      secret
      endpoint {
        id
        url
        events
        description
        status
      }
    }
  }
`);

const Webhooks = graphql(`
  query Webhooks($partner: String!) {
    webhooks(partner: $partner) {
      id
      url
      events
      status
      disabledReason
    }
  }
`);

const WebhookDeliveries = graphql(`
  query WebhookDeliveries($partner: String!, $id: ID!) {
    webhookDeliveries(partner: $partner, id: $id) {
      id
      eventId
      type
      status
      redelivery
      attempts {
        redelivery
        attempt
        statusCode
        latencyMs
        error
      }
    }
  }
`);

const RedeliverWebhook = graphql(`
  mutation RedeliverWebhook($partner: String!, $id: ID!, $deliveryId: ID!) {
    redeliverWebhook(partner: $partner, id: $id, deliveryId: $deliveryId) {
      id
      status
      redelivery
    }
  }
`);

const DeleteWebhook = graphql(`
  mutation DeleteWebhook($partner: String!, $id: ID!) {
    deleteWebhook(partner: $partner, id: $id)
  }
`);

let app: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_MS: '100' });
});

afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

describe('webhooks over GraphQL', () => {
  it('creates, lists, shows deliveries, redelivers and deletes', async () => {
    const key = await app.createKey('gql');
    const created = await execute(app.url, key, CreateWebhook, {
      partner: 'gql',
      url: receiver.url('/gql'),
      events: ['VOICE_UPDATED'],
      description: 'from GraphQL',
    });
    expect(created.errors).toBeUndefined();
    const { secret, endpoint } = created.data!.createWebhook;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url: receiver.url('/gql'), events: ['VOICE_UPDATED'], description: 'from GraphQL', status: 'ENABLED' });
    expect((await execute(app.url, key, Webhooks, { partner: 'gql' })).data!.webhooks).toEqual([
      { id: endpoint.id, url: receiver.url('/gql'), events: ['VOICE_UPDATED'], status: 'ENABLED', disabledReason: null },
    ]);

    expect((await restClient(app.url, key)('POST', '/api/voices/gql/empty', { json: { name: 'Graph' } })).status).toBe(201);
    const deliveries = await waitFor(
      async () => (await execute(app.url, key, WebhookDeliveries, { partner: 'gql', id: endpoint.id })).data?.webhookDeliveries ?? [],
      (found) => found[0]?.status === 'DELIVERED',
    );
    expect(deliveries[0]).toMatchObject({ type: 'voice.updated', redelivery: 0, attempts: [{ redelivery: 0, attempt: 1, statusCode: 200, error: null }] });
    expect(verifiedWebhook(secret, receiver.at('/gql')[0]!).type).toBe('voice.updated');

    const redelivered = await execute(app.url, key, RedeliverWebhook, { partner: 'gql', id: endpoint.id, deliveryId: deliveries[0]!.id });
    expect(redelivered.data!.redeliverWebhook).toEqual({ id: deliveries[0]!.id, status: 'PENDING', redelivery: 1 });
    await waitFor(
      async () => receiver.at('/gql'),
      (found) => found.length === 2,
    );
    expect(receiver.at('/gql')[1]!.headers['webhook-id']).toBe(deliveries[0]!.eventId);

    expect((await execute(app.url, key, DeleteWebhook, { partner: 'gql', id: endpoint.id })).data).toEqual({ deleteWebhook: true });
    expect((await execute(app.url, key, Webhooks, { partner: 'gql' })).data!.webhooks).toEqual([]);
  });

  it("refuses another partner's key and invalid input like the REST door", async () => {
    const key = await app.createKey('gql-owner');
    const created = await execute(app.url, key, CreateWebhook, { partner: 'gql-owner', url: receiver.url('/gql-owner'), events: ['ALL'] });
    const endpointId = created.data!.createWebhook.endpoint.id;
    const stranger = await app.createKey('gql-stranger');
    for (const result of [
      await execute(app.url, stranger, Webhooks, { partner: 'gql-owner' }),
      await execute(app.url, stranger, CreateWebhook, { partner: 'gql-owner', url: receiver.url('/stolen'), events: ['ALL'] }),
      await execute(app.url, stranger, WebhookDeliveries, { partner: 'gql-owner', id: endpointId }),
      await execute(app.url, stranger, RedeliverWebhook, { partner: 'gql-owner', id: endpointId, deliveryId: endpointId }),
    ]) {
      expect(result.errors?.[0]).toMatchObject({ message: 'Access denied', extensions: { code: 'FORBIDDEN' } });
    }
    const invalid = await execute(app.url, key, CreateWebhook, { partner: 'gql-owner', url: 'mailto:someone@example.com', events: ['ALL'] });
    expect(invalid.errors?.[0]).toMatchObject({ message: 'url: must be an http or https URL', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('knowledge base events', () => {
  let call: RestClient;

  beforeAll(async () => {
    call = restClient(app.url, await app.createKey('kb-events'));
  });

  it('sends document.updated and knowledge_base.embedding.updated with their GET bodies and the knowledge base name', async () => {
    const endpoint = (
      await call('POST', '/api/webhooks/kb-events', { json: { url: receiver.url('/kb'), events: ['document.updated', 'knowledge_base.embedding.updated'] } })
    ).body as { secret: string };
    expect((await call('POST', '/api/knowledgebases/kb-events', { form: await multipart({ name: 'Manual' }) })).status).toBe(201);
    const created = await call('POST', '/api/documents/kb-events/Manual/empty', { json: { name: 'Intro', type: 'file', folder: 'docs' } });
    expect(created.status).toBe(201);
    const documentEvent = await waitFor(
      async () =>
        receiver
          .at('/kb')
          .map((each) => verifiedWebhook(endpoint.secret, each))
          .find((body) => body.type === 'document.updated'),
      (found) => found !== undefined,
    );
    const { version, knowledge_base: kbName, ...document } = documentEvent!.data;
    expect(kbName).toBe('Manual');
    expect(version).toBe(1);
    expect(document).toEqual((await call('GET', `/api/document/kb-events/Manual/${created.body.id}`)).body);

    expect((await call('POST', '/api/embedding/kb-events/Manual', { json: {} })).status).toBe(202);
    const settled = await waitFor(
      async () => (await call('GET', '/api/embedding/kb-events/Manual')).body,
      (body) => body.status !== 'in_progress',
    );
    const embeddingEvents = await waitFor(
      async () =>
        receiver
          .at('/kb')
          .map((each) => verifiedWebhook(endpoint.secret, each))
          .filter((body) => body.type === 'knowledge_base.embedding.updated'),
      (found) => found.some((body) => body.data.status === settled.status),
    );
    // The new document made the embedding stale; the run's progress writes change nothing its
    // GET shows, so each state of the run is sent once.
    expect(embeddingEvents.map((body) => [body.data.status, body.data.embedding_stale])).toEqual([
      ['idle', true],
      ['in_progress', true],
      [settled.status, settled.embedding_stale],
    ]);
    const last = embeddingEvents.at(-1)!.data;
    const { version: lastVersion, knowledge_base: lastKb, ...status } = last;
    expect(lastKb).toBe('Manual');
    expect(lastVersion).toBeGreaterThan(1);
    expect(status).toEqual(settled);
  });
});
