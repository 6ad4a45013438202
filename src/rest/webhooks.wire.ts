import { z } from 'zod';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_FILTERS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from '../domain/webhooks/webhook.types';

// The webhook routes' JSON. Each answer has a schema (the OpenAPI document shows it, and the
// REST tests hold every answer to it) and a function typed by that schema, so the two cannot disagree.

const timestamp = z.string().meta({ format: 'date-time' });

export const webhookEndpointSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    url: z.string().meta({ description: 'Where the events are POSTed.' }),
    events: z.array(z.enum(WEBHOOK_EVENT_FILTERS)).meta({ description: 'The event types it receives; * for all of them.' }),
    description: z.string().nullable(),
    status: z.enum(WEBHOOK_ENDPOINT_STATUSES).meta({ description: 'disabled once the receiver answered 410 Gone: it receives nothing more.' }),
    disabled_reason: z.string().nullable().meta({ description: 'Why the service stopped delivering to it.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'WebhookEndpoint', description: 'A partner’s webhook endpoint, without its secret.' });

export const createdWebhookSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({ description: 'whsec_ and the base64 signing key, as Standard Webhooks libraries take it; shown in this answer only.' }),
  })
  .meta({ id: 'CreatedWebhookEndpoint', description: 'A new webhook endpoint with its signing secret.' });

export const webhookDeliverySchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    event_id: z.string().meta({ description: 'Sent as webhook-id; the same on every attempt and redelivery.' }),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    error: z.string().nullable().meta({ description: 'Why the delivery failed.' }),
    redelivery: z.int().min(0).meta({ description: 'How many times it was redelivered.' }),
    created_at: timestamp,
    updated_at: timestamp,
    attempts: z.array(
      z.object({
        redelivery: z.int().min(0).meta({ description: 'The series: 0 for the first, raised by each redelivery.' }),
        attempt: z.int().min(1).meta({ description: '1-based within its series.' }),
        at: timestamp,
        status_code: z.int().nullable().meta({ description: 'The receiver’s answer; null when it did not answer.' }),
        latency_ms: z.int().min(0),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event sent to one endpoint, with its attempts; kept 7 days.' });

/** An endpoint as every answer shows it; the secret only in the answer that created it. */
export function webhookEndpointJson(endpoint: WebhookEndpointRecord): z.output<typeof webhookEndpointSchema> {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}

export function createdWebhookJson(endpoint: WebhookEndpointRecord): z.output<typeof createdWebhookSchema> {
  return { ...webhookEndpointJson(endpoint), secret: endpoint.secret };
}

export function webhookDeliveryJson(delivery: WebhookDeliveryRecord): z.output<typeof webhookDeliverySchema> {
  return {
    id: delivery.id,
    event_id: delivery.messageId,
    type: delivery.type,
    status: delivery.status,
    error: delivery.error,
    redelivery: delivery.redelivery,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
    attempts: delivery.attempts.map((attempt) => ({
      redelivery: attempt.redelivery,
      attempt: attempt.attempt,
      at: attempt.at,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      error: attempt.error,
    })),
  };
}
