import type { Versioned } from '../../store/record-store';

export const WEBHOOK_EVENT_TYPES = [
  'voice.updated',
  'voice.deleted',
  'document.updated',
  'document.deleted',
  'knowledge_base.embedding.updated',
  'knowledge_base.deleted',
  'transcript.completed',
  'transcript.error',
  'completion.completed',
  'completion.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an endpoint subscribes to: event types, or `*` for all of them. */
export const WEBHOOK_EVENT_FILTERS = [...WEBHOOK_EVENT_TYPES, '*'] as const;
export type WebhookEventFilter = (typeof WEBHOOK_EVENT_FILTERS)[number];

export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookEndpointRecord extends Versioned {
  id: string;
  partner: string;
  url: string;
  events: WebhookEventFilter[];
  description: string | null;
  /** `whsec_` and the base64 of the signing key, as Standard Webhooks libraries take it. */
  secret: string;
  status: WebhookEndpointStatus;
  /** Why the service stopped delivering (the receiver answered 410 Gone). */
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewWebhookEndpoint {
  url: string;
  events: WebhookEventFilter[];
  description: string | null;
}

/** One try of one delivery: a status code when the receiver answered, an error when it did not or refused. */
export interface DeliveryAttempt {
  /** 0 for the first series, raised by each redelivery. */
  redelivery: number;
  /** 1-based within its series. */
  attempt: number;
  at: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** Where a delivery goes: a partner's endpoint (signed), or the webhook_url one transcript named. */
export type DeliveryTarget =
  | { kind: 'endpoint'; endpointId: string; partner: string }
  // The key that submitted the transcript ('' on deliveries made before it was kept).
  | { kind: 'transcript'; transcriptId: string; keyId: string };

export interface WebhookDeliveryRecord extends Versioned {
  id: string;
  /** Sent as `webhook-id`; the same for every attempt and redelivery, so receivers can drop repeats. */
  messageId: string;
  type: WebhookEventType;
  target: DeliveryTarget;
  /** The exact bytes every attempt sends (the signature covers them). */
  body: string;
  status: WebhookDeliveryStatus;
  /** Raised by each redelivery; a job of an older series stops. */
  redelivery: number;
  attempts: DeliveryAttempt[];
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export const WEBHOOK_ENDPOINT_KIND = 'webhook-endpoint';
export const WEBHOOK_DELIVERY_KIND = 'webhook-delivery';

/** Deliveries and their attempts are kept this long, then expire. */
export const DELIVERY_RETENTION_SECONDS = 7 * 24 * 3600;

export function subscribesTo(endpoint: Pick<WebhookEndpointRecord, 'events' | 'status'>, type: WebhookEventType): boolean {
  return endpoint.status === 'enabled' && (endpoint.events.includes('*') || endpoint.events.includes(type));
}
