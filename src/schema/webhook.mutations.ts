import * as resolvers from '../resolvers/webhook.mutations';
import { builder } from './builder';
import { CreatedWebhookRef, WebhookDeliveryRef, WebhookEventEnum } from './webhook';

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreatedWebhookRef,
    description: 'Registers an endpoint; the answer holds its signing secret, shown this once.',
    args: {
      partner: t.arg.string({ required: true }),
      url: t.arg.string({ required: true }),
      events: t.arg({ type: [WebhookEventEnum], required: true }),
      description: t.arg.string(),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createWebhook(ctx, args),
  }),
  deleteWebhook: t.boolean({
    args: { partner: t.arg.string({ required: true }), id: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteWebhook(ctx, args),
  }),
  redeliverWebhook: t.field({
    type: WebhookDeliveryRef,
    description: "Sends a delivery's event again (same webhook-id) in a new series of attempts.",
    args: { partner: t.arg.string({ required: true }), id: t.arg.id({ required: true }), deliveryId: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.redeliverWebhook(ctx, args),
  }),
}));
