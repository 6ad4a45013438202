import type { Caller } from '../auth/api-keys';
import { Unauthorized } from '../domain/errors';
import type { DomainServices } from '../services';
import { createLoaders, type Loaders } from './loaders';

/** What every resolver sees: who calls, the domain services, and this request's loaders. */
export interface GraphqlContext {
  caller: Caller | null;
  services: DomainServices;
  loaders: Loaders;
  /** The request's id (over graphql-ws the connection's), which mutations pass on to the jobs they start. */
  requestId?: string;
}

export function createGraphqlContext(services: DomainServices, caller: Caller | null, requestId?: string): GraphqlContext {
  return { caller, services, loaders: createLoaders(services), requestId };
}

export function requireCaller(context: GraphqlContext): Caller {
  if (!context.caller) throw new Unauthorized();
  return context.caller;
}
