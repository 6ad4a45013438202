import * as resolvers from '../resolvers/webhook.queries';
import { builder } from './builder';
import { WebhookDeliveryRef, WebhookEndpointRef } from './webhook';

builder.queryFields((t) => ({
  webhooks: t.field({
    type: [WebhookEndpointRef],
    description: "The partner's webhook endpoints, oldest first.",
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.webhooks(ctx, args),
  }),
  webhookDeliveries: t.field({
    type: [WebhookDeliveryRef],
    description: "An endpoint's deliveries of the last 7 days, newest first.",
    args: { partner: t.arg.string({ required: true }), id: t.arg.id({ required: true }), limit: t.arg.int({ description: '1-1000, default 100.' }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.webhookDeliveries(ctx, args),
  }),
}));
