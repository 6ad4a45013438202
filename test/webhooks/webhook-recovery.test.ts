import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { restClient } from '../support/rest-client';
import { deliverWebhookQueue } from '../../src/domain/webhooks/webhook.queues';
import { reconcile } from '../../src/workers/reconciler';
import { startTestRedis } from '../support/redis-server';
import { waitFor } from '../support/wait-for';
import { verifiedWebhook } from '../support/webhook-receiver';
import { createEndpoint, deliveriesOf, partnerClient, receiver, useWebhookReceiver } from './webhook-endpoints';

useWebhookReceiver();

describe('when the service restarts between attempts', () => {
  it('loses no delivery', async () => {
    const redis = await startTestRedis();
    const env = { ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_MS: '4000' };
    let first: TestApp | null = await startTestApp(env, redis);
    let second: TestApp | null = null;
    try {
      const key = await first.createKey('restart');
      const endpoint = await createEndpoint(restClient(first.url, key), 'restart', '/restart', ['voice.updated']);
      receiver.answerWith('/restart', 503);
      expect((await restClient(first.url, key)('POST', '/api/voices/restart/empty', { json: { name: 'Restart' } })).status).toBe(201);
      await waitFor(
        async () => receiver.at('/restart'),
        (found) => found.length === 1,
      );
      await first.close();
      first = null;
      const restartedAt = new Date().toISOString();

      second = await startTestApp(env, redis);
      const call = restClient(second.url, key);
      const [delivery] = await waitFor(
        () => deliveriesOf(call, 'restart', endpoint.id),
        (found) => found[0]?.status === 'delivered',
      );
      expect(delivery!.attempts.map((attempt) => attempt.status_code)).toEqual([503, 200]);
      expect(delivery!.attempts[1]!.at > restartedAt).toBe(true);
      expect(receiver.at('/restart')).toHaveLength(2);
      verifiedWebhook(endpoint.secret, receiver.at('/restart')[1]!);
    } finally {
      await first?.close();
      await second?.close();
      await redis.stop();
    }
  });
});

describe('when a pending delivery has lost its job', () => {
  it('is queued again by the reconciler from its record', async () => {
    const slow = await startTestApp({ ALLOW_PRIVATE_URLS: 'true', WEBHOOK_BACKOFF_MS: '600000', RECONCILE_INTERVAL_SECONDS: '3600' });
    try {
      const call = await partnerClient('lost', slow);
      const endpoint = await createEndpoint(call, 'lost', '/lost', ['voice.updated']);
      receiver.answerWith('/lost', 503);
      expect((await call('POST', '/api/voices/lost/empty', { json: { name: 'Lost' } })).status).toBe(201);
      const [pending] = await waitFor(
        () => deliveriesOf(call, 'lost', endpoint.id),
        (found) => found[0]?.attempts.length === 1,
      );
      // The retry waits ten minutes; taking it off the queue is what a Redis failover could do.
      const { platform } = slow.app.services;
      const jobId = deliverWebhookQueue.jobId({ deliveryId: pending!.id, redelivery: 0 });
      await platform.queues.get(deliverWebhookQueue).remove(jobId);
      expect(await reconcile(platform, slow.app.services.inFlight, 0)).toEqual({ requeued: 1, failed: 0, relaned: 0 });
      const [delivery] = await waitFor(
        () => deliveriesOf(call, 'lost', endpoint.id),
        (found) => found[0]?.status === 'delivered',
      );
      expect(delivery!.attempts.map((attempt) => attempt.status_code)).toEqual([503, 200]);
      verifiedWebhook(endpoint.secret, receiver.at('/lost')[1]!);
    } finally {
      await slow.close();
    }
  });
});
