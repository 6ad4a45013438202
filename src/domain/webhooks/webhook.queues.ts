import { z } from 'zod';
import { defineQueue, keyLane, ownerField } from '../../queues/queue-registry';
import { WEBHOOK_EVENT_TYPES } from './webhook.types';

/**
 * One delivery of one event to one receiver. The job carries the whole event, so a delivery
 * queued by a write survives a restart before its first attempt; its attempts and backoff
 * come from the configuration when it is added (WEBHOOK_ATTEMPTS, WEBHOOK_BACKOFF_MS).
 */
export const deliverWebhookQueue = defineQueue({
  name: 'webhook-deliver',
  schema: z.object({
    deliveryId: z.string(),
    /** 0 for the first series of attempts, raised by each redelivery. */
    redelivery: z.number().int().nonnegative(),
    messageId: z.string(),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    createdAt: z.string(),
    body: z.string(),
    target: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('endpoint'), endpointId: z.string(), partner: z.string() }),
      z.object({ kind: z.literal('transcript'), transcriptId: z.string(), keyId: ownerField }),
    ]),
  }),
  jobId: ({ deliveryId, redelivery }: { deliveryId: string; redelivery: number }) => `${deliveryId}_deliver_${redelivery}`,
  // A receiver's partner, or for a transcript's own webhook_url the key that submitted it.
  lane: ({ target }) => (target.kind === 'endpoint' ? target.partner : keyLane(target.keyId)),
  resource: ({ deliveryId }) => deliveryId,
});

export type DeliverWebhookJob = z.output<typeof deliverWebhookQueue.schema>;
