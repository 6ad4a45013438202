import { parseInput } from '../domain/shared/validation';
import { createWebhookInput } from '../domain/webhooks/webhook.inputs';
import type { WebhookEventFilter } from '../domain/webhooks/webhook.types';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

type Ctx = GraphqlContext;

export function createWebhook(ctx: Ctx, args: { partner: string; url: string; events: WebhookEventFilter[]; description?: string | null }) {
  const input = parseInput(createWebhookInput, underRestNames({ url: args.url, events: args.events, description: args.description }));
  return ctx.domain.webhooks.create(args.partner, input);
}

export async function deleteWebhook(ctx: Ctx, args: { partner: string; id: string | number }) {
  await ctx.domain.webhooks.delete(args.partner, String(args.id));
  return true;
}

export function redeliverWebhook(ctx: Ctx, args: { partner: string; id: string | number; deliveryId: string | number }) {
  return ctx.domain.webhooks.redeliver(args.partner, String(args.id), String(args.deliveryId), ctx.requestId);
}
