import { z } from 'zod';
import { describedAs, formInteger, httpUrlShape, isHttpUrl, optionalText, single } from '../shared/form-values';
import { MAX_URL_LENGTH } from '../transcription/transcript.inputs';
import { WEBHOOK_EVENT_FILTERS, WEBHOOK_EVENT_TYPES, type NewWebhookEndpoint, type WebhookEventFilter } from './webhook.types';

// Inputs of the webhook operations, shared by REST (JSON or form) and GraphQL; keys are the REST parameter names.

const WEBHOOK_URL_DESCRIPTION = 'Where the events are POSTed: an http or https URL the service may reach (ALLOW_PRIVATE_URLS).';
const webhookUrl = describedAs(
  z.preprocess(
    single,
    z
      .string({ error: 'is required' })
      .trim()
      .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
      .refine(isHttpUrl, 'must be an http or https URL'),
  ),
  httpUrlShape(MAX_URL_LENGTH, WEBHOOK_URL_DESCRIPTION),
);

const KNOWN_EVENTS = new Set<string>(WEBHOOK_EVENT_FILTERS);

const eventName = { type: 'string', enum: WEBHOOK_EVENT_FILTERS };
const events = describedAs(
  z.preprocess(
    // A form sends one event as a plain field; JSON and GraphQL send a list.
    (value) => (typeof value === 'string' ? [value] : value),
    z
      .array(z.string({ error: 'must be a list of event types' }), { error: 'is required' })
      .min(1, 'must name at least one event type')
      .superRefine((names, context) => {
        const unknown = names.filter((name) => !KNOWN_EVENTS.has(name));
        if (unknown.length > 0) {
          context.addIssue({
            code: 'custom',
            message: `unknown event type ${unknown.map((name) => `'${name}'`).join(', ')}; known: ${WEBHOOK_EVENT_FILTERS.join(', ')}`,
          });
        }
      })
      .transform((names) => [...new Set(names)] as WebhookEventFilter[]),
  ),
  {
    description: `The event types to receive (${WEBHOOK_EVENT_TYPES.join(', ')}), or * for all of them; a form repeats the field.`,
    anyOf: [{ type: 'array', minItems: 1, items: eventName }, eventName],
  },
);

export const createWebhookInput = z
  .object({ url: webhookUrl, events, description: z.preprocess(single, optionalText(500)) })
  .transform((input): NewWebhookEndpoint => ({ url: input.url, events: input.events, description: input.description ?? null }));

export const MAX_DELIVERIES_LISTED = 1000;

export const deliveriesInput = z
  .object({
    limit: z.preprocess(single, formInteger(1, MAX_DELIVERIES_LISTED, `must be between 1 and ${MAX_DELIVERIES_LISTED}`)).default(100),
  })
  .transform(({ limit }) => limit);
