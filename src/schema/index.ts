import type { GraphQLSchema } from 'graphql';
import { builder } from './builder';
import './scalars';
import './content-types';
import './voice.queries';
import './voice.mutations';
import './voice.subscriptions';
import './knowledge-base.operations';
import './transcript';
import './completion';

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
