import type { JobOrigin, QueueRegistry } from '../../queues/queue-registry';
import { deliverWebhookQueue, type DeliverWebhookJob } from '../../queues/webhook.queues';

export interface DeliveryRetries {
  /** Attempts per delivery (WEBHOOK_ATTEMPTS). */
  attempts: number;
  /** The first retry's delay; each later one doubles it (WEBHOOK_BACKOFF_MS). */
  backoffMs: number;
}

/** Queues deliveries with the deployment's retry schedule. */
export class WebhookJobs {
  constructor(
    private readonly queues: QueueRegistry,
    private readonly retries: DeliveryRetries,
  ) {}

  async add(deliveries: DeliverWebhookJob[], origin?: JobOrigin): Promise<void> {
    await this.queues.addBulk(deliverWebhookQueue, deliveries, origin, {
      attempts: this.retries.attempts,
      // Jitter spreads the retries of many deliveries that failed together (a receiver outage).
      backoff: { type: 'exponential', delay: this.retries.backoffMs, jitter: 0.2 },
    });
  }
}
