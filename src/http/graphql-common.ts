import { GraphQLError } from 'graphql';
import { maskError as defaultMaskError } from 'graphql-yoga';
import type { Caller } from '../auth/api-keys';
import { DomainError, Invalid, RateLimited, Unauthorized } from '../domain/errors';
import type { Services } from '../services';

export const GRAPHQL_PATH = '/graphql';

/**
 * Turns domain errors into GraphQL errors with a code and HTTP status, in this one place for
 * both transports; anything else is masked. Duck-typed, so it holds whichever copy of
 * graphql made the error.
 */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const wrapped = error as Partial<GraphQLError> | null;
  const original = wrapped?.originalError ?? error;
  if (original instanceof DomainError) {
    const extensions: Record<string, unknown> = { code: original.code, http: { status: original.status } };
    if (original instanceof Invalid && Object.keys(original.errors).length > 0) extensions.errors = original.errors;
    if (original instanceof RateLimited) extensions.retryAfterSeconds = original.retryAfterSeconds;
    return new GraphQLError(original.message, { nodes: wrapped?.nodes, path: wrapped?.path, extensions });
  }
  return defaultMaskError(error, message, isDev);
}

/** Who calls: no key means anonymous (public fields only); a wrong key is refused outright. */
export async function identify(services: Services, key: unknown): Promise<Caller | null> {
  if (key === undefined || key === null || key === '') return null;
  const caller = await services.platform.apiKeys.verify(typeof key === 'string' ? key : undefined);
  if (!caller) throw new Unauthorized();
  const decision = await services.platform.rateLimiter.hit(caller.keyId);
  if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
  return caller;
}
