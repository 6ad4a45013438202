import type { JobOrigin, QueueRegistry } from '../../queues/queue-registry';
import { deliverWebhookQueue, type DeliverWebhookJob } from './webhook.queues';
import type { WebhookOutboxEntry } from './webhook-dispatcher';

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

  /**
   * The deliveries a write left in the outbox (see WebhookDispatcher). Their ids were made with
   * the write, so handing an entry on again (a drainer died before settling it) adds nothing:
   * a job with the same id is not added twice, and a delivery already made is not made again.
   */
  async addFromOutbox(entry: string): Promise<void> {
    const { webhooks } = JSON.parse(entry) as WebhookOutboxEntry;
    await this.add(webhooks);
  }

  async add(deliveries: DeliverWebhookJob[], origin?: JobOrigin): Promise<void> {
    await this.queues.addBulk(deliverWebhookQueue, deliveries, origin, {
      attempts: this.retries.attempts,
      // Jitter spreads the retries of many deliveries that failed together (a receiver outage).
      backoff: { type: 'exponential', delay: this.retries.backoffMs, jitter: 0.2 },
    });
  }
}
