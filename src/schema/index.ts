import type { GraphQLSchema } from 'graphql';
import { builder } from './builder';
import './scalars';
import './content-types.queries';
import './me.queries';
import './engine.queries';
import './voice.queries';
import './voice.mutations';
import './voice.subscriptions';
import './knowledge-base.queries';
import './knowledge-base.mutations';
import './folder.mutations';
import './document.queries';
import './document.mutations';
import './document-content.mutations';
import './document.subscriptions';
import './document-processing.mutations';
import './knowledge-base-embedding.mutations';
import './knowledge-base-embedding.subscriptions';
import './knowledge-base-retrieval.queries';
import './transcript.queries';
import './transcript.mutations';
import './transcript.subscriptions';
import './completion.queries';
import './completion.mutations';
import './completion.subscriptions';
import './webhook.queries';
import './webhook.mutations';

/**
 * Refuses to build a schema with a root field that names no auth scope, so a new query,
 * mutation or subscription is closed until it says who may call it, never open by default.
 */
export function assertRootFieldsAuthorize(built: GraphQLSchema): void {
  const open: string[] = [];
  for (const root of [built.getQueryType(), built.getMutationType(), built.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const options = field.extensions?.pothosOptions as { authScopes?: unknown } | undefined;
      if (!options?.authScopes) open.push(`${root!.name}.${field.name}`);
    }
  }
  if (open.length > 0) throw new Error(`GraphQL root fields without authScopes: ${open.join(', ')}`);
}

export const schema = builder.toSchema({ sortSchema: true });
assertRootFieldsAuthorize(schema);
