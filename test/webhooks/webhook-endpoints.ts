import { afterAll, beforeAll, expect } from 'vitest';
import { restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

/*
 * The receiver, the service and the endpoint helpers that the REST webhook test files share.
 * useWebhookReceiver() and useWebhookService() start them for a file's tests and close them
 * after; `receiver` and `app` are live module exports, set by that start, so a test reads them
 * as its own.
 */

export interface Delivery {
  id: string;
  event_id: string;
  type: string;
  status: string;
  error: string | null;
  attempts: { attempt: number; redelivery: number; at: string; status_code: number | null; latency_ms: number; error: string | null }[];
}

export let receiver: WebhookReceiver;
export let app: TestApp;

export function useWebhookReceiver(): void {
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
}

/** The service the tests share, able to call the receiver on loopback and quick to retry. */
export function useWebhookService(): void {
  beforeAll(async () => {
    app = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_MS: '100' });
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** Each test works for its own partner, so no endpoint hears another test's changes. */
export async function partnerClient(partner: string, target: TestApp = app): Promise<RestClient> {
  return restClient(target.url, await target.createKey(partner));
}

/** A new endpoint of `partner` at its own path of the receiver, so each test reads only its deliveries. */
export async function createEndpoint(client: RestClient, partner: string, path: string, events: string[] = ['*']) {
  const answer = await client('POST', `/api/webhooks/${partner}`, { json: { url: receiver.url(path), events, description: `test ${path}` } });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; secret: string; url: string; status: string };
}

export async function deliveriesOf(client: RestClient, partner: string, endpointId: string): Promise<Delivery[]> {
  const answer = await client('GET', `/api/webhooks/${partner}/${endpointId}/deliveries`);
  expect(answer.status).toBe(200);
  return answer.body as Delivery[];
}
