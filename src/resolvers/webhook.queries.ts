import { parseInput } from '../domain/shared/validation';
import { deliveriesInput } from '../domain/webhooks/webhook.inputs';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

export function webhooks(ctx: GraphqlContext, args: { partner: string }) {
  return ctx.domain.webhooks.list(args.partner);
}

export function webhookDeliveries(ctx: GraphqlContext, args: { partner: string; id: string | number; limit?: number | null }) {
  return ctx.domain.webhooks.deliveries(args.partner, String(args.id), parseInput(deliveriesInput, underRestNames({ limit: args.limit })));
}
