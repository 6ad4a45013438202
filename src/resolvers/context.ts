import type { Caller } from '../domain/shared/caller';
import { Unauthorized } from '../domain/errors';
import type { Domain } from '../domain/domain';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver sees: who calls, the domain, and this request's loaders; nothing under the domain. */
export interface GraphqlContext {
  caller: Caller | null;
  domain: Domain;
  loaders: Loaders;
  /** The request's id (over graphql-ws the connection's), which mutations pass on to the jobs they start. */
  requestId?: string;
}

export function createGraphqlContext(domain: Domain, caller: Caller | null, requestId?: string): GraphqlContext {
  return { caller, domain, loaders: createLoaders(domain), requestId };
}

export function requireCaller(context: GraphqlContext): Caller {
  if (!context.caller) throw new Unauthorized();
  return context.caller;
}
