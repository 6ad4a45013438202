import { z } from 'zod';
import { recordLayout } from '../shared/record-layout';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_FILTERS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from './webhook.types';

// Webhook endpoints and deliveries as stored. Layout 1 is every record written before records
// said their layout; what was added since the first of them has a default here, the value a
// record written before it reads with (see the record types for what each field means).

const webhookEndpointRecord = z.object({
  id: z.string(),
  partner: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_FILTERS)),
  description: z.string().nullable(),
  secret: z.string(),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/** Layout 2: an endpoint as the first layout had it, written with its version. */
export const WEBHOOK_ENDPOINT_LAYOUT = recordLayout<WebhookEndpointRecord>()({ version: 2, schema: webhookEndpointRecord });

const webhookDeliveryRecord = z.object({
  id: z.string(),
  messageId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('endpoint'), endpointId: z.string(), partner: z.string() }),
    z.object({ kind: z.literal('transcript'), transcriptId: z.string(), keyId: z.string().default('') }),
  ]),
  body: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  redelivery: z.number(),
  attempts: z.array(
    z.object({
      redelivery: z.number(),
      attempt: z.number(),
      at: z.string(),
      statusCode: z.number().nullable(),
      latencyMs: z.number(),
      error: z.string().nullable(),
    }),
  ),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});

/** Layout 2: every field a delivery has now, written with its version. */
export const WEBHOOK_DELIVERY_LAYOUT = recordLayout<WebhookDeliveryRecord>()({ version: 2, schema: webhookDeliveryRecord });
