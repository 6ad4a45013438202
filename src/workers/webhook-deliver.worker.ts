import type { Job } from 'bullmq';
import { JobFailure } from '../domain/shared/job-failure';
import type { WebhookDeliveryService } from '../domain/webhooks/webhook-delivery.service';
import type { WebhookSender } from '../domain/webhooks/webhook.ports';
import { deliverWebhookQueue, type DeliverWebhookJob } from '../domain/webhooks/webhook.queues';
import type { JobProcessor } from './worker-runner';

// Deliveries spend their time waiting on receivers (up to the timeout each), not on this
// process's CPU, so one process keeps many in flight.
const CONCURRENCY = 16;

/**
 * One attempt of one delivery per run: a failed attempt throws, and BullMQ retries it with
 * the exponential backoff it was queued with; the last failure ends the delivery as failed.
 */
export function deliverWebhookProcessor(deps: { deliveries: WebhookDeliveryService; sender: WebhookSender }): JobProcessor<typeof deliverWebhookQueue> {
  const { deliveries, sender } = deps;
  return {
    queue: deliverWebhookQueue,
    concurrency: CONCURRENCY,
    async process(job: Job<DeliverWebhookJob>) {
      const request = await deliveries.prepare(job.data);
      if (!request) return;
      const result = await sender.send(request);
      const outcome = await deliveries.recordAttempt(job.data, job.attemptsMade + 1, result);
      if (outcome === 'retry') throw new JobFailure(result.error ?? `The receiver answered ${result.statusCode}`);
    },
    failed: async (job, reason) => {
      await deliveries.fail(job.data, reason);
    },
  };
}
